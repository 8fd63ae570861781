import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Operator } from '@esim/contracts';
import { z } from 'zod';
import {
  type EsimOrderResult,
  type EsimProfile,
  type EsimProvider,
  EsimProviderError,
  type EsimUsage,
  type EsimWebhookEvent,
  type WholesalePackage,
} from './port';

/**
 * eSIM Access (api.esimaccess.com) open API, version 1. What this file relies on, and where it comes from:
 *
 * - Every call is `POST ${baseUrl}/api/v1/open/<endpoint>` with a JSON body and the headers RT-AccessCode,
 *   RT-RequestID (uuid), RT-Timestamp (ms) and RT-Signature; answers are the envelope
 *   `{ success, errorCode, errorMsg, obj }` (docs.esimaccess.com, and every integration we read).
 * - Signature: lower-case hex HMAC-SHA256 of `timestamp + requestId + accessCode + requestBody` (plain
 *   concatenation, no separators, the exact body bytes sent) keyed with the secret key. Their docs name the key
 *   "SecretKey"; one vendor-written reference keys it with the access code instead. Both are strings we are
 *   given, so if the console shows no separate secret, configure ESIM_ACCESS_SECRET with the access code.
 * - Prices are integers in 1/10,000 USD, volumes are bytes, `location` is a comma-separated list of ISO codes.
 * - Webhooks are `{ notifyType, content }` (esimaccess.com help centre). Their docs define no signature on
 *   webhooks (they publish sender IPs to allow-list instead), so `webhookSecret` verifies our own
 *   `X-Webhook-Signature: hex(hmac_sha256(secret, rawBody))`, used by the fake and by any signing proxy.
 */

export type EsimAccessOptions = {
  /** Without the `/api/v1/open` suffix, e.g. `https://api.esimaccess.com`. */
  baseUrl: string;
  accessCode: string;
  secretKey: string;
  /** Per request, including reading the answer. Default 10 s. */
  timeoutMs?: number;
  /** Maps a multi-country package onto one of our region codes; null when none fits. */
  regionFor?: (locationCodes: string[]) => string | null;
  /**
   * Euro per US dollar for wholesale prices (their prices are USD). Default 0.92. A rate, not money: the result
   * is rounded to whole euro cents once, and refreshing the catalogue is the place to pick up a new rate.
   */
  usdToEurRate?: number;
  fetch?: typeof fetch;
  /** When set, webhooks must carry `X-Webhook-Signature` (see above); leave unset for the real service. */
  webhookSecret?: string;
};

const apiPrefix = '/api/v1/open/';
const bytesPerMb = 1024 * 1024;
/** Packages covering at least this many countries are sold as global unless `regionFor` claims them. */
const globalCountryThreshold = 50;

/**
 * Error codes from their reference, by what retrying can change. Anything else (server-side or unknown) is
 * retryable: ordering and top-up carry our transactionId, so a retry never buys twice.
 */
const permanentErrorCodes = new Set([
  '000105', // request validation
  '200002', // the eSIM's state does not allow this action (e.g. cancel after install)
  '200007', // balance insufficient: needs a human to fund the account
  '310402', // duplicate transactionId
  '400001', // invalid parameters
  '401001', // authentication failed (bad access code or signature)
]);

const codeSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));

const envelopeSchema = z.object({
  success: z.boolean(),
  errorCode: codeSchema,
  errorMsg: z.string().nullish(),
  obj: z.unknown(),
});

/** Byte counts and similar arrive as JSON numbers, but webhook tools sometimes send numeric strings. */
const countSchema = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

const packageSchema = z.object({
  packageCode: z.string().min(1),
  name: z.string(),
  price: z.number().int().nonnegative(),
  volume: z.number().nonnegative(),
  duration: z.number().int().positive(),
  durationUnit: z.string().default('DAY'),
  location: z.string(),
  /** 1 = total volume; 2-4 are daily plans whose price and volume are per day. */
  dataType: z.number().int().nullish(),
  /** 1 = validity starts at first installation, 2 = at first network connection. */
  activeType: z.number().int().nullish(),
  /** 2 = top-ups supported. */
  supportTopUpType: z.number().int().nullish(),
  locationNetworkList: z
    .array(
      z.object({
        locationName: z.string().nullish(),
        locationCode: z.string().nullish(),
        operatorList: z
          .array(z.object({ operatorName: z.string(), networkType: z.string().nullish() }))
          .nullish(),
      }),
    )
    .nullish(),
});
type EsimAccessPackage = z.infer<typeof packageSchema>;

const packageListSchema = z.object({ packageList: z.array(packageSchema) });

const orderSchema = z.object({ orderNo: z.string().min(1) });

const esimSchema = z.object({
  esimTranNo: z.string().min(1),
  iccid: z.string().nullish(),
  ac: z.string().nullish(),
  smdpStatus: z.string().nullish(),
  esimStatus: z.string().nullish(),
});
type EsimAccessEsim = z.infer<typeof esimSchema>;

const esimQuerySchema = z.object({ esimList: z.array(esimSchema).nullish() });

const usageSchema = z.object({
  esimUsageList: z
    .array(
      z.object({
        esimTranNo: z.string(),
        dataUsage: countSchema.nullish(),
        totalData: countSchema.nullish(),
        lastUpdateTime: z.string().nullish(),
      }),
    )
    .nullish(),
});

const webhookSchema = z.object({ notifyType: z.string().min(1), content: z.unknown() });

const orderStatusContentSchema = z.object({
  orderNo: z.string().min(1),
  transactionId: z.string().nullish(),
  orderStatus: z.string().nullish(),
});

const dataUsageContentSchema = z.object({
  esimTranNo: z.string().min(1).nullish(),
  iccid: z.string().min(1).nullish(),
  totalVolume: countSchema.nullish(),
  orderUsage: countSchema,
});

/** Lower-case hex HMAC-SHA256 of `timestamp + requestId + accessCode + body`, keyed with the secret key. */
export const signEsimAccessRequest = (
  secretKey: string,
  parts: { timestamp: string; requestId: string; accessCode: string; body: string },
) =>
  createHmac('sha256', secretKey)
    .update(parts.timestamp + parts.requestId + parts.accessCode + parts.body)
    .digest('hex');

/** Our own webhook signature (their docs define none): hex HMAC-SHA256 of the raw body. */
export const signEsimAccessWebhook = (secret: string, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

const toMb = (bytes: number) => Math.round(bytes / bytesPerMb);

const durationInDays = (duration: number, unit: string): number | null => {
  switch (unit.toUpperCase()) {
    case 'DAY':
      return duration;
    case 'MONTH':
      return duration * 30;
    case 'YEAR':
      return duration * 365;
    default:
      return null;
  }
};

const englishRegionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const countryName = (code: string) => {
  try {
    return englishRegionNames.of(code)?.toLowerCase() ?? null;
  } catch {
    return null;
  }
};

const operatorsFor = (code: string, pkg: EsimAccessPackage, single: boolean): Operator[] => {
  const networks = pkg.locationNetworkList ?? [];
  const name = countryName(code);
  // Newer answers carry locationCode; older ones only the English name, and a one-country package needs neither.
  const entries = networks.filter(
    (n) =>
      n.locationCode?.toUpperCase() === code ||
      (!n.locationCode && (single || (name !== null && n.locationName?.toLowerCase() === name))),
  );
  const byName = new Map<string, Operator>();
  for (const entry of entries) {
    for (const op of entry.operatorList ?? []) {
      const network = /5G/i.test(op.networkType ?? '') ? '5G' : '4G';
      const known = byName.get(op.operatorName);
      if (!known || (known.network === '4G' && network === '5G'))
        byName.set(op.operatorName, { name: op.operatorName, network });
    }
  }
  return [...byName.values()];
};

const parseActivationCode = (ac: string) => {
  // SGP.22: LPA:1$<SM-DP+ address>$<matching id>[$...]; eSIM Access codes carry no confirmation code.
  const match = /^LPA:1\$([^$\s]+)\$([^$\s]+)(?:\$.*)?$/.exec(ac.trim());
  if (!match?.[1] || !match[2]) return null;
  return { smdpAddress: match[1], matchingId: match[2] };
};

const profileStatus = (esim: EsimAccessEsim): EsimProfile['status'] => {
  const esimStatus = (esim.esimStatus ?? '').toUpperCase();
  if (esimStatus.includes('CANCEL')) return 'cancelled';
  if (esimStatus.includes('REVOK')) return 'revoked';
  if (esimStatus.includes('SUSPEND')) return 'disabled';
  switch ((esim.smdpStatus ?? '').toUpperCase()) {
    case 'DOWNLOAD':
    case 'INSTALLATION':
      return 'installed';
    case 'ENABLED':
      return 'enabled';
    case 'DISABLED':
    case 'DELETED':
      return 'disabled';
    default:
      return 'ready';
  }
};

/** Their time stamps look like `2023-11-09T03:43:24+0000`; Date wants the offset with a colon. */
const parseTime = (value: string | null | undefined) => {
  if (!value) return new Date();
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? new Date() : date;
};

const headerValue = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

/** An ICCID (ITU-T E.118: 89 + up to 18 digits) rather than their esimTranNo. */
const looksLikeIccid = (ref: string) => /^89\d{17,18}$/.test(ref);

export const createEsimAccessProvider = (options: EsimAccessOptions): EsimProvider => {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const usdToEurRate = options.usdToEurRate ?? 0.92;
  const doFetch = options.fetch ?? fetch;
  // Their list price per package, so an order can pass the exact price they check it against (converting our
  // euro cents back to 1/10,000 USD would not round-trip). Unknown after a restart: then we send no price,
  // which their API accepts since v1.2.
  const listPrices = new Map<string, number>();

  const call = async <T>(endpoint: string, payload: object, schema: z.ZodType<T>): Promise<T> => {
    const body = JSON.stringify(payload);
    const timestamp = String(Date.now());
    const requestId = randomUUID();
    const signature = signEsimAccessRequest(options.secretKey, {
      timestamp,
      requestId,
      accessCode: options.accessCode,
      body,
    });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${baseUrl}${apiPrefix}${endpoint}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'RT-AccessCode': options.accessCode,
          'RT-RequestID': requestId,
          'RT-Timestamp': timestamp,
          'RT-Signature': signature,
        },
        body,
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted)
        throw new EsimProviderError(
          `eSIM Access ${endpoint}: no answer within ${timeoutMs} ms`,
          true,
          'TIMEOUT',
        );
      const reason = error instanceof Error ? error.message : String(error);
      throw new EsimProviderError(`eSIM Access ${endpoint}: network error (${reason})`, true, 'NETWORK');
    } finally {
      clearTimeout(timer);
    }

    const serverSide = status >= 500 || status === 429;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // A gateway's HTML error page: worth retrying unless the HTTP status itself says the request was wrong.
      throw new EsimProviderError(
        `eSIM Access ${endpoint}: HTTP ${status} without a JSON answer`,
        serverSide || status < 400,
        `HTTP_${status}`,
      );
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success)
      throw new EsimProviderError(
        `eSIM Access ${endpoint}: HTTP ${status} with an unexpected answer`,
        serverSide,
        `HTTP_${status}`,
      );
    const { success, errorCode, errorMsg, obj } = envelope.data;
    if (!success || status >= 400) {
      const code = errorCode ?? `HTTP_${status}`;
      const retryable = serverSide || (status < 400 && !permanentErrorCodes.has(code));
      throw new EsimProviderError(
        `eSIM Access ${endpoint}: ${errorMsg ?? `HTTP ${status}`} (${code})`,
        retryable,
        code,
      );
    }
    const parsed = schema.safeParse(obj);
    // A success we cannot read is a contract change: retrying will not fix it, a person has to look.
    if (!parsed.success)
      throw new EsimProviderError(`eSIM Access ${endpoint}: unexpected answer shape`, false, 'BAD_RESPONSE');
    return parsed.data;
  };

  const toWholesale = (pkg: EsimAccessPackage): WholesalePackage | null => {
    // Daily plans are priced per day and need a period on the order, which our port does not carry.
    if (pkg.dataType !== null && pkg.dataType !== undefined && pkg.dataType !== 1) return null;
    const validityDays = durationInDays(pkg.duration, pkg.durationUnit);
    if (validityDays === null) return null;
    const codes = [
      ...new Set(
        pkg.location
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter((c) => /^[A-Z]{2}$/.test(c)),
      ),
    ];
    if (codes.length === 0) return null;
    const single = codes.length === 1;
    const regionCode = single ? null : (options.regionFor?.(codes) ?? null);
    const scope = single
      ? 'local'
      : regionCode !== null
        ? 'regional'
        : codes.length >= globalCountryThreshold
          ? 'global'
          : 'regional';
    return {
      code: pkg.packageCode,
      name: pkg.name,
      scope,
      regionCode,
      coverage: codes.map((country) => ({ country, operators: operatorsFor(country, pkg, single) })),
      dataMb: toMb(pkg.volume),
      validityDays,
      // 1/10,000 USD -> USD cents (/100) -> euro cents, rounded once.
      wholesaleCents: Math.round((pkg.price * usdToEurRate) / 100),
      topUpAllowed: pkg.supportTopUpType === 2,
      activation: pkg.activeType === 2 ? 'on_first_use' : 'on_install',
    };
  };

  const toProfile = (esim: EsimAccessEsim): EsimProfile | null => {
    if (!esim.ac || !esim.iccid) return null;
    const parsed = parseActivationCode(esim.ac);
    if (!parsed)
      throw new EsimProviderError(
        `eSIM Access esim/query: activation code of ${esim.esimTranNo} is not LPA:1$<smdp>$<matchingId>`,
        false,
        'BAD_ACTIVATION_CODE',
      );
    return {
      iccid: esim.iccid,
      smdpAddress: parsed.smdpAddress,
      matchingId: parsed.matchingId,
      activationCode: `LPA:1$${parsed.smdpAddress}$${parsed.matchingId}`,
      providerRef: esim.esimTranNo,
      status: profileStatus(esim),
    };
  };

  return {
    name: 'esim-access',

    listPackages: async () => {
      const { packageList } = await call(
        'package/list',
        { locationCode: '', type: 'BASE', slug: '', packageCode: '', iccid: '' },
        packageListSchema,
      );
      const result: WholesalePackage[] = [];
      for (const pkg of packageList) {
        listPrices.set(pkg.packageCode, pkg.price);
        const mapped = toWholesale(pkg);
        if (mapped) result.push(mapped);
      }
      return result;
    },

    orderProfile: async ({ transactionId, packageCode }): Promise<EsimOrderResult> => {
      const price = listPrices.get(packageCode);
      const { orderNo } = await call(
        'esim/order',
        {
          transactionId,
          packageInfoList: [{ packageCode, count: 1, ...(price === undefined ? {} : { price }) }],
        },
        orderSchema,
      );
      // Allocation is asynchronous on their side: the profile appears in esim/query (or an ORDER_STATUS webhook).
      return { status: 'allocating', providerOrderRef: orderNo };
    },

    queryOrder: async (providerOrderRef) => {
      const { esimList } = await call(
        'esim/query',
        { orderNo: providerOrderRef, iccid: '', pager: { pageNum: 1, pageSize: 20 } },
        esimQuerySchema,
      );
      for (const esim of esimList ?? []) {
        const profile = toProfile(esim);
        if (profile) return { status: 'ready', profile };
      }
      return { status: 'allocating' };
    },

    topUp: async ({ transactionId, providerRef, packageCode }) => {
      const amount = listPrices.get(packageCode);
      await call(
        'esim/topup',
        {
          ...(looksLikeIccid(providerRef) ? { iccid: providerRef } : { esimTranNo: providerRef }),
          packageCode,
          transactionId,
          ...(amount === undefined ? {} : { amount }),
        },
        z.unknown(),
      );
    },

    getUsage: async (providerRefs): Promise<EsimUsage[]> => {
      if (providerRefs.length === 0) return [];
      const { esimUsageList } = await call('esim/usage/query', { esimTranNoList: providerRefs }, usageSchema);
      return (esimUsageList ?? []).map((u) => ({
        providerRef: u.esimTranNo,
        usedMb: toMb(u.dataUsage ?? 0),
        totalMb: u.totalData === null || u.totalData === undefined ? null : toMb(u.totalData),
        updatedAt: parseTime(u.lastUpdateTime),
      }));
    },

    cancel: async (providerRef) => {
      await call('esim/cancel', { esimTranNo: providerRef }, z.unknown());
    },

    revoke: async (providerRef) => {
      await call('esim/revoke', { esimTranNo: providerRef }, z.unknown());
    },

    parseWebhook: (headers, rawBody): EsimWebhookEvent => {
      if (options.webhookSecret !== undefined) {
        const given = headerValue(headers, 'x-webhook-signature') ?? '';
        const expected = Buffer.from(signEsimAccessWebhook(options.webhookSecret, rawBody), 'hex');
        const actual = /^[0-9a-f]+$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
        if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
          throw new EsimProviderError('eSIM Access webhook: bad signature', false, 'BAD_SIGNATURE');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new EsimProviderError('eSIM Access webhook: body is not JSON', false, 'BAD_PAYLOAD');
      }
      const envelope = webhookSchema.safeParse(json);
      if (!envelope.success)
        throw new EsimProviderError('eSIM Access webhook: no notifyType', false, 'BAD_PAYLOAD');
      const { notifyType, content } = envelope.data;

      if (notifyType === 'ORDER_STATUS') {
        const parsed = orderStatusContentSchema.safeParse(content);
        if (!parsed.success)
          throw new EsimProviderError(
            'eSIM Access webhook: ORDER_STATUS without orderNo',
            false,
            'BAD_PAYLOAD',
          );
        return {
          type: 'order_status',
          providerOrderRef: parsed.data.orderNo,
          transactionId: parsed.data.transactionId ?? null,
          ready: parsed.data.orderStatus === 'GOT_RESOURCE',
        };
      }

      if (notifyType === 'DATA_USAGE') {
        const parsed = dataUsageContentSchema.safeParse(content);
        // Their help-centre sample carries only the ICCID; then the ICCID is the best reference we have.
        const providerRef = parsed.success ? (parsed.data.esimTranNo ?? parsed.data.iccid) : null;
        if (!parsed.success || !providerRef)
          throw new EsimProviderError('eSIM Access webhook: DATA_USAGE without usage', false, 'BAD_PAYLOAD');
        const { iccid, orderUsage, totalVolume } = parsed.data;
        return {
          type: 'data_usage',
          providerRef,
          iccid: iccid ?? null,
          usedMb: toMb(orderUsage),
          totalMb: totalVolume === null || totalVolume === undefined ? null : toMb(totalVolume),
        };
      }

      // ESIM_STATUS, SMDP_EVENT, VALIDITY_USAGE, CHECK_HEALTH: acknowledged, nothing to do yet.
      return { type: 'ignored', notifyType };
    },
  };
};
