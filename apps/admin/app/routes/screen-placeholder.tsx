import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageTitle } from '../components/page-title';

/**
 * A staff screen a later issue fills: its title (the route id names it, see app/lib/access.ts) and an empty
 * state. Navigation, guards and role rules already apply to it.
 */
export default function ScreenPlaceholder() {
  const { t } = useTranslation('admin');
  const screenId = useMatches().at(-1)?.id ?? '';
  return (
    <>
      <PageTitle>{t(`screens.${screenId}`)}</PageTitle>
      <EmptyState title={t('placeholder.title')} description={t('placeholder.text')} />
    </>
  );
}
