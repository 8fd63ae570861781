import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSandboxRefundMode, useSetSandboxRefundMode } from '../api/sandbox-refund-mode';

/** The payments sandbox's switch that makes refunds fail (to see a failed refund and its retry); sandbox only. */
export const SandboxRefundSwitch = () => {
  const { t } = useTranslation('admin-refunds');
  const mode = useSandboxRefundMode();
  const set = useSetSandboxRefundMode();
  if (!mode.data?.available) return null;
  return (
    <Switch
      label={t('sandbox.failRefunds')}
      description={t('sandbox.hint')}
      checked={mode.data.failRefunds}
      disabled={set.isPending}
      onChange={(event) => set.mutate(event.currentTarget.checked)}
      data-testid="sandbox-fail-refunds"
    />
  );
};
