import { NumberInput, type NumberInputProps } from '@mantine/core';
import { centsToEuros, eurosToCents } from './money';

export type MoneyInputProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  /** Integer cents, or undefined while empty. */
  value: number | undefined;
  onChange: (cents: number | undefined) => void;
  /** The largest amount allowed, in cents. */
  max?: number;
};

/**
 * A money input outside a form (an action's amount): holds integer cents, shows euros with two decimals.
 * MoneyField is the same input bound to a form field.
 */
export const MoneyInput = ({ value, onChange, max, ...props }: MoneyInputProps) => (
  <NumberInput
    value={centsToEuros(value)}
    onChange={(euros) => onChange(eurosToCents(euros))}
    prefix="€"
    decimalScale={2}
    fixedDecimalScale
    min={0}
    {...(max === undefined ? {} : { max: max / 100, clampBehavior: 'strict' as const })}
    hideControls
    {...props}
  />
);
