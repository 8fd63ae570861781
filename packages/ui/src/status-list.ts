/**
 * One mapping per status list: each value's label (an i18n key) and colour, used alike by the list cell
 * (`col.status`), the filter (`filter.select`), the detail badge (`DetailPage`'s `status`, `fact.status`) and the
 * history (`statuses.label`). Colours are tones the kit maps to shades dark enough for white badge text.
 */

/** Badge tones; each is a shade with at least 4.5:1 against white text (Mantine's green.9 is about 4.3:1). */
export const statusTones = {
  green: '#1e6b34',
  orange: '#9a3d00',
  red: '#a61b1b',
  brown: '#5c3d00',
  blue: '#1e3a8a',
  gray: '#495057',
} as const;
export type StatusTone = keyof typeof statusTones;

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type StatusList<Value extends string> = {
  values: readonly Value[];
  /** i18n key prefix: a value's label is `<labels>.<value>`. */
  labels: string;
  label(t: Translate, value: Value): string;
  /** The badge colour of a value. */
  color(value: Value): string;
};

/** `defineStatuses('admin-clients:clients.statuses', { active: 'green', blocked: 'orange', deleted: 'red' })`. */
export const defineStatuses = <const Value extends string>(
  labels: string,
  tones: Record<Value, StatusTone>,
): StatusList<Value> => ({
  values: Object.keys(tones) as Value[],
  labels,
  label: (t, value) => t(`${labels}.${value}`),
  color: (value) => statusTones[tones[value] ?? 'gray'],
});
