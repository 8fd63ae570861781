/**
 * Label and value pairs of one record. A fact is built like a list column (`factsFor<Client>()` gives the same
 * builders as `columnsFor`), so text, money, dates, numbers and statuses are formatted once, the same way in a
 * list cell and on a detail.
 */
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, columnsFor } from '../list/define-list';
import { useLocale } from '../use-locale';

/** Fact builders bound to the record's type: `const fact = factsFor<Client>()`. */
export const factsFor = <Item,>() => columnsFor<Item, never>();

export type Fact<Item> = Column<Item>;

export const Facts = <Item,>({
  item,
  facts,
  labels,
  cols = 2,
  testIdPrefix,
}: {
  item: Item;
  facts: readonly Fact<Item>[];
  /** i18n key prefix of the labels: a fact's label is `<labels>.<id>`. */
  labels: string;
  cols?: number;
  /** Gives each value the test id `<prefix>-<fact id>`. */
  testIdPrefix?: string;
}) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const context = { locale, t: (key: string, options?: Record<string, unknown>) => t(key, options ?? {}) };
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="sm">
      {facts.map((fact) => {
        const value = fact.cell(item, context);
        const empty = value === '' || value === null || value === undefined;
        return (
          <div key={fact.id}>
            <Text size="xs" c="gray.7">
              {t(`${labels}.${fact.id}`)}
            </Text>
            <Text
              style={{ overflowWrap: 'anywhere' }}
              data-testid={testIdPrefix ? `${testIdPrefix}-${fact.id}` : undefined}
            >
              {empty ? (
                '—'
              ) : fact.href ? (
                <Anchor component={Link} to={fact.href(item)} c="accent.7">
                  {value}
                </Anchor>
              ) : (
                value
              )}
            </Text>
          </div>
        );
      })}
    </SimpleGrid>
  );
};
