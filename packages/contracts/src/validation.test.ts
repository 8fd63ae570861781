import { describe, expect, it } from 'vitest';
import {
  changePasswordBodySchema,
  loginBodySchema,
  portalRegisterBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  updateProfileBodySchema,
} from './auth';
import { contactMessageBodySchema } from './forms';
import {
  multilinePaths,
  multilineTextField,
  numberField,
  parseRuleMessage,
  phoneField,
  ruleErrorMap,
  textField,
  validationRules,
  withStorableText,
} from './validation';
import { z } from './zod';

/** Field → rule messages, the way the server's error handler groups zod issues. */
const rulesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
};

const validRegister = {
  firstName: 'Arta',
  lastName: 'Krasniqi',
  email: 'Arta@Example.test',
  password: 'Str0ng-passw0rd',
  confirmPassword: 'Str0ng-passw0rd',
  phoneNumber: '+355691234567',
  humanProof: 'proof',
};

describe('parseRuleMessage', () => {
  it('reads a rule and its bound', () => {
    expect(parseRuleMessage('required')).toEqual({ rule: 'required' });
    expect(parseRuleMessage('maxCharacters:50')).toEqual({ rule: 'maxCharacters', max: 50 });
    expect(parseRuleMessage('minCharacters:8')).toEqual({ rule: 'minCharacters', min: 8 });
    expect(parseRuleMessage('minValue:200')).toEqual({ rule: 'minValue', min: 200 });
    expect(parseRuleMessage('maxValue:1000')).toEqual({ rule: 'maxValue', max: 1000 });
    expect(parseRuleMessage('passwordMatch')).toEqual({ rule: 'passwordMatch' });
    expect(parseRuleMessage('resetPasswordMatch')).toEqual({ rule: 'resetPasswordMatch' });
  });

  it('turns unknown messages into "invalid"', () => {
    expect(parseRuleMessage('Invalid input: expected string')).toEqual({ rule: 'invalid' });
    expect(parseRuleMessage('')).toEqual({ rule: 'invalid' });
    expect(parseRuleMessage('toString')).toEqual({ rule: 'invalid' });
  });

  it('knows every rule SPEC section 5 names', () => {
    expect(validationRules).toEqual(
      expect.arrayContaining([
        'required',
        'maxCharacters',
        'minCharacters',
        'format',
        'numberInvalid',
        'passwordMatch',
      ]),
    );
  });
});

describe('ruleErrorMap through the real schemas', () => {
  it('is installed globally: a plain zod schema speaks in rules', () => {
    expect(
      rulesOf(z.object({ a: z.string(), b: z.number(), c: z.string().max(3) }), { b: 'x', c: 'long' }),
    ).toEqual({
      a: ['required'],
      b: ['numberInvalid'],
      c: ['maxCharacters:3'],
    });
    expect(ruleErrorMap({ code: 'custom', input: 1, path: [] } as never)).toBe('invalid');
  });

  it('register: accepts a valid body and normalises the e-mail', () => {
    const result = registerBodySchema.parse({ ...validRegister, firstName: '  Arta  ' });
    expect(result.email).toBe('arta@example.test');
    expect(result.firstName).toBe('Arta');
  });

  it('register: "required" for missing, empty and blank fields', () => {
    expect(rulesOf(registerBodySchema, {})).toEqual({
      firstName: ['required'],
      lastName: ['required'],
      email: ['required'],
      password: ['required'],
      confirmPassword: ['required'],
      phoneNumber: ['required'],
      humanProof: ['required'],
    });
    expect(
      rulesOf(registerBodySchema, { ...validRegister, firstName: '', lastName: '   ', email: null }),
    ).toEqual({
      firstName: ['required'],
      lastName: ['required'],
      email: ['required'],
    });
  });

  it('register: length, format and match rules', () => {
    expect(
      rulesOf(registerBodySchema, {
        ...validRegister,
        firstName: 'x'.repeat(10_000),
        email: 'not-an-email',
        password: 'short',
        confirmPassword: 'short',
        phoneNumber: '12',
      }),
    ).toEqual({
      firstName: ['maxCharacters:50'],
      email: ['format'],
      password: ['minCharacters:8'],
      phoneNumber: ['format'],
    });
    expect(
      rulesOf(registerBodySchema, { ...validRegister, password: 'p'.repeat(129), confirmPassword: 'x' }),
    ).toEqual({
      password: ['maxCharacters:128'],
      confirmPassword: ['passwordMatch'],
    });
    expect(rulesOf(registerBodySchema, { ...validRegister, confirmPassword: 'Other-passw0rd' })).toEqual({
      confirmPassword: ['passwordMatch'],
    });
  });

  it('register: a non-string where text is expected is "invalid", not "required"', () => {
    expect(rulesOf(registerBodySchema, { ...validRegister, firstName: 42, email: ['a@b.test'] })).toEqual({
      firstName: ['invalid'],
      email: ['invalid'],
    });
  });

  it('portal register: sellShopPrice must be a number (numeric strings from forms are fine)', () => {
    const base = { ...validRegister, shopName: 'Tirana Mobile', sellShopPrice: '15' };
    expect(portalRegisterBodySchema.parse(base).sellShopPrice).toBe(15);
    expect(portalRegisterBodySchema.parse({ ...base, sellShopPrice: 15.5 }).sellShopPrice).toBe(15.5);
    for (const sellShopPrice of ['abc', '12abc', true, {}]) {
      expect(rulesOf(portalRegisterBodySchema, { ...base, sellShopPrice })).toEqual({
        sellShopPrice: ['numberInvalid'],
      });
    }
    expect(rulesOf(portalRegisterBodySchema, { ...base, sellShopPrice: '' })).toEqual({
      sellShopPrice: ['required'],
    });
    expect(rulesOf(portalRegisterBodySchema, { ...base, sellShopPrice: '-1' })).toEqual({
      sellShopPrice: ['minValue:0'],
    });
    expect(rulesOf(portalRegisterBodySchema, { ...base, sellShopPrice: '1001' })).toEqual({
      sellShopPrice: ['maxValue:1000'],
    });
    expect(rulesOf(portalRegisterBodySchema, { ...base, shopName: 'A' })).toEqual({
      shopName: ['minCharacters:2'],
    });
  });

  it('numberField: numeric strings become numbers; anything else is "must be a number"', () => {
    expect(numberField.parse(' 7 ')).toBe(7);
    expect(rulesOf(z.object({ n: numberField }), { n: 'NaN' })).toEqual({ n: ['numberInvalid'] });
  });

  it('phone: at most 25 characters and a valid international number', () => {
    expect(phoneField.parse(' +355691234567 ')).toBe('+355691234567');
    expect(phoneField.parse('+355 69 123 4567')).toBe('+355691234567');
    expect(rulesOf(z.object({ p: phoneField }), { p: '+1 555' })).toEqual({ p: ['format'] });
    expect(rulesOf(z.object({ p: phoneField }), { p: `+355${'6'.repeat(30)}` }).p).toContain(
      'maxCharacters:25',
    );
  });

  it('reset password: its own mismatch message', () => {
    expect(
      rulesOf(resetPasswordBodySchema, {
        token: 't',
        password: 'New-passw0rd',
        confirmPassword: 'Other-passw0rd',
      }),
    ).toEqual({ confirmPassword: ['resetPasswordMatch'] });
  });

  it('change password and login: required fields', () => {
    expect(rulesOf(changePasswordBodySchema, {})).toEqual({
      currentPassword: ['required'],
      password: ['required'],
      confirmPassword: ['required'],
    });
    expect(rulesOf(loginBodySchema, { email: 'a@b.test', password: '' })).toEqual({ password: ['required'] });
  });

  it('profile update: country format and locale option', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.test', phoneNumber: '+355691234567' };
    expect(updateProfileBodySchema.parse({ ...base, country: 'al' }).country).toBe('AL');
    expect(updateProfileBodySchema.parse({ ...base, country: null }).country).toBeNull();
    expect(rulesOf(updateProfileBodySchema, { ...base, country: 'ALB', locale: 'xx' })).toEqual({
      country: ['format'],
      locale: ['invalidOption'],
    });
  });
});

describe('withStorableText: tab and line breaks only in multi-line fields', () => {
  const contact = withStorableText(contactMessageBodySchema);
  const validContact = {
    fullName: 'Arta Krasniqi',
    email: 'arta@example.test',
    title: 'A question',
    message: 'First line\nSecond line\r\n\tindented',
    humanProof: 'proof',
  };

  it('keeps them in a multi-line field and in passwords', () => {
    expect(rulesOf(contact, validContact)).toEqual({});
    expect(rulesOf(withStorableText(loginBodySchema), { email: 'a@b.test', password: 'x\ty\nz' })).toEqual(
      {},
    );
    expect(multilinePaths(contactMessageBodySchema)).toEqual([['message']]);
  });

  it('refuses them in every single-line field and key, with the same rule', () => {
    expect(
      rulesOf(contact, {
        ...validContact,
        fullName: 'Arta\nKrasniqi',
        title: 'A\tquestion',
        email: 'a@b.test\r',
      }),
    ).toEqual({
      fullName: ['invalidCharacters'],
      title: ['invalidCharacters'],
      email: ['invalidCharacters'],
    });
    expect(rulesOf(contact, { ...validContact, 'a\nb': 1 })).toMatchObject({ 'a\nb': ['invalidCharacters'] });
  });

  it('finds multi-line fields through wrappers, arrays and records', () => {
    const schema = z.strictObject({
      notes: z.array(z.object({ text: multilineTextField(100).optional() })),
      byLocale: z.record(z.string(), multilineTextField(100)).nullable(),
      name: textField(10),
    });
    expect(multilinePaths(schema)).toEqual([
      ['notes', '*', 'text'],
      ['byLocale', '*'],
    ]);
    const checked = withStorableText(schema);
    expect(rulesOf(checked, { notes: [{ text: 'a\nb' }], byLocale: { en: 'c\td' }, name: 'ok' })).toEqual({});
    expect(rulesOf(checked, { notes: [], byLocale: null, name: 'o\nk' })).toEqual({
      name: ['invalidCharacters'],
    });
  });

  it('still refuses control characters in multi-line fields', () => {
    expect(rulesOf(contact, { ...validContact, message: 'Long enough text\u0000' })).toEqual({
      message: ['invalidCharacters'],
    });
  });
});
