import { type TokenKind, tokenKinds } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { TestContext } from './harness';

/**
 * The API fuzz suite (issue 13): requests generated from the OpenAPI document, for every operation and every
 * token kind, with bounded sets of malformed inputs. Each answer must be below 500, every error must be our
 * envelope `{ code, message }`, and a 4xx must leave the data as it was. Seeded, so a failure replays.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type FuzzOperation = {
  method: string;
  path: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What the case tries, for the report. */
  label: string;
};

export type FuzzFailure = { operation: string; caller: TokenKind; request: FuzzRequest; problem: string };

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document with its parameters and JSON body schema ($refs resolved). */
export const operationsOf = (doc: OpenApiDocument): FuzzOperation[] => {
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (!schema || depth > 8) return schema;
    if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''], depth + 1);
    const properties = schema.properties
      ? Object.fromEntries(
          Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1) ?? {}]),
        )
      : undefined;
    return { ...schema, ...(properties ? { properties } : {}) };
  };
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!methods.includes(method)) continue;
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: resolve(op.requestBody?.content?.['application/json']?.schema) ?? null,
      });
    }
  }
  return operations;
};

/** A value of the schema's type that validation accepts as far as a generator can tell. */
export const plausible = (schema: JsonSchema | undefined, name = ''): unknown => {
  if (!schema) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(variant, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value, key)]),
      );
    case 'array':
      return [plausible(schema.items)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.test';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (/phone/i.test(name)) return '+355691234567';
      return 'fuzz';
  }
};

/** Strings that break naive handling: control characters, an unpaired surrogate, very long, markup, escapes. */
const nastyString = fc.constantFrom(
  'a\u0000b',
  '\u0001\u0002\u001b[31m',
  'x\ud800y',
  '\ud83d',
  'x'.repeat(20_000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00%zz',
  '\u202e\u2066',
  '',
  '   ',
);
/** Values of the wrong type for any field. */
const wrongValue = fc.constantFrom<unknown>(
  null,
  true,
  -1,
  0,
  1e21,
  -(2 ** 53),
  3.5,
  [],
  {},
  [[[]]],
  { $gt: '' },
  'x'.repeat(5000),
  'a\u0000b',
);
/** Path parameter values: malformed ids, long, traversal, escapes. */
const badParam = fc.constantFrom(
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(600),
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%E0%A4%A',
  '%zz',
  '-1',
  '1e9',
  '%F0%9F%98%80',
  'ZZ',
);

type BodyCase = { label: string; payload: string; contentType: string };

/** JSON nested 5,000 levels deep (objects, arrays): a 500 on every JSON endpoint before the depth bound. */
const deepBodies: BodyCase[] = [
  {
    label: 'JSON nested 5000 objects deep',
    payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    contentType: 'application/json',
  },
  {
    label: 'JSON nested 5000 arrays deep',
    payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    contentType: 'application/json',
  },
];

/** A real field of the body holding a value nested 5,000 arrays deep. */
const deepField = (base: Record<string, unknown>, field: string): BodyCase => ({
  label: `JSON field ${field} nested 5000 deep`,
  payload: JSON.stringify({ ...base, [field]: '__deep__' }).replace(
    '"__deep__"',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
  ),
  contentType: 'application/json',
});

/** Malformed bodies for an operation's schema: wrong types, missing and extra fields, long and control strings. */
const bodyCases = (schema: JsonSchema | null): fc.Arbitrary<BodyCase> => {
  const base = (schema ? plausible(schema) : {}) as Record<string, unknown>;
  const fields = schema?.properties ? Object.keys(schema.properties) : [];
  const json = (label: string, value: unknown): BodyCase => ({
    label,
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const cases: fc.Arbitrary<BodyCase>[] = [
    fc.constantFrom(
      { label: 'malformed JSON', payload: '{"a":', contentType: 'application/json' },
      { label: 'malformed JSON', payload: '{', contentType: 'application/json' },
      { label: 'not JSON', payload: 'nul', contentType: 'application/json' },
      { label: 'JSON array body', payload: '[]', contentType: 'application/json' },
      { label: 'JSON null body', payload: 'null', contentType: 'application/json' },
      { label: 'JSON string body', payload: '"x"', contentType: 'application/json' },
      { label: 'text/plain', payload: JSON.stringify(base), contentType: 'text/plain' },
      { label: 'xml', payload: '<a/>', contentType: 'application/xml' },
      {
        label: 'json with latin1',
        payload: JSON.stringify(base),
        contentType: 'application/json; charset=latin1',
      },
      {
        label: 'json with extra parameter',
        payload: JSON.stringify(base),
        contentType: 'application/json; x=1',
      },
      { label: 'form', payload: 'a=1&b=%zz', contentType: 'application/x-www-form-urlencoded' },
      { label: 'bad multipart', payload: '--x\r\n', contentType: 'multipart/form-data; boundary=x' },
      { label: 'no content type', payload: '{}', contentType: '' },
      ...deepBodies,
    ),
    fc.constant(json('extra field', { ...base, totalCents: 1, isAdmin: true, __proto__x: 1 })),
  ];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    cases.push(
      field.map((f) => {
        const { [f]: _dropped, ...rest } = base;
        return json(`missing ${f}`, rest);
      }),
      fc.tuple(field, wrongValue).map(([f, v]) => json(`wrong type ${f}`, { ...base, [f]: v })),
      fc.tuple(field, nastyString).map(([f, v]) => json(`nasty string ${f}`, { ...base, [f]: v })),
    );
  }
  return fc.oneof(...cases);
};

/** One generated request for an operation: a bad body, bad params, bad query, or a malformed URL. */
const requestCases = (
  op: FuzzOperation,
): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { contentType?: string }> => {
  const fill = (params: Record<string, string>) =>
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? String(plausible(undefined, name)));
  const okParams = Object.fromEntries(
    op.params.map((p) => [p.name, encodeURIComponent(String(plausible(p.schema, p.name)))]),
  );
  const withBody = op.method !== 'GET' && op.method !== 'DELETE';
  const arbitraries: fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { contentType?: string }>[] = [];
  if (withBody) {
    arbitraries.push(
      bodyCases(op.body).map((c) => ({
        method: op.method,
        url: fill(okParams),
        payload: c.payload,
        contentType: c.contentType,
        label: c.label,
      })),
    );
  }
  if (op.params.length > 0) {
    arbitraries.push(
      fc.tuple(fc.constantFrom(...op.params.map((p) => p.name)), badParam).map(([name, value]) => ({
        method: op.method,
        url: fill({ ...okParams, [name]: value }),
        ...(withBody
          ? { payload: JSON.stringify(plausible(op.body ?? undefined)), contentType: 'application/json' }
          : {}),
        label: `bad param ${name}=${value.slice(0, 30)}`,
      })),
    );
  }
  const query = op.query.length > 0 ? op.query.map((q) => q.name) : ['page'];
  arbitraries.push(
    fc
      .tuple(
        fc.constantFrom(...query),
        fc.constantFrom(
          '-1',
          '0',
          '1e309',
          'NaN',
          '%zz',
          '99999999999999999999',
          'x'.repeat(3000),
          '%00',
          '[]',
        ),
      )
      .map(([name, value]) => ({
        method: op.method,
        url: `${fill(okParams)}?${name}=${value}&${name}=2`,
        ...(withBody
          ? { payload: JSON.stringify(plausible(op.body ?? undefined)), contentType: 'application/json' }
          : {}),
        label: `bad query ${name}=${value.slice(0, 30)}`,
      })),
    fc.constantFrom('/%', '/%E0%A4%A', '/..%2f', `/${'x'.repeat(2100)}`).map((tail) => ({
      method: op.method,
      url: `${fill(okParams)}${tail}`,
      label: `malformed URL ${tail.slice(0, 20)}`,
    })),
  );
  return fc.oneof(...arbitraries);
};

/** Cases every operation with a body gets for every caller, not left to sampling: the deeply nested bodies. */
const fixedCases = (op: FuzzOperation): (Omit<FuzzRequest, 'headers'> & { contentType?: string })[] => {
  if (op.method === 'GET' || op.method === 'DELETE') return [];
  const params = Object.fromEntries(op.params.map((p) => [p.name, String(plausible(p.schema, p.name))]));
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const base = (op.body ? plausible(op.body) : {}) as Record<string, unknown>;
  const field = Object.keys(op.body?.properties ?? {})[0];
  return [...deepBodies, ...(field ? [deepField(base, field)] : [])].map((c) => ({
    method: op.method,
    url,
    payload: c.payload,
    contentType: c.contentType,
    label: c.label,
  }));
};

/** Row counts and last changes of the tables a request could change: equal before and after a 4xx. */
export const stateChecksum = async (ctx: TestContext) => {
  const result = await ctx.deps.db.execute(sql`select
    (select count(*) from users)::text || ':' || coalesce((select max(updated_at) from users)::text, '') as users,
    (select count(*) from sessions)::text as sessions,
    (select count(*) from user_tokens)::text as user_tokens,
    (select count(*) from orders)::text || ':' || coalesce((select max(updated_at) from orders)::text, '') as orders,
    (select count(*) from payments)::text || ':' || coalesce((select max(updated_at) from payments)::text, '') as payments,
    (select count(*) from refunds)::text as refunds,
    (select count(*) from esims)::text as esims,
    (select count(*) from esim_packages)::text as esim_packages,
    (select count(*) from contact_messages)::text as contact_messages,
    (select count(*) from businesses)::text as businesses,
    (select count(*) from shops)::text as shops,
    (select count(*) from outbox)::text as outbox,
    (select count(*) from webhook_events)::text as webhook_events,
    coalesce((select max(updated_at) from settings)::text, '') as settings`);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return JSON.stringify(rows[0]);
};

const checkAnswer = (status: number, contentType: string, body: string): string | null => {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!contentType.includes('application/json'))
    return `error ${status} is not JSON (${contentType || 'no type'})`;
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    if (typeof parsed.code !== 'string' || typeof parsed.message !== 'string')
      return `error ${status} outside the envelope: ${body.slice(0, 120)}`;
  } catch {
    return `error ${status} body is not JSON`;
  }
  return null;
};

/** Routes that end the caller's session on success: fuzzed last, so other operations keep their token. */
const endsSession = (op: FuzzOperation) => /\/(logout|refresh)$/.test(op.path);

export type FuzzOptions = {
  seed: number;
  /** Generated requests per operation and token kind. */
  casesPerCaller: number;
  callers: Record<TokenKind, Record<string, string>>;
  /** Leave out operations (e.g. ones whose 2xx needs a live provider). */
  skip?: (op: FuzzOperation) => boolean;
};

export const runFuzz = async (ctx: TestContext, doc: OpenApiDocument, options: FuzzOptions) => {
  const operations = operationsOf(doc)
    .filter((op) => !options.skip?.(op))
    .sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
  const failures: FuzzFailure[] = [];
  const statuses: Record<number, number> = {};
  let requests = 0;
  let seed = options.seed;
  for (const op of operations) {
    for (const caller of tokenKinds) {
      const cases = [
        ...fc.sample(requestCases(op), { seed: seed++, numRuns: options.casesPerCaller }),
        ...fixedCases(op),
      ];
      for (const c of cases) {
        const request: FuzzRequest = {
          method: c.method,
          url: c.url,
          label: c.label,
          headers: {
            'accept-language': 'en',
            ...options.callers[caller],
            ...(c.contentType ? { 'content-type': c.contentType } : {}),
          },
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        };
        const before = await stateChecksum(ctx);
        const response = await ctx.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        requests++;
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const operation = `${op.method} ${op.path}`;
        const problem = checkAnswer(
          response.statusCode,
          String(response.headers['content-type'] ?? ''),
          response.body,
        );
        if (problem) failures.push({ operation, caller, request, problem });
        if (response.statusCode >= 400 && response.statusCode < 500 && (await stateChecksum(ctx)) !== before)
          failures.push({ operation, caller, request, problem: `state changed on ${response.statusCode}` });
      }
    }
  }
  return { operations: operations.length, requests, failures, statuses };
};

/** One line per failure class (operation, problem, case), for notes and the script's report. */
export const summarise = (failures: FuzzFailure[]) => {
  const lines = new Map<string, number>();
  for (const f of failures) {
    const key = `${f.operation} · ${f.request.label} · ${f.problem.slice(0, 100)}`;
    lines.set(key, (lines.get(key) ?? 0) + 1);
  }
  return [...lines.entries()].map(([line, count]) => `${count}× ${line}`).sort();
};

/** Page paths of the site: pages, a page with a form (the cookie banner's), data requests, and no page at all. */
export const sitePagePaths = [
  '/',
  '/faq',
  '/countries/DE',
  '/regions/europe',
  '/order/de-5gb-30d',
  '/login',
  '/account',
  '/portal',
  '/portal/subscribers/00000000-0000-4000-8000-000000000000',
  '/cookie-consent',
  '/cookie-consent.data',
  '/faq.data',
  '/_root.data',
  '/sitemap.xml',
  '/no-such-page',
  '/assets/no-such-file.js',
];
/** Page paths of the staff dashboard (a single-page app: every path is its page). */
export const staffPagePaths = ['/', '/login', '/orders', '/no-such-page', '/assets/no-such-file.js'];

export const pageMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Bodies a page might be sent: none, JSON (plain, malformed, deeply nested), a form, text, multipart, XML. */
const pageBodies: { label: string; payload?: string; contentType?: string }[] = [
  { label: 'no body' },
  { label: 'JSON {}', payload: '{}', contentType: 'application/json' },
  { label: 'malformed JSON', payload: '{"a":', contentType: 'application/json' },
  ...deepBodies,
  { label: 'form', payload: 'choice=accepted&enhanced=1', contentType: 'application/x-www-form-urlencoded' },
  { label: 'bad form', payload: 'choice=%zz&x', contentType: 'application/x-www-form-urlencoded' },
  { label: 'text', payload: 'hello', contentType: 'text/plain' },
  { label: 'bad multipart', payload: '--x\r\n', contentType: 'multipart/form-data; boundary=x' },
  { label: 'xml', payload: '<a/>', contentType: 'application/xml' },
  { label: 'bad content type', payload: 'x', contentType: 'nonsense' },
];

export type PageFuzzFailure = { method: string; url: string; body: string; problem: string };

/**
 * Every method with every kind of body on every page path of an app serving pages ('site' or 'staff'). A page
 * answers GET and HEAD; POST only where it takes a form and with a form body. Everything else is a 4xx in the
 * envelope; nothing is a 5xx.
 */
export const runPageFuzz = async (
  app: Pick<TestContext['app'], 'inject'>,
  paths: string[],
  options: { formPaths?: string[]; language?: string } = {},
) => {
  const failures: PageFuzzFailure[] = [];
  const statuses: Record<number, number> = {};
  let requests = 0;
  for (const url of paths) {
    for (const method of pageMethods) {
      const bodies = method === 'GET' || method === 'HEAD' ? [pageBodies[0], pageBodies[1]] : pageBodies;
      for (const body of bodies) {
        if (!body) continue;
        const response = await app.inject({
          method,
          url,
          headers: {
            'accept-language': options.language ?? 'en',
            ...(body.contentType ? { 'content-type': body.contentType } : {}),
          },
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
        });
        requests++;
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const formPost =
          method === 'POST' &&
          body.contentType === 'application/x-www-form-urlencoded' &&
          (options.formPaths ?? []).includes(url);
        const mustRefuse = method !== 'GET' && method !== 'HEAD' && !formPost;
        // Pages themselves (GET, HEAD) answer in HTML, their not-found page too: only a 5xx is wrong there.
        const problem =
          method === 'GET' || method === 'HEAD'
            ? response.statusCode >= 500
              ? `answered ${response.statusCode}`
              : null
            : mustRefuse && response.statusCode < 400
              ? `answered ${response.statusCode}, not a 4xx`
              : checkAnswer(
                  response.statusCode,
                  String(response.headers['content-type'] ?? ''),
                  response.body,
                );
        if (problem) failures.push({ method, url, body: body.label, problem });
      }
    }
  }
  return { requests, failures, statuses };
};

/** One line per page failure class. */
export const summarisePages = (failures: PageFuzzFailure[]) =>
  failures.map((f) => `${f.method} ${f.url} · ${f.body} · ${f.problem.slice(0, 100)}`).sort();
