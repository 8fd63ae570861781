import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { GiftCardForm } from '../../features/checkout/components/gift-card-form';
import { GiftCardReturn } from '../../features/checkout/components/gift-card-return';
import { PageIntro } from '../../features/content/components/page-intro';

/**
 * Gift cards (issue 31; the site's routes are not in SPEC, ADR 0040): the form to buy one, and the same page as
 * the card page's way back (`?order=…&session_id=…`), which says whether the payment went through.
 */
export default function GiftCardsRoute() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  const orderId = params.get('order');
  return (
    <>
      <PageMeta title={t('giftCards.title')} description={t('giftCards.description')} />
      <PageIntro id="gift-cards-title" heading={t('giftCards.heading')} intro={t('giftCards.intro')} />
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
