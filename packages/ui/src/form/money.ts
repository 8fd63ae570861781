/** Cents <-> the euro amount a money input shows. Pure, so the field's rounding is unit tested. */

/** 499 -> 4.99; empty or non-integer values show as an empty input. */
export const centsToEuros = (cents: unknown): number | '' =>
  typeof cents === 'number' && Number.isInteger(cents) ? cents / 100 : '';

/** 4.99 (or "4.99") -> 499, rounded to the cent; an empty input is undefined so the contract says "required". */
export const eurosToCents = (euros: number | string): number | undefined => {
  if (euros === '' || euros === null) return undefined;
  const value = typeof euros === 'number' ? euros : Number(euros);
  if (!Number.isFinite(value)) return undefined;
  return Math.round(value * 100);
};
