import { createHash } from 'node:crypto';
import {
  type Continent,
  coverageCountries as countries,
  globalCoverage,
  coverageRegions as regions,
} from '@esim/db';
import { z } from 'zod';
import {
  type EsimProfile,
  type EsimProvider,
  EsimProviderError,
  type EsimWebhookEvent,
  type WholesalePackage,
} from './port';

// Wholesale price per GB in euro cents by continent: what a real wholesaler's list roughly looks like.
const centsPerGb: Record<Continent, number> = {
  europe: 55,
  asia: 80,
  north_america: 95,
  south_america: 130,
  africa: 160,
  oceania: 110,
};

const bundles = [
  { gb: 1, days: 7 },
  { gb: 3, days: 15 },
  { gb: 5, days: 30 },
  { gb: 10, days: 30 },
  { gb: 20, days: 30 },
] as const;

// Unlimited daily plans are offered only where the sandbox wholesaler has them.
const unlimitedCountries = new Set(['US', 'TR', 'AE', 'TH', 'JP', 'GB', 'IT', 'ES', 'FR', 'DE']);

const byCode = new Map(countries.map((c) => [c.code, c]));

const coverageOf = (codes: string[]) =>
  codes.flatMap((code) => {
    const country = byCode.get(code);
    return country ? [{ country: code, operators: country.operators }] : [];
  });

const averageRate = (codes: string[]) => {
  const rates = codes.flatMap((code) => {
    const c = byCode.get(code);
    return c ? [centsPerGb[c.continent]] : [];
  });
  return rates.reduce((sum, r) => sum + r, 0) / Math.max(1, rates.length);
};

const price = (gb: number, rate: number, surcharge: number) =>
  Math.round(40 + gb * rate * (gb >= 10 ? 0.8 : 1) * surcharge);

/**
 * Builds the sandbox wholesaler's price list from the coverage reference data: local bundles per country,
 * regional bundles per region, global bundles, deterministic so tests and demos see the same catalogue.
 */
export const sandboxWholesaleList = (): WholesalePackage[] => {
  const list: WholesalePackage[] = [];
  for (const country of countries) {
    for (const { gb, days } of bundles) {
      list.push({
        code: `SBX-${country.code}-${gb}GB-${days}D`,
        name: `${country.code} ${gb}GB ${days} days`,
        scope: 'local',
        regionCode: null,
        coverage: coverageOf([country.code]),
        dataMb: gb * 1024,
        validityDays: days,
        wholesaleCents: price(gb, centsPerGb[country.continent], 1),
        topUpAllowed: true,
        activation: gb === 1 ? 'on_install' : 'on_first_use',
      });
    }
    if (unlimitedCountries.has(country.code)) {
      list.push({
        code: `SBX-${country.code}-UNL-7D`,
        name: `${country.code} Unlimited 7 days`,
        scope: 'local',
        regionCode: null,
        coverage: coverageOf([country.code]),
        dataMb: null,
        validityDays: 7,
        wholesaleCents: price(15, centsPerGb[country.continent], 1),
        topUpAllowed: false,
        activation: 'on_first_use',
      });
    }
  }
  for (const region of regions) {
    const rate = averageRate(region.countries);
    for (const { gb, days } of bundles) {
      list.push({
        code: `SBX-R-${region.code.toUpperCase()}-${gb}GB-${days}D`,
        name: `${region.names.en} ${gb}GB ${days} days`,
        scope: 'regional',
        regionCode: region.code,
        coverage: coverageOf(region.countries),
        dataMb: gb * 1024,
        validityDays: days,
        wholesaleCents: price(gb, rate, 1.25),
        topUpAllowed: true,
        activation: 'on_first_use',
      });
    }
  }
  for (const { gb, days } of [...bundles, { gb: 50, days: 90 }]) {
    list.push({
      code: `SBX-GLOBAL-${gb}GB-${days}D`,
      name: `Global ${gb}GB ${days} days`,
      scope: 'global',
      regionCode: null,
      coverage: coverageOf(globalCoverage),
      dataMb: gb * 1024,
      validityDays: days,
      wholesaleCents: price(gb, 150, 1.3),
      topUpAllowed: true,
      activation: 'on_first_use',
    });
  }
  return list;
};

/** Luhn check digit, as ICCIDs (ITU-T E.118) carry in their last position. */
export const luhnCheckDigit = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
};

export const isLuhnValid = (digits: string) => luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);

export type SandboxFailureMode = 'none' | 'error' | 'timeout' | 'slow';

export type SandboxEsimOptions = {
  /** SM-DP+ host in activation codes. */
  smdpAddress?: string;
  /** How long an allocation takes before queryOrder reports it ready (0: ready at once). */
  allocationDelayMs?: number;
  /** How long a simulated timeout hangs before failing. */
  timeoutMs?: number;
  /** Simulated data use of a profile from the first time its usage is asked for (0: only what tests set). */
  usageMbPerMinute?: number;
  /**
   * Where to post an ORDER_STATUS notice (eSIM Access's format) when an allocation completes, as the real
   * wholesaler does; without it, only polling finds out. Lost on a restart, like a missed webhook.
   */
  webhookUrl?: string;
  fetch?: typeof fetch;
  onWebhookError?: (error: unknown) => void;
};

const orderStatusNotice = z.object({
  notifyType: z.string(),
  content: z
    .object({ orderNo: z.string(), transactionId: z.string().optional(), orderStatus: z.string() })
    .optional(),
});

/**
 * Offline stand-in for the wholesaler. Profiles are derived from our transaction id, so ordering the same
 * transaction twice returns the same eSIM (idempotent, and it survives a restart); order references carry
 * their creation time so allocation completes after a delay without stored state. Tests switch failure modes.
 */
export const createSandboxEsimProvider = (options: SandboxEsimOptions = {}) => {
  const smdpAddress = options.smdpAddress ?? 'smdp.sandbox.esim.example';
  const allocationDelayMs = options.allocationDelayMs ?? 2_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let failureMode: SandboxFailureMode = 'none';
  const usageMbPerMinute = options.usageMbPerMinute ?? 10;
  const usage = new Map<string, { usedMb: number; totalMb: number | null }>();
  const firstAsked = new Map<string, number>();
  /** What a traveller has used so far: a steady trickle since the first query, unless a test set a figure. */
  const usedMbOf = (ref: string) => {
    const set = usage.get(ref);
    if (set) return set.usedMb;
    const since = firstAsked.get(ref) ?? Date.now();
    firstAsked.set(ref, since);
    return Math.floor(((Date.now() - since) / 60_000) * usageMbPerMinute);
  };
  const states = new Map<string, EsimProfile['status']>();
  const topUps = new Set<string>();

  const profileFor = (transactionId: string): EsimProfile => {
    const hash = createHash('sha256').update(transactionId).digest();
    const body = `89${[...hash.subarray(0, 16)].map((b) => String(b % 10)).join('')}`;
    const iccid = `${body}${luhnCheckDigit(body)}`;
    const matchingId = hash.subarray(16, 28).toString('hex').toUpperCase().match(/.{4}/g)?.join('-') ?? '';
    const providerRef = `SBXE-${iccid}`;
    return {
      iccid,
      smdpAddress,
      matchingId,
      activationCode: `LPA:1$${smdpAddress}$${matchingId}`,
      providerRef,
      status: states.get(providerRef) ?? 'ready',
    };
  };

  const maybeFail = async () => {
    if (failureMode === 'error')
      throw new EsimProviderError('sandbox: the provider answered with an error', true, '500');
    if (failureMode === 'timeout') {
      await new Promise((resolve) => setTimeout(resolve, timeoutMs));
      throw new EsimProviderError('sandbox: the provider did not answer in time', true, 'TIMEOUT');
    }
  };

  const orderRef = (transactionId: string, createdAt: number) =>
    `SBXO-${createdAt}-${Buffer.from(transactionId).toString('base64url')}`;

  const parseOrderRef = (ref: string) => {
    const match = /^SBXO-(\d+)-([A-Za-z0-9_-]+)$/.exec(ref);
    if (!match?.[1] || !match[2])
      throw new EsimProviderError(`sandbox: unknown order ${ref}`, false, 'NOT_FOUND');
    return { createdAt: Number(match[1]), transactionId: Buffer.from(match[2], 'base64url').toString() };
  };

  const assertKnown = (providerRef: string) => {
    if (!/^SBXE-89\d{17}$/.test(providerRef) || !isLuhnValid(providerRef.slice(5)))
      throw new EsimProviderError(`sandbox: unknown eSIM ${providerRef}`, false, 'NOT_FOUND');
  };

  const notifyWhenAllocated = (transactionId: string, ref: string) => {
    const { webhookUrl } = options;
    if (!webhookUrl) return;
    const post = options.fetch ?? fetch;
    const body = {
      notifyType: 'ORDER_STATUS',
      content: { orderNo: ref, transactionId, orderStatus: 'GOT_RESOURCE' },
    };
    setTimeout(() => {
      post(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
        .then((response) => {
          if (!response.ok) throw new Error(`sandbox eSIM webhook answered ${response.status}`);
        })
        .catch((error: unknown) => options.onWebhookError?.(error));
    }, allocationDelayMs).unref();
  };

  const provider: EsimProvider = {
    name: 'sandbox',
    listPackages: async () => sandboxWholesaleList(),
    orderProfile: async ({ transactionId }) => {
      await maybeFail();
      const ref = orderRef(transactionId, Date.now());
      if (failureMode === 'slow' || allocationDelayMs > 0) {
        if (failureMode !== 'slow') notifyWhenAllocated(transactionId, ref);
        return { status: 'allocating', providerOrderRef: ref };
      }
      return { status: 'ready', providerOrderRef: ref, profile: profileFor(transactionId) };
    },
    queryOrder: async (providerOrderRef) => {
      await maybeFail();
      const { createdAt, transactionId } = parseOrderRef(providerOrderRef);
      if (failureMode === 'slow' || Date.now() - createdAt < allocationDelayMs)
        return { status: 'allocating' };
      return { status: 'ready', profile: profileFor(transactionId) };
    },
    topUp: async ({ transactionId, providerRef }) => {
      await maybeFail();
      assertKnown(providerRef);
      if (states.get(providerRef) === 'revoked' || states.get(providerRef) === 'cancelled')
        throw new EsimProviderError('sandbox: the eSIM is no longer active', false, 'ESIM_INACTIVE');
      topUps.add(transactionId);
    },
    getUsage: async (providerRefs) => {
      await maybeFail();
      return providerRefs.map((ref) => ({
        providerRef: ref,
        usedMb: usedMbOf(ref),
        totalMb: usage.get(ref)?.totalMb ?? null,
        updatedAt: new Date(),
      }));
    },
    cancel: async (providerRef) => {
      await maybeFail();
      assertKnown(providerRef);
      states.set(providerRef, 'cancelled');
    },
    revoke: async (providerRef) => {
      await maybeFail();
      assertKnown(providerRef);
      states.set(providerRef, 'revoked');
    },
    // Unsigned, like eSIM Access's: the secret URL path is the check (esim-webhooks.routes.ts).
    parseWebhook: (_headers, rawBody): EsimWebhookEvent => {
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new EsimProviderError('sandbox webhook: body is not JSON', false, 'BAD_PAYLOAD');
      }
      const notice = orderStatusNotice.safeParse(json);
      if (!notice.success)
        throw new EsimProviderError('sandbox webhook: no notifyType', false, 'BAD_PAYLOAD');
      const { notifyType, content } = notice.data;
      if (notifyType !== 'ORDER_STATUS') return { type: 'ignored', notifyType };
      if (!content) throw new EsimProviderError('sandbox webhook: ORDER_STATUS without orderNo', false);
      return {
        type: 'order_status',
        providerOrderRef: content.orderNo,
        transactionId: content.transactionId ?? null,
        ready: content.orderStatus === 'GOT_RESOURCE',
      };
    },
  };

  return {
    ...provider,
    /** Test controls. */
    setFailureMode: (mode: SandboxFailureMode) => {
      failureMode = mode;
    },
    setUsage: (providerRef: string, usedMb: number, totalMb: number | null = null) => {
      usage.set(providerRef, { usedMb, totalMb });
    },
    profileFor,
    hasTopUp: (transactionId: string) => topUps.has(transactionId),
  };
};
export type SandboxEsimProvider = ReturnType<typeof createSandboxEsimProvider>;
