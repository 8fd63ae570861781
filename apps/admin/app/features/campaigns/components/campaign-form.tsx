import { type Campaign, type CampaignBody, campaignBodySchema } from '@esim/contracts/staff';
import { DateField } from '@esim/ui/form/date-field';
import { FormShell } from '@esim/ui/form/form-shell';
import { TextField } from '@esim/ui/form/text-field';
import { useRecordForm } from '@esim/ui/form/use-record-form';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSaveCampaign } from '../api/campaigns';
import { campaignPath, campaignsList } from '../campaigns-list';

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const emptyCampaign = (): CampaignBody => ({
  name: '',
  utmCode: '',
  startsOn: day(),
  endsOn: day(30),
  couponCode: '',
  bannerTexts: { sq: '', en: '' },
});

const valuesOf = (campaign: Campaign): CampaignBody => ({
  name: campaign.name,
  utmCode: campaign.utmCode,
  startsOn: campaign.startsOn,
  endsOn: campaign.endsOn,
  couponCode: campaign.couponCode ?? '',
  bannerTexts: campaign.bannerTexts,
  version: campaign.version,
});

/**
 * `/campaigns/create` and `/campaigns/edit/{id}`: name, utm code, days, coupon, and the banner in Albanian and
 * English (the other ten languages on `/campaigns/languages/{id}`).
 */
export const CampaignForm = ({ campaign }: { campaign?: Campaign }) => {
  const { t } = useTranslation(['admin-campaigns', 'admin', 'common']);
  const form = useRecordForm(campaignBodySchema, {
    record: campaign,
    empty: emptyCampaign,
    valuesOf,
    mutation: useSaveCampaign(campaignsList.id, campaign?.id),
    saved: (answer) => answer.campaign,
    editPath: (saved) => campaignPath('edit', saved.id),
  });
  return (
    <FormShell
      form={form}
      maw={720}
      submitLabel={t(campaign ? 'campaigns.form.save' : 'campaigns.form.create')}
      data-testid="campaign-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label={t('campaigns.name')} autoComplete="off" required />
        <TextField
          form={form}
          name="utmCode"
          label={t('campaigns.utmCode')}
          description={t('campaigns.form.utmHelp')}
          autoComplete="off"
          required
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateField form={form} name="startsOn" label={t('campaigns.startsOn')} required />
        <DateField form={form} name="endsOn" label={t('campaigns.endsOn')} required />
        <TextField
          form={form}
          name="couponCode"
          label={t('campaigns.couponCode')}
          description={t('campaigns.form.couponHelp')}
          autoComplete="off"
        />
      </SimpleGrid>
      <TextField
        form={form}
        name="bannerTexts.sq"
        label={t('campaigns.form.bannerIn', { language: 'Shqip' })}
        required
      />
      <TextField
        form={form}
        name="bannerTexts.en"
        label={t('campaigns.form.bannerIn', { language: 'English' })}
        required
      />
    </FormShell>
  );
};
