import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { GiftClaim } from '../../features/checkout/components/gift-claim';
import { useLazyTexts } from '../../lib/use-lazy-texts';

/** The claim link of a gift eSIM's e-mail: /gift/claim?token=… (signed in or out alike). Not indexed. */
export default function GiftClaimRoute() {
  const { t } = useTranslation();
  // Register and login come back here by a client navigation: the page's words may still be on their way.
  if (!useLazyTexts('gift')) return null;
  return (
    <>
      <PageMeta title={t('gift:claim.title')} description={t('gift:claim.intro')} noIndex />
      <UiKitProvider>
        <QueryProvider>
          <GiftClaim />
        </QueryProvider>
      </UiKitProvider>
    </>
  );
}
