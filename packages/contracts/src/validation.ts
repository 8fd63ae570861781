import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js';
import { isCountryCode } from './countries';
import { z } from './zod';

export {
  parseRuleMessage,
  type RuleMessage,
  type ValidationRule,
  validationRules,
} from './rule-messages';

type RawIssue = z.core.$ZodRawIssue;

/** Maps zod's issue codes onto SPEC's rules. Installed globally so server and browser agree. */
export const ruleErrorMap = (issue: RawIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'required';
      return issue.expected === 'number' ? 'numberInvalid' : 'invalid';
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') {
        // An empty field is "required" whatever its minimum length.
        const empty = issue.input === '' || (Array.isArray(issue.input) && issue.input.length === 0);
        return empty || Number(issue.minimum) <= 1 ? 'required' : `minCharacters:${issue.minimum}`;
      }
      return `minValue:${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array') return `maxCharacters:${issue.maximum}`;
      return `maxValue:${issue.maximum}`;
    case 'invalid_format':
      return 'format';
    case 'invalid_value':
      return 'invalidOption';
    default:
      return 'invalid';
  }
};

z.config({ customError: ruleErrorMap });

/**
 * Characters no text of ours may hold, whatever the field: C0 and C1 control characters except tab, line feed
 * and carriage return (PostgreSQL cannot store NUL; the others only hide or corrupt text), and UTF-16 surrogates
 * without their pair (not valid Unicode, so not storable as UTF-8).
 */
const unstorable =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Tab and line breaks: fine in a message or an address, never in a name, an e-mail, a search or a key. */
const lineBreakOrTab = /[\t\n\r]/;

export const isStorableText = (value: string) => !unstorable.test(value);

/** The schemas whose text may hold tab and line breaks (multi-line fields); every other string may not. */
const lineBreaksAllowed = new WeakSet<z.core.$ZodType>();

/** Marks a string schema as multi-line: the one shared rule then lets tab, CR and LF through in that field. */
export const allowLineBreaks = <T extends z.core.$ZodType>(schema: T): T => {
  lineBreaksAllowed.add(schema);
  return schema;
};

type PathPattern = (string | number | '*')[];

/**
 * Where a contract allows line breaks: the paths (`*` for any array index or record key) of its multi-line
 * fields, found by walking the schema through objects, arrays, records, unions and wrappers.
 */
export const multilinePaths = (schema: z.core.$ZodType, path: PathPattern = []): PathPattern[] => {
  if (lineBreaksAllowed.has(schema)) return [path];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => multilinePaths(def[key] as z.core.$ZodType, path);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, child]) =>
        multilinePaths(child, [...path, key]),
      );
    case 'array':
      return multilinePaths(def.element as z.core.$ZodType, [...path, '*']);
    case 'record':
      return multilinePaths(def.valueType as z.core.$ZodType, [...path, '*']);
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => multilinePaths(option, path));
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    default:
      return [];
  }
};

const matches = (patterns: PathPattern[], path: (string | number)[]) =>
  patterns.some(
    (pattern) =>
      pattern.length === path.length && pattern.every((part, i) => part === '*' || part === path[i]),
  );

/**
 * Every path in a parsed JSON value (object keys included) whose text cannot be stored, or holds a tab or line
 * break outside the multi-line fields (`multiline`, from `multilinePaths`). Keys are never multi-line.
 */
export const findUnstorableText = (
  value: unknown,
  multiline: PathPattern[] = [],
  path: (string | number)[] = [],
): (string | number)[][] => {
  if (typeof value === 'string')
    return isStorableText(value) && (!lineBreakOrTab.test(value) || matches(multiline, path)) ? [] : [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => findUnstorableText(item, multiline, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      isStorableText(key) && !lineBreakOrTab.test(key)
        ? findUnstorableText(item, multiline, [...path, key])
        : [[...path, key]],
    );
  return [];
};

/**
 * The one rule for text in every request (ADR 0013): wraps a contract so that any string anywhere in the
 * input with an unstorable character, or a tab or line break outside the contract's multi-line fields
 * (`multilineTextField`), is "invalidCharacters" on its field, before the contract's own checks. The server's
 * validator compiler applies it to every body, query and params schema.
 */
export const withStorableText = <T extends z.ZodType>(schema: T) => {
  const multiline = multilinePaths(schema);
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of findUnstorableText(value, multiline))
        ctx.addIssue({ code: 'custom', message: 'invalidCharacters', path, input: value });
    })
    .pipe(schema);
};

/** A text field: trimmed, required, bounded, one line (no tab or line break, see `withStorableText`). */
export const textField = (max: number, min = 1) => z.string().trim().min(min).max(max);

/** Multi-line text (a message, a description): like `textField`, and tab and line breaks are kept. */
export const multilineTextField = (max: number, min = 1) => allowLineBreaks(textField(max, min));

export const emailField = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());

/**
 * Passwords are hashed, never shown, and taken as typed: any character that can be stored is allowed (tab and
 * line breaks too), so no password set before a rule changed stops working.
 */
export const passwordField = allowLineBreaks(z.string().min(8).max(128));
/** A password as typed to check it (login, current password, confirmation): same freedom, no length rule. */
export const typedPasswordField = allowLineBreaks(z.string().min(1).max(128));

/** SPEC section 5 phone input: at most 25 characters, international format, checked with libphonenumber. */
export const phoneField = z
  .string()
  .trim()
  .min(1)
  // abort: a 40-character number gets one message, not also "Invalid format".
  .max(25, { abort: true })
  .refine((value) => isValidPhoneNumber(value), { message: 'format' })
  // One stored form (E.164, "+355691234567"), so "+355 69 123 4567" finds the same account. Not aborting on an
  // invalid number keeps the form's other checks (password match) running, so the transform must not throw.
  .transform((value) => (isValidPhoneNumber(value) ? parsePhoneNumberWithError(value).number : value));

/** A phone number the owner may clear: empty or null stores none; anything else is checked like phoneField. */
export const clearablePhoneField = z
  .string()
  .trim()
  .max(25, { abort: true })
  .refine((value) => value === '' || isValidPhoneNumber(value), { message: 'format' })
  .transform((value) =>
    value === '' ? null : isValidPhoneNumber(value) ? parsePhoneNumberWithError(value).number : value,
  )
  .nullable();

const numericStringToNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

/**
 * A number with its bounds (`z.number().int().min(0).max(100)`) that also accepts numeric strings (multipart
 * forms send strings); anything else is "must be a number". The bounds are the schema's own, so the API's
 * document states them (a `.pipe` after the conversion left them out of it).
 */
export const numberFieldOf = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess(numericStringToNumber, schema);

/** Accepts numbers and numeric strings; anything else is "must be a number". Bound it: `numberFieldOf`. */
export const numberField = numberFieldOf(z.number());

/**
 * The largest whole number a PostgreSQL `integer` holds. Every whole number the API reads (an amount, a count, a
 * page, a version) is bounded by its contract at or below it: a larger one reached the database as a parameter
 * and failed there as a 500 (issue 39: `amountMaxCents=99999999999`).
 */
export const dbIntegerMax = 2_147_483_647;

/** An amount in cents the API reads (a filter, a price the buyer confirmed): whole, not negative, storable. */
export const centsField = z.number().int().min(0).max(dbIntegerMax);

/** A real country (ISO 3166-1 alpha-2, upper-cased): "ZZ" or "EU" has the right shape and is still refused. */
export const countryCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'format', abort: true })
  .refine(isCountryCode, { message: 'format' });
