/** The top-up form's amount, typed in euros: "250", "250.5", "250,50" -> cents; a rule name when it is not a top-up amount (SPEC section 5). */
export const parseTopUpAmount = (
  text: string,
  minimumCents: number,
): { cents: number } | { error: 'required' | 'numberInvalid' | 'wholeCents' | 'minimum' } => {
  const value = text.trim().replace(/\s/g, '');
  if (value === '') return { error: 'required' };
  const match = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(value);
  if (!match) return { error: 'numberInvalid' };
  const [, sign, whole = '0', fraction = ''] = match;
  if (sign) return { error: 'minimum' };
  if (fraction.length > 2) return { error: 'wholeCents' };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return { error: 'numberInvalid' };
  if (cents < minimumCents) return { error: 'minimum' };
  return { cents };
};
