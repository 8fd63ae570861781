import type { StaffPackage } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage, Section } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { useAction } from '@esim/ui/detail/use-action';
import { formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { useTranslation } from 'react-i18next';
import { describeEntry, HistorySection } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { useDeletePackage, useStaffPackage } from '../api/packages';
import { PackageEditForm } from './package-edit-form';

const fact = factsFor<StaffPackage>();
const facts = [
  fact.text('providerPackageCode'),
  fact.text('provider'),
  fact.money('wholesaleCents'),
  fact.money('marginCents'),
  fact.money('resellerPriceCents'),
  fact.number('countryCount'),
  fact.boolean('topUpAllowed', 'admin:yesNo'),
  fact.text('slug'),
];

/** A value of the history in words: money as euros, yes/no, the rest as stored. */
export const useHistoryValue = () => {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (field: string, value: unknown): string => {
    if (typeof value === 'number' && field.endsWith('Cents')) return formatPrice(value, locale);
    if (typeof value === 'boolean') return t(`yesNo.${value ? 'yes' : 'no'}`);
    if (value === null || value === undefined) return '—';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
};

/** A package beside the list: its cost and codes, the edit form, delete (or why not), and its history. */
export const PackageDrawer = ({ packageId }: { packageId: string }) => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  const answer = useStaffPackage(packageId);
  const remove = useAction(useDeletePackage(packageId));
  const value = useHistoryValue();
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const { package: pkg, history } = answer.data;
  return (
    <DetailPage
      title={pkg.name}
      subtitle={pkg.coverage ?? t('packages.types.global')}
      actions={
        <ActionGroup actions={[remove]} errorTestId="package-delete-error">
          <ActionButton
            action={remove}
            label={t('packages.delete.label')}
            confirm={{
              title: t('packages.delete.title'),
              message: t('packages.delete.message', { name: pkg.name }),
            }}
            variables={{ version: pkg.version }}
            data-testid="package-delete"
          />
        </ActionGroup>
      }
      data-testid="package-detail"
    >
      <Facts item={pkg} facts={facts} labels="admin-packages:packages" testIdPrefix="package" />
      <Section title={t('packages.edit.title')}>
        <PackageEditForm key={pkg.version} pkg={pkg} />
      </Section>
      <HistorySection
        entries={history}
        describe={(entry) => describeEntry(entry, t, 'admin-packages:packages.audit', value)}
      />
    </DetailPage>
  );
};
