import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Prng } from './prng';

/**
 * The money model's HTTP side: every request goes to one of the server processes (chosen by the operation's own
 * generator, so each process serves every kind of request), as a buyer's browser, a shop's portal or a staff
 * dashboard would send it. A 5xx or a dropped connection is recorded: money code never answers with one.
 */
export type Answer = {
  status: number;
  // Each caller reads the fields its contract promises; the body is the server's JSON as sent.
  body: Record<string, unknown>;
  text: string;
  site: string;
  location: string | null;
};

export type ServerFault = { method: string; path: string; site: string; status: number; text: string };

export type Client = {
  sites: string[];
  call: (
    prng: Prng,
    method: string,
    path: string,
    init?: { token?: string; json?: unknown; form?: Record<string, string>; site?: string },
  ) => Promise<Answer>;
  faults: ServerFault[];
};

export const createClient = (sites: string[]): Client => {
  const faults: ServerFault[] = [];
  let ip = 0;
  return {
    sites,
    faults,
    call: async (prng, method, path, init = {}) => {
      const site = init.site ?? prng.pick(sites);
      const headers: Record<string, string> = {
        'accept-language': 'en',
        // TRUST_PROXY: each request its own client address, as many buyers behind one balancer.
        'x-forwarded-for': `198.19.${(ip >> 8) & 255}.${ip++ & 255}`,
      };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body: string | undefined;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(init.form).toString();
      }
      let status = 0;
      let text = '';
      let location: string | null = null;
      try {
        const response = await fetch(`${site}${path}`, {
          method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
        });
        status = response.status;
        location = response.headers.get('location');
        text = await response.text();
      } catch (error) {
        text = String((error as { cause?: unknown }).cause ?? error);
      }
      if (status === 0 || status >= 500)
        faults.push({ method, path, site, status, text: text.slice(0, 300) });
      let parsed: Record<string, unknown> = {};
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        parsed = {};
      }
      return { status, body: parsed, text, site, location };
    },
  };
};

/** A signed-out order's human check, solved as the browser solves it. */
export const solveHumanProof = async (client: Client, prng: Prng) => {
  const answer = await client.call(prng, 'GET', '/api/human-challenge');
  const solution = await solveChallenge({ challenge: answer.body as unknown as Challenge, deriveKey });
  if (!solution) throw new Error('human check not solved');
  return Buffer.from(JSON.stringify({ challenge: answer.body, solution })).toString('base64');
};

export const testCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/** The sandbox card page's session id in a checkout URL, or null when the URL is not a card page. */
export const cardSessionOf = (checkoutUrl: string) =>
  /\/sandbox\/checkout\/([^/?#]+)/.exec(checkoutUrl)?.[1] ?? null;

/**
 * Pays a card page with the test card on either process (the page lives in the shared database), as the buyer's
 * browser posts the form: 303 is charged, 410 is closed (paid by an earlier try, or replaced).
 */
export const payCardPage = (client: Client, prng: Prng, sessionId: string) =>
  client.call(prng, 'POST', `/sandbox/checkout/${sessionId}`, { form: testCard });

let people = 0;
const phoneBase = Math.floor(Math.random() * 8_000_000);
/** A unique e-mail and a valid Albanian mobile number for a new buyer of this run (counted, never drawn twice). */
export const newContact = (runTag: string) => {
  people++;
  return {
    email: `money-${runTag}-${people}@model.example`,
    phone: `+35569${1_000_000 + ((phoneBase + people) % 8_999_999)}`,
  };
};
