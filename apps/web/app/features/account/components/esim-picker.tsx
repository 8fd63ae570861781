import type { CustomerEsim } from '@esim/contracts';
import { type EsimAction, esimAllows } from '@esim/contracts/esim-lifecycle';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/query-status';
import { useEsims } from '../api/get-esims';
import { currentPackageOf, esimDigits } from '../format';
import { EsimEndedNote, EsimStatusBadge } from './esim-card';

/**
 * The eSIM a screen is about, kept in the address (`?esim=<id>`) so the active packages screen can link to it;
 * without one (or with one that is not offered) the first offered eSIM.
 */
const useSelectedEsim = (esims: CustomerEsim[]) => {
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
const EsimPicker = ({
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
                {t('account:esim.label', { digits: esimDigits(esim) })}
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

/**
 * The screens that act on one working eSIM (buy package, QR code, change eSIM): loading and error states, a
 * notice when there is none, a choice when there are several, then `children` for the chosen one. The eSIMs
 * offered are those the lifecycle lets do `action` (ADR 0091); one asked for by the address (`?esim=`) that
 * ended says what happened to it instead (a link from an e-mail or a bookmark), as does the newest eSIM when
 * none works.
 */
export const UsableEsimScope = ({
  action,
  legend,
  empty,
  children,
}: {
  action: EsimAction;
  legend: string;
  empty: ReactNode;
  children: (esim: CustomerEsim) => ReactNode;
}) => {
  const esims = useEsims();
  const [params] = useSearchParams();
  const all = esims.data ?? [];
  const usable = all.filter((esim) => esimAllows(esim.status, action));
  const { selected, select } = useSelectedEsim(usable);
  if (esims.isPending) return <Loading />;
  if (esims.isError) return <LoadError error={esims.error} onRetry={() => void esims.refetch()} />;
  const requested = all.find((esim) => esim.id === params.get('esim'));
  const ended = requested && !esimAllows(requested.status, action) ? requested : null;
  if (ended) return <EsimEndedNote esim={ended} labelled />;
  if (!selected) {
    const [newest] = all;
    return newest ? (
      <Stack gap="md">
        {empty}
        <EsimEndedNote esim={newest} labelled />
      </Stack>
    ) : (
      empty
    );
  }
  return (
    <Stack gap="lg">
      {usable.length > 1 ? (
        <EsimPicker esims={usable} selectedId={selected.id} onSelect={select} legend={legend} />
      ) : null}
      {children(selected)}
    </Stack>
  );
};
