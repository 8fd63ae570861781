import { clientRefundBodySchema } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { useAction } from '@esim/ui/detail/use-action';
import { Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getGuardRole, isAllowed } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useRefundClient } from '../api/refund-client';

const { reason, policyOverrideReason } = clientRefundBodySchema.shape;
const reasonBounds = { minLength: reason.minLength ?? 3, maxLength: reason.maxLength ?? 500 };
const overrideMax = policyOverrideReason.unwrap().maxLength ?? 500;

/**
 * "Refund every order" on a client (admin only, like every refund): each refundable order gets its own refund of
 * what is left; orders the refund policy does not cover need the override reason.
 */
export const ClientRefundAction = ({ clientId }: { clientId: string }) => {
  const { t } = useTranslation('admin-refunds');
  const { user } = useSession();
  const action = useAction(useRefundClient(clientId));
  const [override, setOverride] = useState('');
  if (!isAllowed('adminOnly', getGuardRole(user))) return null;
  return (
    <Stack gap="xs" mt="sm">
      <TextInput
        label={t('client.override')}
        value={override}
        maxLength={overrideMax}
        onChange={(event) => setOverride(event.currentTarget.value)}
        data-testid="client-refund-override"
      />
      <ActionGroup actions={[action]} errorTestId="client-refund-error">
        <ActionButton
          action={action}
          label={t('client.label')}
          confirm={{ title: t('client.title'), message: t('client.message') }}
          reason={{ label: t('client.reason'), ...reasonBounds }}
          variables={(text) => ({
            reason: text,
            ...(override.trim() ? { policyOverrideReason: override.trim() } : {}),
          })}
          data-testid="client-refund"
        />
      </ActionGroup>
    </Stack>
  );
};
