import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen';
import { StaffMemberDetail } from '../../features/staff/components/staff-member-detail';
import { staffMembersList } from '../../features/staff/staff-members-list';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('staff');

/** SPEC section 2 `/staff/manage-roles` (admin only): staff accounts; one opens beside the list. */
export default function ManageRoles() {
  const { t } = useTranslation('admin');
  return (
    <ListScreen
      list={staffMembersList}
      title="screens.staffManageRoles"
      detail={{
        param: 'member',
        title: t('admin-staff:staffMembers.detailTitle'),
        render: (id) => <StaffMemberDetail staffId={id} />,
      }}
    />
  );
}
