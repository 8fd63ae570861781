import type { Shop, ShopAction, ShopDetail } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage, Section } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { useAction } from '@esim/ui/detail/use-action';
import { formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { useTranslation } from 'react-i18next';
import { describeEntry, HistorySection } from '../../../components/history-list';
import { useShopAction } from '../api/change-shop';
import { shopStatus } from '../shops-list';
import { CreditAdjustmentForm } from './credit-adjustment-form';
import { SellPriceForm } from './sell-price-form';

const fact = factsFor<Shop>();
const balances = [fact.money('creditCents'), fact.money('bonusCents'), fact.money('totalCents')];

/** The one status change a shop's state offers; suspending asks first. */
const actionOf: Record<Shop['status'], ShopAction> = {
  pending_verification: 'approve',
  active: 'suspend',
  suspended: 'reactivate',
};

const StatusAction = ({ shop }: { shop: Shop }) => {
  const { t } = useTranslation('admin-shops');
  const change = useAction(useShopAction(shop.id));
  const action = actionOf[shop.status];
  return (
    <ActionGroup actions={[change]}>
      <ActionButton
        action={change}
        label={t(`shops.actions.${action}`)}
        variables={{ action, version: shop.version }}
        {...(action === 'suspend'
          ? {
              confirm: {
                title: t('shops.confirmSuspend.title'),
                message: t('shops.confirmSuspend.message', { name: shop.name }),
              },
            }
          : {})}
        data-testid={`shop-${action}`}
      />
    </ActionGroup>
  );
};

/** A shop's name, state, balances and everything staff can change on it, with the history of those changes. */
export const ShopManagePanel = ({ detail }: { detail: ShopDetail }) => {
  const { t } = useTranslation('admin-shops');
  const locale = useLocale();
  const { shop } = detail;
  const label = (field: string, value: unknown): string => {
    if (field === 'status') return shopStatus.label(t, value as Shop['status']);
    if (field === 'bonusTiers')
      return Array.isArray(value)
        ? value
            .map(
              (tier: { fromCents: number; percent: number }) =>
                `${formatPrice(tier.fromCents, locale)}: ${tier.percent} %`,
            )
            .join('; ')
        : t('shops.settingsTiers');
    if (typeof value === 'number' && field.endsWith('Cents')) return formatPrice(value, locale);
    return String(value ?? '');
  };
  return (
    <DetailPage
      title={shop.name}
      subtitle={shop.ownerEmail}
      status={{ statuses: shopStatus, value: shop.status, 'data-testid': 'shop-status' }}
      actions={<StatusAction shop={shop} />}
      data-testid="shop-manage"
    >
      <Facts item={shop} facts={balances} labels="admin-shops:shops" cols={3} testIdPrefix="shop" />
      <Section title={t('shops.sellShopPrice')}>
        <SellPriceForm key={shop.version} shop={shop} />
      </Section>
      <Section title={t('shops.adjustTitle')}>
        <CreditAdjustmentForm shopId={shop.id} />
      </Section>
      <HistorySection
        entries={detail.history}
        describe={(entry) => describeEntry(entry, t, 'shops.audit', label)}
      />
    </DetailPage>
  );
};
