import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { signEsimAccessRequest, signEsimAccessWebhook } from '../../adapters/esim/esim-access';
import { luhnCheckDigit } from '../../adapters/esim/sandbox';

/**
 * A local stand-in for the eSIM Access open API, for tests only. It speaks their wire format (POST
 * `/api/v1/open/<endpoint>`, RT-* headers, `{ success, errorCode, errorMsg, obj }`), recomputes every request
 * signature, and keeps orders and eSIMs in memory with the behaviours the adapter depends on: asynchronous
 * allocation, idempotency by transactionId, cancel only before install. Errors come back as HTTP 200 with
 * `success: false`, as their envelope does; error codes are the ones their reference lists.
 */

/** A package exactly as `package/list` returns it (only the fields the adapter reads, plus a few for realism). */
export type FakePackage = {
  packageCode: string;
  slug?: string;
  name: string;
  price: number;
  currencyCode?: string;
  volume: number;
  duration: number;
  durationUnit: string;
  location: string;
  dataType?: number;
  activeType?: number;
  supportTopUpType?: number;
  speed?: string;
  locationNetworkList?: {
    locationName?: string;
    locationCode?: string;
    operatorList?: { operatorName: string; networkType: string }[];
  }[];
};

export type FakeEsim = {
  esimTranNo: string;
  orderNo: string;
  transactionId: string;
  iccid: string;
  imsi: string;
  ac: string;
  packageCode: string;
  smdpStatus: 'RELEASED' | 'DOWNLOAD' | 'INSTALLATION' | 'ENABLED' | 'DISABLED' | 'DELETED';
  esimStatus: 'GOT_RESOURCE' | 'IN_USE' | 'USED_UP' | 'CANCEL' | 'REVOKED';
  totalVolume: number;
  orderUsage: number;
  totalDuration: number;
  usageUpdatedAt: Date;
};

export type FakeOrder = {
  orderNo: string;
  transactionId: string;
  packageCode: string;
  createdAt: number;
  queries: number;
  esimTranNo: string | null;
};

export type RecordedRequest = {
  endpoint: string;
  headers: Record<string, string | undefined>;
  rawBody: string;
  body: unknown;
};

export type FakeEsimAccessOptions = {
  accessCode?: string;
  secretKey?: string;
  /** Signs outgoing webhooks with `X-Webhook-Signature` (our own convention; eSIM Access does not sign). */
  webhookSecret?: string;
  /** esim/query answers "nothing yet" this many times per order before the profile is allocated. Default 1. */
  readyAfterQueries?: number;
  /** When set, allocation completes after this delay instead of after a number of queries. */
  readyAfterMs?: number;
  smdpAddress?: string;
  packages?: FakePackage[];
};

const gb = 1024 * 1024 * 1024;

/** A small catalogue in their format: a local package, a regional one, a top-up package. */
export const defaultFakePackages = (): FakePackage[] => [
  {
    packageCode: 'CKH002',
    slug: 'DE_3_30',
    name: 'Germany 3GB 30Days',
    price: 18000,
    currencyCode: 'USD',
    volume: 3 * gb,
    duration: 30,
    durationUnit: 'DAY',
    location: 'DE',
    dataType: 1,
    activeType: 1,
    supportTopUpType: 2,
    speed: '3G/4G/5G',
    locationNetworkList: [
      {
        locationName: 'Germany',
        locationCode: 'DE',
        operatorList: [
          { operatorName: 'Telekom', networkType: '5G' },
          { operatorName: 'O2', networkType: '4G' },
        ],
      },
    ],
  },
  {
    packageCode: 'CKH101',
    slug: 'EU-2_5_30',
    name: 'Europe (2 countries) 5GB 30Days',
    price: 45000,
    currencyCode: 'USD',
    volume: 5 * gb,
    duration: 30,
    durationUnit: 'DAY',
    location: 'DE,FR',
    dataType: 1,
    activeType: 2,
    supportTopUpType: 1,
    speed: '4G',
    locationNetworkList: [
      {
        locationName: 'Germany',
        locationCode: 'DE',
        operatorList: [{ operatorName: 'Vodafone', networkType: '4G' }],
      },
      {
        locationName: 'France',
        locationCode: 'FR',
        operatorList: [{ operatorName: 'Orange', networkType: '4G/5G' }],
      },
    ],
  },
  {
    packageCode: 'TOPUP_CKH002',
    slug: 'DE_1_7_TOPUP',
    name: 'Germany 1GB 7Days top-up',
    price: 7000,
    currencyCode: 'USD',
    volume: 1 * gb,
    duration: 7,
    durationUnit: 'DAY',
    location: 'DE',
    dataType: 1,
    activeType: 1,
    supportTopUpType: 2,
  },
];

const orderBodySchema = z.object({
  transactionId: z.string().min(1),
  packageInfoList: z
    .array(
      z.object({
        packageCode: z.string().min(1),
        count: z.number().int().positive(),
        price: z.number().optional(),
      }),
    )
    .min(1),
});
const queryBodySchema = z.object({ orderNo: z.string().optional(), iccid: z.string().optional() });
const topUpBodySchema = z.object({
  esimTranNo: z.string().optional(),
  iccid: z.string().optional(),
  packageCode: z.string().min(1),
  transactionId: z.string().min(1),
  amount: z.number().optional(),
});
const usageBodySchema = z.object({ esimTranNoList: z.array(z.string()).min(1) });
const esimRefBodySchema = z.object({ esimTranNo: z.string().min(1) });

type Envelope = { success: boolean; errorCode: string | null; errorMsg: string | null; obj: unknown };

const ok = (obj: unknown): Envelope => ({ success: true, errorCode: '0', errorMsg: null, obj });
const fail = (errorCode: string, errorMsg: string): Envelope => ({
  success: false,
  errorCode,
  errorMsg,
  obj: null,
});

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/** Their time format: `2026-04-10T21:13:01+0000`. */
const providerTime = (date: Date) => `${date.toISOString().slice(0, 19)}+0000`;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const startFakeEsimAccess = async (options: FakeEsimAccessOptions = {}) => {
  const accessCode = options.accessCode ?? `fake-access-${randomBytes(4).toString('hex')}`;
  const secretKey = options.secretKey ?? `fake-secret-${randomBytes(8).toString('hex')}`;
  const smdpAddress = options.smdpAddress ?? 'rsp.fake-esimaccess.test';
  const readyAfterQueries = options.readyAfterQueries ?? 1;
  let serial = 0;

  const state = {
    packages: options.packages ?? defaultFakePackages(),
    orders: new Map<string, FakeOrder>(),
    esims: new Map<string, FakeEsim>(),
    /** Top-ups applied, by transactionId. */
    topUps: new Map<string, { esimTranNo: string; packageCode: string }>(),
    /** How many profiles were allocated in total: the idempotency tests assert on it. */
    allocations: 0,
    setUsage: (esimTranNo: string, usedBytes: number, totalBytes?: number) => {
      const esim = state.esims.get(esimTranNo);
      if (!esim) throw new Error(`fake eSIM Access: no eSIM ${esimTranNo}`);
      esim.orderUsage = usedBytes;
      if (totalBytes !== undefined) esim.totalVolume = totalBytes;
      if (usedBytes > 0) esim.esimStatus = 'IN_USE';
      esim.usageUpdatedAt = new Date();
    },
    /** Simulates the traveller installing the profile: from then on it can no longer be cancelled. */
    install: (esimTranNo: string) => {
      const esim = state.esims.get(esimTranNo);
      if (!esim) throw new Error(`fake eSIM Access: no eSIM ${esimTranNo}`);
      esim.smdpStatus = 'ENABLED';
    },
    esimOfOrder: (orderNo: string) => {
      const ref = state.orders.get(orderNo)?.esimTranNo;
      return ref ? state.esims.get(ref) : undefined;
    },
  };
  const requests: RecordedRequest[] = [];
  const faults: ({ kind: 'status'; status: number } | { kind: 'hang' })[] = [];

  const packageByCode = (code: string) => state.packages.find((p) => p.packageCode === code);

  const allocate = (order: FakeOrder) => {
    const pkg = packageByCode(order.packageCode);
    serial += 1;
    const iccidBody = `8985224${String(serial).padStart(12, '0')}`;
    const esim: FakeEsim = {
      esimTranNo: `${Date.now().toString().slice(-6)}${String(serial).padStart(8, '0')}`,
      orderNo: order.orderNo,
      transactionId: order.transactionId,
      iccid: `${iccidBody}${luhnCheckDigit(iccidBody)}`,
      imsi: `454${digits(12)}`,
      ac: `LPA:1$${smdpAddress}$${randomBytes(16).toString('hex').toUpperCase()}`,
      packageCode: order.packageCode,
      smdpStatus: 'RELEASED',
      esimStatus: 'GOT_RESOURCE',
      totalVolume: pkg?.volume ?? 0,
      orderUsage: 0,
      totalDuration: pkg?.duration ?? 0,
      usageUpdatedAt: new Date(),
    };
    state.esims.set(esim.esimTranNo, esim);
    order.esimTranNo = esim.esimTranNo;
    state.allocations += 1;
  };

  const esimView = (esim: FakeEsim) => ({
    esimTranNo: esim.esimTranNo,
    orderNo: esim.orderNo,
    transactionId: esim.transactionId,
    imsi: esim.imsi,
    iccid: esim.iccid,
    ac: esim.ac,
    qrCodeUrl: `https://fake-esimaccess.test/qr/${esim.esimTranNo}.png`,
    smdpStatus: esim.smdpStatus,
    esimStatus: esim.esimStatus,
    activeType: packageByCode(esim.packageCode)?.activeType ?? 1,
    totalVolume: esim.totalVolume,
    totalDuration: esim.totalDuration,
    durationUnit: 'DAY',
    orderUsage: esim.orderUsage,
    packageList: [{ packageCode: esim.packageCode, volume: esim.totalVolume, duration: esim.totalDuration }],
  });

  const authenticate = (headers: RecordedRequest['headers'], rawBody: string): Envelope | null => {
    const { 'rt-accesscode': code, 'rt-requestid': requestId, 'rt-timestamp': timestamp } = headers;
    const signature = headers['rt-signature'];
    if (!code || !requestId || !timestamp || !signature)
      return fail('401001', 'Authentication failed: missing RT-* header');
    if (!sameText(code, accessCode)) return fail('401001', 'Authentication failed: unknown access code');
    const expected = signEsimAccessRequest(secretKey, {
      timestamp,
      requestId,
      accessCode: code,
      body: rawBody,
    });
    // Hex case does not carry meaning, so compare case-insensitively like a lenient real server would.
    if (!sameText(signature.toLowerCase(), expected))
      return fail('401001', 'Authentication failed: signature mismatch');
    return null;
  };

  const handlers: Record<string, (body: unknown) => Envelope> = {
    'package/list': () => ok({ packageList: state.packages }),

    'esim/order': (body) => {
      const parsed = orderBodySchema.safeParse(body);
      if (!parsed.success) return fail('000105', 'transactionId and packageInfoList are required');
      const { transactionId, packageInfoList } = parsed.data;
      // Idempotent by transactionId: the same order number, and never a second allocation.
      const existing = [...state.orders.values()].find((o) => o.transactionId === transactionId);
      if (existing) return ok({ orderNo: existing.orderNo, transactionId });
      const [item] = packageInfoList;
      const pkg = item ? packageByCode(item.packageCode) : undefined;
      if (!item || !pkg) return fail('400001', 'Invalid parameters: unknown packageCode');
      if (item.price !== undefined && item.price !== pkg.price)
        return fail('400001', 'Invalid parameters: price does not match the package price');
      serial += 1;
      const order: FakeOrder = {
        orderNo: `B${Date.now().toString().slice(-8)}${String(serial).padStart(6, '0')}`,
        transactionId,
        packageCode: pkg.packageCode,
        createdAt: Date.now(),
        queries: 0,
        esimTranNo: null,
      };
      state.orders.set(order.orderNo, order);
      return ok({ orderNo: order.orderNo, transactionId });
    },

    'esim/query': (body) => {
      const parsed = queryBodySchema.safeParse(body);
      if (!parsed.success) return fail('000105', 'orderNo or iccid is required');
      const { orderNo, iccid } = parsed.data;
      if (iccid) {
        const esims = [...state.esims.values()].filter((e) => e.iccid === iccid);
        return ok({
          esimList: esims.map(esimView),
          pager: { pageNum: 1, pageSize: 20, total: esims.length },
        });
      }
      const order = orderNo ? state.orders.get(orderNo) : undefined;
      if (!order) return fail('400001', 'Invalid parameters: unknown orderNo');
      order.queries += 1;
      const due =
        options.readyAfterMs !== undefined
          ? Date.now() - order.createdAt >= options.readyAfterMs
          : order.queries > readyAfterQueries;
      if (!order.esimTranNo && due) allocate(order);
      const esim = state.esimOfOrder(order.orderNo);
      const list = esim ? [esimView(esim)] : [];
      return ok({ esimList: list, pager: { pageNum: 1, pageSize: 20, total: list.length } });
    },

    'esim/topup': (body) => {
      const parsed = topUpBodySchema.safeParse(body);
      if (!parsed.success) return fail('000105', 'packageCode and transactionId are required');
      const { esimTranNo, iccid, packageCode, transactionId } = parsed.data;
      const esim = esimTranNo
        ? state.esims.get(esimTranNo)
        : [...state.esims.values()].find((e) => e.iccid === iccid);
      if (!esim) return fail('400001', 'Invalid parameters: unknown eSIM');
      const view = () => ({
        transactionId,
        iccid: esim.iccid,
        totalVolume: esim.totalVolume,
        totalDuration: esim.totalDuration,
        orderUsage: esim.orderUsage,
      });
      // Idempotent by transactionId: a replay answers like the first call and adds nothing.
      if (state.topUps.has(transactionId)) return ok(view());
      if (esim.esimStatus === 'CANCEL' || esim.esimStatus === 'REVOKED')
        return fail('200002', 'The eSIM status does not support this operation');
      const pkg = packageByCode(packageCode);
      if (!pkg) return fail('400001', 'Invalid parameters: unknown packageCode');
      esim.totalVolume += pkg.volume;
      esim.totalDuration += pkg.duration;
      state.topUps.set(transactionId, { esimTranNo: esim.esimTranNo, packageCode });
      return ok(view());
    },

    'esim/usage/query': (body) => {
      const parsed = usageBodySchema.safeParse(body);
      if (!parsed.success) return fail('000105', 'esimTranNoList is required');
      const esimUsageList = parsed.data.esimTranNoList.flatMap((ref) => {
        const esim = state.esims.get(ref);
        return esim
          ? [
              {
                esimTranNo: esim.esimTranNo,
                dataUsage: esim.orderUsage,
                totalData: esim.totalVolume,
                lastUpdateTime: providerTime(esim.usageUpdatedAt),
              },
            ]
          : [];
      });
      return ok({ esimUsageList });
    },

    'esim/cancel': (body) => {
      const parsed = esimRefBodySchema.safeParse(body);
      if (!parsed.success) return fail('000105', 'esimTranNo is required');
      const esim = state.esims.get(parsed.data.esimTranNo);
      if (!esim) return fail('400001', 'Invalid parameters: unknown esimTranNo');
      // Only an unused profile that was never installed can be cancelled (and refunded).
      if (esim.smdpStatus !== 'RELEASED' || esim.esimStatus !== 'GOT_RESOURCE')
        return fail('200002', 'The eSIM status does not support this operation');
      esim.esimStatus = 'CANCEL';
      return ok(null);
    },

    'esim/revoke': (body) => {
      const parsed = esimRefBodySchema.safeParse(body);
      if (!parsed.success) return fail('000105', 'esimTranNo is required');
      const esim = state.esims.get(parsed.data.esimTranNo);
      if (!esim) return fail('400001', 'Invalid parameters: unknown esimTranNo');
      if (esim.esimStatus === 'CANCEL' || esim.esimStatus === 'REVOKED')
        return fail('200002', 'The eSIM status does not support this operation');
      esim.esimStatus = 'REVOKED';
      esim.smdpStatus = 'DELETED';
      return ok(null);
    },
  };

  const send = (res: ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(payload));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const rawBody = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake.local');
      const endpoint = url.pathname.startsWith('/api/v1/open/')
        ? url.pathname.slice('/api/v1/open/'.length)
        : url.pathname;
      const headers: RecordedRequest['headers'] = {};
      for (const [key, value] of Object.entries(req.headers))
        headers[key] = Array.isArray(value) ? value.join(', ') : value;
      let body: unknown = null;
      try {
        body = rawBody ? JSON.parse(rawBody) : {};
      } catch {
        body = null;
      }
      requests.push({ endpoint, headers, rawBody, body });

      const fault = faults.shift();
      if (fault?.kind === 'hang') return; // Never answers; close() drops the socket.
      if (fault?.kind === 'status') {
        res.writeHead(fault.status, { 'Content-Type': 'text/plain' });
        res.end(`fake eSIM Access: injected HTTP ${fault.status}`);
        return;
      }

      const handler = handlers[endpoint];
      if (req.method !== 'POST' || !handler) return send(res, 404, fail('404', 'Not found'));
      const denied = authenticate(headers, rawBody);
      if (denied) return send(res, 200, denied);
      if (body === null) return send(res, 200, fail('000105', 'Request body is not JSON'));
      send(res, 200, handler(body));
    })().catch((error: unknown) => {
      send(res, 500, fail('000001', error instanceof Error ? error.message : 'fake failure'));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accessCode,
    secretKey,
    state,
    requests,
    /** The next request gets this HTTP status with a non-JSON body, like a failing gateway. */
    failNext: (status = 500) => {
      faults.push({ kind: 'status', status });
    },
    /** The next request is read and then never answered. */
    hangNext: () => {
      faults.push({ kind: 'hang' });
    },
    /** POSTs `{ notifyType, content }` to `url`, signed with `webhookSecret` when one was given. */
    sendWebhook: async (url: string, notifyType: string, content: Record<string, unknown>) => {
      const rawBody = JSON.stringify({ notifyType, content });
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (options.webhookSecret !== undefined)
        headers['X-Webhook-Signature'] = signEsimAccessWebhook(options.webhookSecret, rawBody);
      const response = await fetch(url, { method: 'POST', headers, body: rawBody });
      await response.arrayBuffer();
      return { status: response.status, rawBody };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
export type FakeEsimAccess = Awaited<ReturnType<typeof startFakeEsimAccess>>;
