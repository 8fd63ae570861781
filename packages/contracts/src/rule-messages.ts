/**
 * The rule strings contract schemas carry as messages, without zod: forms translate them before their schemas
 * have loaded (apps/web loads a public form's contract after the page is usable), so this module stays free of
 * zod and libphonenumber.
 */
/**
 * Validation rules of SPEC section 5. Schemas carry the rule (and its bound) as the issue message,
 * e.g. "required" or "maxCharacters:50"; server and forms translate it with the field's label.
 */
export const validationRules = [
  'required',
  'maxCharacters',
  'minCharacters',
  'format',
  'numberInvalid',
  'passwordMatch',
  'resetPasswordMatch',
  'minValue',
  'maxValue',
  'invalidOption',
  'invalidCharacters',
  'invalid',
] as const;
export type ValidationRule = (typeof validationRules)[number];

export type RuleMessage = { rule: ValidationRule; min?: number; max?: number };

export const parseRuleMessage = (message: string): RuleMessage => {
  const [rule, bound] = message.split(':');
  const known = (validationRules as readonly string[]).includes(rule ?? '')
    ? (rule as ValidationRule)
    : 'invalid';
  const value = bound === undefined ? undefined : Number(bound);
  if (known === 'maxCharacters' || known === 'maxValue') return { rule: known, max: value };
  if (known === 'minCharacters' || known === 'minValue') return { rule: known, min: value };
  return { rule: known };
};
