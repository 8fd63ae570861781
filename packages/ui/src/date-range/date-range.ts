/** The date-range picker's rules (date-range-picker.tsx), apart from React: ISO dates (YYYY-MM-DD), UTC. */

export type DateRange = { from: string; to: string };

const dayMs = 86_400_000;

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export const shiftDate = (date: string, days: number) =>
  isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs));

/** The last `days` days up to and including `today`. */
export const lastDays = (days: number, today: string): DateRange => ({
  from: shiftDate(today, 1 - days),
  to: today,
});

/** A date the picker can keep: a real calendar day written as YYYY-MM-DD (browsers send '' while one is typed). */
export const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDate(new Date(`${value}T00:00:00Z`)) === value;
