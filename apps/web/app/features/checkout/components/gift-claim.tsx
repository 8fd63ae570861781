import '../../../styles/form-styles';
import { isApiError } from '@esim/ui/api-client';
import { describeError } from '@esim/ui/describe-error';
import { FormAlert } from '@esim/ui/form/form-shell';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { useClaimGift } from '../api/claim-gift';

/**
 * The link in a gift eSIM's e-mail: a signed-in customer adds the eSIM to their account; a visitor logs in or
 * registers first and comes back here (the login and register pages return to `from`).
 */
export const GiftClaim = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token');
  const session = useSession();
  const hydrated = useIsHydrated();
  const claim = useClaimGift();
  const customer = session.user?.kind === 'customer';
  const back = { from: `${location.pathname}${location.search}` };

  const content = () => {
    if (!token)
      return <FormAlert feedback={{ kind: 'error', message: t('gifts:errors.GIFT_CLAIM_INVALID') }} />;
    if (claim.isSuccess)
      return (
        <>
          <FormAlert feedback={{ kind: 'success', message: claim.data.message }} />
          <Button component={Link} to="/account/qr-code" data-testid="gift-claim-qr">
            {t('gifts:claim.toQr')}
          </Button>
        </>
      );
    if (!customer)
      return (
        <>
          <Text>{t('gifts:claim.signedOut')}</Text>
          <Group>
            <Button component={Link} to="/login" state={back} data-testid="gift-claim-login">
              {t('gifts:claim.login')}
            </Button>
            <Button
              component={Link}
              to="/register"
              state={back}
              variant="default"
              data-testid="gift-claim-register"
            >
              {t('gifts:claim.register')}
            </Button>
          </Group>
        </>
      );
    // A gift that ended before its claim (refunded, cancelled, freed: ADR 0091) cannot be claimed by trying again.
    const ended = isApiError(claim.error) && claim.error.code === 'GIFT_ESIM_ENDED';
    return (
      <>
        {claim.isError ? (
          <FormAlert feedback={{ kind: 'error', message: describeError(t, claim.error) }} />
        ) : null}
        {ended ? null : (
          <Button
            onClick={() => claim.mutate(token)}
            loading={claim.isPending}
            disabled={!hydrated}
            data-testid="gift-claim-submit"
          >
            {t('gifts:claim.submit')}
          </Button>
        )}
      </>
    );
  };

  return (
    <Container size="xs" className="auth-page">
      <Title order={1} mb="xs">
        {t('gifts:claim.title')}
      </Title>
      <Text mb="md">{t('gifts:claim.intro')}</Text>
      <Paper withBorder shadow="sm" p="lg" radius="md" mt="md">
        <Stack gap="md" data-testid="gift-claim">
          {content()}
        </Stack>
      </Paper>
    </Container>
  );
};
