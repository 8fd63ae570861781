import type { CustomerEsim } from '@esim/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentPackageOf, esimDigits } from '../format';
import { EsimStatusBadge } from './esim-card';

/**
 * The eSIM a screen is about, kept in the address (`?esim=<id>`) so the active packages screen can link to it;
 * without one (or with one that is not offered) the first offered eSIM.
 */
export const useSelectedEsim = (esims: CustomerEsim[]) => {
  const [params, setParams] = useSearchParams();
  const requested = params.get('esim');
  const selected = esims.find((e) => e.id === requested) ?? esims[0] ?? null;
  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('esim', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { selected, select };
};

/** Radio buttons, one per eSIM: its last digits, its current package and its state. */
export const EsimPicker = ({
  esims,
  selectedId,
  onSelect,
  legend,
}: {
  esims: CustomerEsim[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  legend: string;
}) => {
  const { t } = useTranslation();
  return (
    <fieldset className="account-choice-list" data-testid="esim-picker">
      <legend style={{ padding: 0, marginBottom: 8, fontWeight: 600 }}>{legend}</legend>
      {esims.map((esim) => {
        const pkg = currentPackageOf(esim);
        return (
          <label key={esim.id} className="account-choice" data-testid="esim-choice" data-iccid={esim.iccid}>
            <input
              type="radio"
              name="esim"
              value={esim.id}
              checked={esim.id === selectedId}
              onChange={() => onSelect(esim.id)}
            />
            <span style={{ minWidth: 0, flex: 1 }}>
              <Text component="span" fw={700} display="block">
                {t('account.esim.label', { digits: esimDigits(esim) })}
              </Text>
              {pkg ? (
                <Text component="span" size="sm" display="block">
                  {pkg.name}
                </Text>
              ) : null}
            </span>
            <EsimStatusBadge status={esim.status} />
          </label>
        );
      })}
    </fieldset>
  );
};
