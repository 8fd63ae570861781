import { describeError } from '@esim/ui/describe-error';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useVerifyEmail } from '../../features/auth/api/verify-email';

/** The outcome of a token: sent once the page is in the browser, a spinner until then. */
const Verification = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const verification = useVerifyEmail(token);
  if (verification.status === 'pending')
    return (
      <p className="form-note" role="status">
        <span className="button__spinner" aria-hidden="true" /> {t('loading')}
      </p>
    );
  return verification.status === 'success' ? (
    <Outcome verified message={verification.message} />
  ) : (
    <Outcome verified={false} message={describeError(t, verification.error)} />
  );
};

/**
 * The outcome in the form alert's look, without the form kit's module (a form page would otherwise load that
 * module apart from the rest of its form code: 0.2 KB more on each form page's first load), and the way on.
 */
const Outcome = ({ verified, message }: { verified: boolean; message: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <p
        className={`form-alert form-alert--${verified ? 'success' : 'error'}`}
        role={verified ? 'status' : 'alert'}
        data-testid={verified ? 'form-success' : 'form-error'}
      >
        {message}
      </p>
      <Link to="/portal/login" className="button button--block">
        {t('auth:verify.toLogin')}
      </Link>
    </>
  );
};

/**
 * The link in the shop verification e-mail: /portal/verify-email?token=… A public page in plain HTML (no UI kit),
 * framed like the login pages.
 */
export default function VerifyEmailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const title = t('auth:verify.title');
  return (
    <div className="container auth-page auth-page--plain">
      <title>{`${title} · ${t('brand')}`}</title>
      <h1>{title}</h1>
      <div className="form-card plain-form" data-testid="verify-email">
        {token ? (
          <Verification token={token} />
        ) : (
          <Outcome verified={false} message={t('common:errors.VERIFICATION_TOKEN_INVALID')} />
        )}
      </div>
    </div>
  );
}
