import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/page-meta';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { GiftClaim } from '../../features/checkout/components/gift-claim';
import { getPageTexts } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import { usePageTexts } from '../../lib/use-page-texts';
import type { Route } from './+types/gift-claim';

/** The claim page's words (ADR 0044), with its data rather than in the site's first load. */
export const loader = ({ request, context }: Route.LoaderArgs) => ({
  giftTexts: getPageTexts(resolveRequestLocale(request, context), 'gifts'),
});

/** The claim link of a gift eSIM's e-mail: /gift/claim?token=… (signed in or out alike). Not indexed. */
export default function GiftClaimRoute({ loaderData }: Route.ComponentProps) {
  usePageTexts('gifts', loaderData.giftTexts);
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('gifts:claim.title')} description={t('gifts:claim.intro')} noIndex />
      <UiKitProvider>
        <QueryProvider>
          <GiftClaim />
        </QueryProvider>
      </UiKitProvider>
    </>
  );
}
