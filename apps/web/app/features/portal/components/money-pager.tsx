import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Previous and next, and where one is (SPEC section 2 paging). */
export const MoneyPager = ({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) => {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Group justify="space-between" mt="md" gap="xs">
        <Button
          variant="outline"
          size="compact-md"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid="pager-previous"
        >
          {t('account.orders.previous')}
        </Button>
        <Text size="sm" aria-live="polite">
          {t('account.orders.pageOf', { page, pages })}
        </Text>
        <Button
          variant="outline"
          size="compact-md"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          data-testid="pager-next"
        >
          {t('account.orders.next')}
        </Button>
      </Group>
    </nav>
  );
};
