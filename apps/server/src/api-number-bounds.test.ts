import { dbIntegerMax, type TokenKind } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEveryKind } from './test/callers';
import { plausible } from './test/fuzz';
import { createTestContext, type TestContext } from './test/harness';

// Issue 39: `GET /api/staff/orders?amountMaxCents=99999999999` answered 500 (PostgreSQL's integer overflowed).
// Every number the API reads is bounded by its contract. This walks the OpenAPI document: every numeric query,
// path and JSON body field must state an upper bound (a whole number's within what a database integer holds),
// and a value above it, and the issue's 99999999999, must be a 422 naming that field.

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** One number the API reads: where it goes in the request, and its path there (array items at index 0). */
type NumericInput = {
  method: string;
  route: string;
  where: 'query' | 'path' | 'body';
  path: (string | number)[];
  integer: boolean;
  maximum: number | undefined;
};

const methods = ['get', 'post', 'put', 'patch', 'delete'];

const numericInputs = (doc: Document): NumericInput[] => {
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    let found = schema;
    for (let depth = 0; found?.$ref && depth < 10; depth++)
      found = doc.components?.schemas?.[found.$ref.split('/').pop() ?? ''];
    return found;
  };
  const found: NumericInput[] = [];
  const walk = (
    schema: Schema | undefined,
    path: (string | number)[],
    at: Omit<NumericInput, 'path' | 'integer' | 'maximum'>,
  ) => {
    const s = resolve(schema);
    if (!s) return;
    for (const variant of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
      walk(variant, path, at);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('integer') || types.includes('number'))
      found.push({ ...at, path, integer: types.includes('integer'), maximum: s.maximum });
    for (const [key, value] of Object.entries(s.properties ?? {})) walk(value, [...path, key], at);
    if (s.items) walk(s.items, [...path, 0], at);
  };
  for (const [route, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.includes(method)) continue;
      const at = { method: method.toUpperCase(), route };
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query' || parameter.in === 'path')
          walk(parameter.schema, [parameter.name], { ...at, where: parameter.in });
      walk(operation.requestBody?.content?.['application/json']?.schema, [], { ...at, where: 'body' });
    }
  return found;
};

/** The body with `value` at `path`, arrays and objects made on the way. */
const withValue = (base: unknown, path: (string | number)[], value: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = withValue(list[head], rest, value);
    return list;
  }
  const object = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  return { ...object, [head]: withValue((object as Record<string, unknown>)[head], rest, value) };
};

let ctx: TestContext;
let doc: Document;
let callers: Record<TokenKind, Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestContext();
  doc = ctx.app.swagger() as unknown as Document;
  callers = await signInEveryKind(ctx);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const label = (input: NumericInput) =>
  `${input.method} ${input.route} ${input.where} ${input.path.join('.')}`;

/** Sends one number to its operation as each kind of caller until one gets past the access rule. */
const send = async (input: NumericInput, value: number) => {
  const operation = doc.paths[input.route]?.[input.method.toLowerCase()] ?? {};
  const params = Object.fromEntries(
    (operation.parameters ?? [])
      .filter((p) => p.in === 'path')
      .map((p) => [
        p.name,
        input.where === 'path' && input.path[0] === p.name ? value : plausible(p.schema, p.name),
      ]),
  );
  const url = input.route.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  const query = input.where === 'query' ? `?${String(input.path[0])}=${value}` : '';
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const base = bodySchema ? plausible(bodySchema as Parameters<typeof plausible>[0]) : undefined;
  const body = input.where === 'body' ? withValue(base, input.path, value) : base;
  let answer: Awaited<ReturnType<TestContext['app']['inject']>> | undefined;
  for (const kind of ['admin', 'customer', 'shop', 'none', 'analytics', 'editor'] as const) {
    answer = await ctx.app.inject({
      method: input.method as 'GET',
      url: `${url}${query}`,
      headers: { 'accept-language': 'en', ...callers[kind] },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (answer.statusCode !== 401 && answer.statusCode !== 403) break;
  }
  return answer;
};

describe('every number the API reads is bounded by its contract', () => {
  it('finds the numbers to check in the OpenAPI document', () => {
    const inputs = numericInputs(doc);
    expect(inputs.length).toBeGreaterThan(100);
    expect(inputs.map(label)).toContain('GET /api/staff/orders query amountMaxCents');
  });

  it('states an upper bound for each, for a whole number one that a database integer holds', () => {
    const unbounded = numericInputs(doc)
      .filter((input) => input.maximum === undefined || (input.integer && input.maximum > dbIntegerMax))
      .map((input) => `${label(input)}: maximum ${input.maximum}`);
    expect(unbounded).toEqual([]);
  });

  it('answers a value above the bound, and 99999999999, with a 422 naming the field', async () => {
    const problems: string[] = [];
    for (const input of numericInputs(doc)) {
      const field = input.path.join('.');
      // Above its own bound; and the issue's number, which no whole number the API reads may take (a number
      // that reaches no column, a push subscription's expiry in milliseconds, may be larger).
      const issue = 99_999_999_999;
      const values = [
        ...(input.maximum === undefined ? [] : [input.maximum + 1]),
        ...(input.integer || input.maximum === undefined || input.maximum < issue ? [issue] : []),
      ];
      for (const value of values) {
        // A streamed answer (a CSV) that fails half way has no status to read: that is a failure too.
        const answer = await send(input, value).catch((error: Error) => error);
        if (answer instanceof Error) {
          problems.push(`${label(input)}=${value}: ${answer.message}`);
          continue;
        }
        const errors = answer?.statusCode === 422 ? (answer.json().errors ?? {}) : {};
        if (!(field in errors))
          problems.push(`${label(input)}=${value}: ${answer?.statusCode} ${answer?.body.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
