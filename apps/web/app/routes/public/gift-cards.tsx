import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { GiftCardForm } from '../../features/checkout/components/gift-card-form';
import { GiftCardReturn } from '../../features/checkout/components/gift-card-return';
import { PageIntro } from '../../features/content/components/page-intro';
import { getPageTexts } from '../../lib/i18n.server';
import { resolveRequestLocale } from '../../lib/locale';
import { usePageTexts } from '../../lib/use-page-texts';
import type { Route } from './+types/gift-cards';

/**
 * Gift cards (issue 31; the site's routes are not in SPEC, ADR 0040): the form to buy one, and the same page as
 * the card page's way back (`?order=…&session_id=…`), which says whether the payment went through.
 */
/** The page's words (`gifts`), handed over with its data rather than as a chunk of the site's first load. */
export const loader = ({ request, context }: Route.LoaderArgs) => ({
  texts: getPageTexts(resolveRequestLocale(request, context), 'gifts'),
});

export default function GiftCardsRoute({ loaderData }: Route.ComponentProps) {
  usePageTexts('gifts', loaderData.texts);
  const { t } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  const orderId = params.get('order');
  return (
    <>
      <PageMeta title={t('gifts:title')} description={t('gifts:description')} />
      <PageIntro id="gift-cards-title" heading={t('gifts:heading')} intro={t('gifts:intro')} />
      <div className="container form-layout">
        {orderId ? (
          <GiftCardReturn orderId={orderId} sessionId={params.get('session_id')} />
        ) : (
          <div className="form-card">
            <GiftCardForm />
          </div>
        )}
      </div>
    </>
  );
}
