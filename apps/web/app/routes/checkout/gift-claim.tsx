import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { GiftClaim } from '../../features/checkout/components/gift-claim';

/** The claim link of a gift eSIM's e-mail: /gift/claim?token=… (signed in or out alike). Not indexed. */
export default function GiftClaimRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('giftEsims.claim.title')} description={t('giftEsims.claim.intro')} noIndex />
      <UiKitProvider>
        <QueryProvider>
          <GiftClaim />
        </QueryProvider>
      </UiKitProvider>
    </>
  );
}
