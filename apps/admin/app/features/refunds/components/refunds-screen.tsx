import type { StaffRefundsQuery } from '@esim/contracts/staff';
import { ListScreen } from '../../../components/list-screen';
import { refundsList } from '../refunds-list';
import { SandboxRefundSwitch } from './sandbox-refund-switch';

/**
 * The refunds list with one kind or status pinned (SPEC section 2's six refund screens); the failed refunds
 * screen has the payments sandbox's "refunds fail" switch above it, shown only in sandbox mode.
 */
export const RefundsScreen = ({
  title,
  fixed,
}: {
  title: string;
  fixed?: Pick<StaffRefundsQuery, 'kind'> | Pick<StaffRefundsQuery, 'status'>;
}) => (
  <ListScreen
    list={refundsList}
    title={title}
    {...(fixed ? { fixed } : {})}
    {...(fixed && 'status' in fixed ? { before: <SandboxRefundSwitch /> } : {})}
  />
);
