import { localeLabels, locales, localeTags } from '@esim/contracts';
import {
  type Campaign,
  type CampaignLanguagesBody,
  campaignLanguagesBodySchema,
  requiredBannerLocales,
} from '@esim/contracts/staff';
import { FormShell } from '@esim/ui/form/form-shell';
import { TextField } from '@esim/ui/form/text-field';
import { useRecordForm } from '@esim/ui/form/use-record-form';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSaveCampaignTexts } from '../api/campaigns';
import { campaignsList } from '../campaigns-list';

const valuesOf = (campaign: Campaign): CampaignLanguagesBody => ({
  bannerTexts: Object.fromEntries(locales.map((locale) => [locale, campaign.bannerTexts[locale] ?? ''])),
  version: campaign.version,
});
const required = new Set<string>(requiredBannerLocales);

/** `/campaigns/languages/{id}`: the banner in each of the twelve languages; empty ones show the English text. */
export const CampaignLanguagesForm = ({ campaign }: { campaign: Campaign }) => {
  const { t } = useTranslation(['admin-campaigns', 'admin', 'common']);
  const form = useRecordForm(campaignLanguagesBodySchema, {
    record: campaign,
    valuesOf,
    mutation: useSaveCampaignTexts(campaignsList.id, campaign.id),
    saved: (answer) => answer.campaign,
  });
  return (
    <FormShell
      form={form}
      maw={880}
      submitLabel={t('campaigns.form.save')}
      data-testid="campaign-languages-form"
    >
      <p>{t('campaigns.form.languagesHelp')}</p>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {locales.map((locale) => (
          <TextField
            key={locale}
            form={form}
            name={`bannerTexts.${locale}`}
            label={localeLabels[locale]}
            lang={localeTags[locale]}
            dir="auto"
            required={required.has(locale)}
          />
        ))}
      </SimpleGrid>
    </FormShell>
  );
};
