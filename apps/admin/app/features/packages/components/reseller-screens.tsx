import { type StaffPackage, setResellerPriceBodySchema } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { useAction } from '@esim/ui/detail/use-action';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { LoadState } from '../../../components/load-state';
import {
  useRemoveResellerPrice,
  useResellerMargin,
  useSetResellerPrice,
  useStaffPackage,
} from '../api/packages';
import { packagesList } from '../packages-list';
import { MarginAction } from './margin-action';
import { useMarginPriceForm } from './margin-price-form';

const fact = factsFor<StaffPackage>();
const facts = [fact.money('wholesaleCents'), fact.money('priceCents'), fact.money('resellerPriceCents')];

const ResellerPriceForm = ({ pkg }: { pkg: StaffPackage }) => {
  const { t } = useTranslation(['admin-packages', 'admin', 'common']);
  const { form, confirmation } = useMarginPriceForm(setResellerPriceBodySchema, {
    defaultValues: {
      version: pkg.version,
      resellerPriceCents: pkg.resellerPriceCents ?? undefined,
      confirmBelowMargin: false,
    },
    mutation: useSetResellerPrice(pkg.id),
    confirmTestId: 'reseller-confirm-below-margin',
  });
  return (
    <FormShell
      form={form}
      submitLabel={t(pkg.resellerPriceCents === null ? 'reseller.add' : 'reseller.save')}
      data-testid="reseller-price-form"
    >
      <MoneyField form={form} name="resellerPriceCents" label={t('packages.resellerPriceCents')} required />
      {confirmation}
    </FormShell>
  );
};

/** A package's reseller price beside the list: set or change it, or take the package off the list. */
const ResellerDrawer = ({ packageId }: { packageId: string }) => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  const answer = useStaffPackage(packageId);
  const remove = useAction(useRemoveResellerPrice(packageId));
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const { package: pkg } = answer.data;
  return (
    <DetailPage
      title={pkg.name}
      actions={
        pkg.resellerPriceCents === null ? undefined : (
          <ActionGroup actions={[remove]}>
            <ActionButton
              action={remove}
              label={t('reseller.remove')}
              confirm={{
                title: t('reseller.remove'),
                message: t('reseller.removeMessage', { name: pkg.name }),
              }}
              variables={{ version: pkg.version }}
              data-testid="reseller-remove"
            />
          </ActionGroup>
        )
      }
      data-testid="reseller-detail"
    >
      <Facts item={pkg} facts={facts} labels="admin-packages:packages" cols={3} testIdPrefix="reseller" />
      <ResellerPriceForm key={pkg.version} pkg={pkg} />
    </DetailPage>
  );
};

/**
 * `/global-packages/reseller-packages` (the list the portal sells from, with bulk margin) and
 * `/global-packages/add-reseller-packages` (packages not on it yet): one list, two presets.
 */
export const ResellerPackagesScreen = ({ listed }: { listed: boolean }) => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  const margin = useResellerMargin();
  const detail = {
    param: 'package',
    title: t('reseller.detailTitle'),
    render: (id: string) => <ResellerDrawer packageId={id} />,
  };
  if (!listed)
    return (
      <ListScreen
        list={packagesList}
        title="screens.packagesAddReseller"
        fixed={{ reseller: 'unlisted' }}
        detail={detail}
      />
    );
  return (
    <ListScreen
      list={packagesList}
      title="screens.packagesReseller"
      fixed={{ reseller: 'listed' }}
      detail={detail}
      bulkActions={(selected, clearSelection) => (
        <MarginAction
          ids={selected.map((pkg) => pkg.id)}
          submit={(body) => margin.mutateAsync(body)}
          pending={margin.isPending}
          done={clearSelection}
          testId="reseller-margin"
        />
      )}
    />
  );
};
