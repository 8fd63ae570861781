import type { SeoKind } from '@esim/contracts';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { seoLists } from '../seo-lists';
import { SeoPageEditor } from './seo-page-editor';

const titles = {
  country: 'screens.seoCountries',
  region: 'screens.seoRegions',
  package: 'screens.seoGlobalPackages',
};

/** Countries, regions (categories) or global packages, each opening its texts beside the list. */
export const SeoPagesScreen = ({ kind }: { kind: SeoKind }) => {
  const { t } = useTranslation('admin-seo');
  const list = seoLists[kind];
  return (
    <ListScreen
      list={list}
      title={titles[kind]}
      detail={{
        param: 'page',
        title: t('editor.title'),
        render: (code) => <SeoPageEditor kind={kind} code={code} listId={list.id} />,
      }}
    />
  );
};
