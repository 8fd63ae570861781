import { RelatedList } from '@esim/ui/detail/related-list';
import { formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { useCampaign, useCampaignOrders } from '../api/campaigns';
import { campaignOrderRows, campaignPath, campaignState } from '../campaigns-list';
import { CampaignForm } from './campaign-form';
import { CampaignLanguagesForm } from './campaign-languages-form';

/** The campaign's other screens and its link, above each of its screens. */
const CampaignLinks = ({ id, link }: { id: string; link: string }) => {
  const { t } = useTranslation('admin-campaigns');
  return (
    <Group gap="md" mb="md" wrap="wrap">
      <Anchor component={Link} to={campaignPath('edit', id)}>
        {t('campaigns.form.details')}
      </Anchor>
      <Anchor component={Link} to={campaignPath('languages', id)} data-testid="campaign-languages-link">
        {t('campaigns.form.languages')}
      </Anchor>
      <Anchor component={Link} to={campaignPath('orders', id)}>
        {t('campaigns.ordersLink')}
      </Anchor>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }} data-testid="campaign-link">
        {link}
      </Text>
    </Group>
  );
};

/** `/campaigns/edit/{id}`. */
export const CampaignEdit = ({ id }: { id: string }) => {
  const { t } = useTranslation('admin-campaigns');
  const answer = useCampaign(id);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const campaign = answer.data;
  return (
    <>
      <CampaignLinks id={id} link={campaign.link} />
      <Text mb="sm" data-testid="campaign-state">
        {campaignState.label(t, campaign.state)}
      </Text>
      <CampaignForm key={campaign.version} campaign={campaign} />
    </>
  );
};

/** `/campaigns/languages/{id}`. */
export const CampaignLanguages = ({ id }: { id: string }) => {
  const answer = useCampaign(id);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  return (
    <>
      <CampaignLinks id={id} link={answer.data.link} />
      <CampaignLanguagesForm key={answer.data.version} campaign={answer.data} />
    </>
  );
};

/** `/campaigns/orders/{id}`: the orders it brought (its coupon or its link) and what they paid. */
export const CampaignOrders = ({ id }: { id: string }) => {
  const { t } = useTranslation(['admin-campaigns', 'admin']);
  const locale = useLocale();
  const campaign = useCampaign(id);
  const orders = useCampaignOrders(id, 1);
  if (!campaign.isSuccess) return <LoadState query={campaign} />;
  if (!orders.isSuccess) return <LoadState query={orders} />;
  const { totals } = orders.data;
  return (
    <>
      <CampaignLinks id={id} link={campaign.data.link} />
      <Text fw={600} data-testid="campaign-revenue">
        {t('orders.totals', {
          paid: totals.paidOrders,
          revenue: formatPrice(totals.revenueCents, locale),
          discount: formatPrice(totals.discountCents, locale),
        })}
      </Text>
      <RelatedList
        rows={campaignOrderRows}
        items={orders.data.items}
        label={t('orders.title', { name: campaign.data.name })}
        empty={t('orders.empty')}
      />
    </>
  );
};
