import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen';
import { businessesList } from '../../features/businesses/businesses-list';
import { BusinessDetail } from '../../features/businesses/components/business-detail';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('businesses');

/** SPEC section 2 `/staff/manage-businesses` (admin only): partner applications; one opens beside the list. */
export default function ManageBusinesses() {
  const { t } = useTranslation('admin');
  return (
    <ListScreen
      list={businessesList}
      title="screens.staffManageBusinesses"
      detail={{
        param: 'application',
        title: t('admin-businesses:businesses.detailTitle'),
        render: (id) => <BusinessDetail id={id} />,
      }}
    />
  );
}
