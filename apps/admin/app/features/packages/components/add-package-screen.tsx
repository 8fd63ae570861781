import { addPackageBodySchema, type WholesalePackageItem } from '@esim/contracts/staff';
import { DetailPage } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { FormShell } from '@esim/ui/form/form-shell';
import { MoneyField } from '@esim/ui/form/money-field';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { LoadState } from '../../../components/load-state';
import { listWholesalePackages, useAddPackage } from '../api/packages';
import { wholesaleList } from '../packages-list';
import { useMarginPriceForm } from './margin-price-form';

const fact = factsFor<WholesalePackageItem>();
const facts = [
  fact.text('code'),
  fact.money('wholesaleCents'),
  fact.number('countryCount'),
  fact.number('validityDays'),
];

const AddPackageForm = ({ item }: { item: WholesalePackageItem }) => {
  const { t } = useTranslation(['admin-packages', 'admin', 'common']);
  const { form, confirmation } = useMarginPriceForm(addPackageBodySchema, {
    defaultValues: {
      code: item.code,
      priceCents: item.suggestedPriceCents,
      confirmBelowMargin: false,
    },
    mutation: useAddPackage(),
    confirmTestId: 'add-confirm-below-margin',
  });
  return (
    <FormShell form={form} submitLabel={t('wholesale.add')} data-testid="add-package-form">
      <MoneyField form={form} name="priceCents" label={t('packages.priceCents')} required />
      {confirmation}
    </FormShell>
  );
};

/** One package of the wholesale list beside it: its cost, and our price to add it with. */
const WholesaleDrawer = ({ code }: { code: string }) => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  const answer = useQuery({
    queryKey: ['wholesale-packages', 'one', code],
    queryFn: ({ signal }) =>
      listWholesalePackages({ q: code, page: 1, pageSize: 200, sort: 'name' }, signal).then(
        (page) => page.items.find((item) => item.code === code) ?? null,
      ),
  });
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const item = answer.data;
  if (!item) return <Text>{t('wholesale.gone')}</Text>;
  return (
    <DetailPage title={item.name} data-testid="wholesale-detail">
      <Facts item={item} facts={facts} labels="admin-packages:wholesale" testIdPrefix="wholesale" />
      {item.listed ? <Text>{t('wholesale.alreadyListed')}</Text> : <AddPackageForm item={item} />}
    </DetailPage>
  );
};

/** `/global-packages/add`: the provider's wholesale list (through the eSIM port); a package is added with our price. */
export const AddPackageScreen = () => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  return (
    <ListScreen
      list={wholesaleList}
      title="screens.packagesAdd"
      detail={{
        param: 'code',
        title: t('wholesale.detailTitle'),
        render: (code) => <WholesaleDrawer code={code} />,
      }}
    />
  );
};
