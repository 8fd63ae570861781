import type { Shop, ShopAction } from '@esim/contracts/staff';
import { describeError } from '@esim/ui/describe-error';
import { ConfirmButton } from '@esim/ui/feedback/confirm-button';
import { useToast } from '@esim/ui/feedback/toast';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShopAction } from '../api/change-shop';

const actionOf: Record<Shop['status'], ShopAction> = {
  pending_verification: 'approve',
  active: 'suspend',
  suspended: 'reactivate',
};

/** The one status change a shop's state offers; suspending asks first. */
export const ShopStatusActions = ({ shop }: { shop: Shop }) => {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const change = useShopAction(shop.id);
  const action = actionOf[shop.status];
  const run = () =>
    change.mutateAsync({ action, version: shop.version }).then(
      ({ message }) => toast(message),
      () => undefined,
    );
  return (
    <Stack gap="xs">
      <Group>
        {action === 'suspend' ? (
          <ConfirmButton
            variant="outline"
            color="red.9"
            title={t('shops.confirmSuspend.title')}
            message={t('shops.confirmSuspend.message', { name: shop.name })}
            confirmLabel={t('shops.actions.suspend')}
            cancelLabel={t('clients.cancel')}
            onConfirm={run}
            data-testid="shop-suspend"
          >
            {t('shops.actions.suspend')}
          </ConfirmButton>
        ) : (
          <Button loading={change.isPending} onClick={() => void run()} data-testid={`shop-${action}`}>
            {t(`shops.actions.${action}`)}
          </Button>
        )}
      </Group>
      {change.isError ? (
        <Alert color="red.9" variant="outline" role="alert">
          {describeError(t, change.error, 'GENERIC')}
        </Alert>
      ) : null}
    </Stack>
  );
};
