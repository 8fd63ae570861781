import { Button, Group, TextInput } from '@mantine/core';
import { type DateRange, isIsoDate, lastDays } from './date-range';

export type DateRangePreset = { label: string; days: number };

/**
 * Two native date fields (the browser's own calendar, keyboard and locale) and quick ranges ending today. A
 * field is applied once it holds a whole date; `error` (the range's rule, worded by the screen) is shown under
 * the end date and marks it invalid.
 */
export const DateRangePicker = ({
  value,
  onChange,
  labels,
  presets = [],
  today,
  error,
  'data-testid': testId,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  labels: { from: string; to: string };
  presets?: readonly DateRangePreset[];
  /** Today as an ISO date; the presets end on it. */
  today: string;
  error?: string | null;
  'data-testid'?: string;
}) => {
  const change = (part: keyof DateRange) => (event: { currentTarget: { value: string } }) => {
    const date = event.currentTarget.value;
    if (isIsoDate(date)) onChange({ ...value, [part]: date });
  };
  return (
    <Group align="flex-start" gap="sm" data-testid={testId}>
      <TextInput
        type="date"
        label={labels.from}
        value={value.from}
        onChange={change('from')}
        data-testid={testId && `${testId}-from`}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={value.to}
        onChange={change('to')}
        error={error || undefined}
        data-testid={testId && `${testId}-to`}
      />
      {presets.length > 0 ? (
        <Group gap="xs" mt={25} role="group" aria-label={`${labels.from} – ${labels.to}`}>
          {presets.map((preset) => {
            const range = lastDays(preset.days, today);
            const active = range.from === value.from && range.to === value.to;
            return (
              <Button
                key={preset.days}
                size="sm"
                variant={active ? 'filled' : 'default'}
                aria-pressed={active}
                onClick={() => onChange(range)}
              >
                {preset.label}
              </Button>
            );
          })}
        </Group>
      ) : null}
    </Group>
  );
};
