import type { HighlightList, StaffPackage } from '@esim/contracts/staff';
import { describeError } from '@esim/ui/describe-error';
import { useToast } from '@esim/ui/feedback/toast';
import { formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { ActionIcon, Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useHighlightOrder, useSaveHighlightOrder } from '../api/packages';

const moved = <T,>(items: T[], from: number, to: number) => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * `/global-packages/popular-packages` and `/offers-packages`: the home page's list in the order staff give it,
 * by dragging a row or with its up and down buttons (keyboard), then saved as a whole.
 */
export const HighlightOrderScreen = ({ list }: { list: HighlightList }) => {
  const { t } = useTranslation(['admin-packages', 'admin']);
  const locale = useLocale();
  const toast = useToast();
  const answer = useHighlightOrder(list);
  const save = useSaveHighlightOrder(list);
  const [items, setItems] = useState<StaffPackage[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (answer.data) setItems(answer.data.items);
  }, [answer.data]);
  const title = t(list === 'popular' ? 'admin:screens.packagesPopular' : 'admin:screens.packagesOffers');
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    const item = items[from];
    setItems(moved(items, from, to));
    if (item) setAnnouncement(t('order.moved', { name: item.name, position: to + 1, count: items.length }));
  };
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, to);
    setDragged(null);
  };
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Text c="gray.7" mb="md">
        {t(list === 'popular' ? 'order.popularHelp' : 'order.offersHelp')}
      </Text>
      {!answer.isSuccess ? (
        <LoadState query={answer} />
      ) : items.length === 0 ? (
        <Text>{t('order.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <Stack
            component="ol"
            gap={6}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="order-list"
          >
            {items.map((pkg, index) => (
              <Card
                key={pkg.id}
                component="li"
                withBorder
                padding="xs"
                draggable
                onDragStart={() => setDragged(index)}
                onDragOver={(event: DragEvent) => event.preventDefault()}
                onDrop={(event: DragEvent) => onDrop(event, index)}
                style={{ cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
                data-testid="order-item"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <Text fw={600} w={28} ta="right" aria-hidden>
                      {index + 1}.
                    </Text>
                    <div>
                      <Text fw={600} data-testid="order-name">
                        {pkg.name}
                      </Text>
                      <Text size="sm" c="gray.7">
                        {formatPrice(pkg.offerPriceCents ?? pkg.priceCents, locale)}
                        {pkg.active ? '' : ` · ${t('order.inactive')}`}
                      </Text>
                    </div>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={t('order.up', { name: pkg.name })}
                      data-testid="order-up"
                    >
                      <span aria-hidden>↑</span>
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={t('order.down', { name: pkg.name })}
                      data-testid="order-down"
                    >
                      <span aria-hidden>↓</span>
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
          <p role="status" aria-live="polite" style={{ margin: 0 }} data-testid="order-announcement">
            {announcement}
          </p>
          {save.isError ? (
            <Alert color="red" role="alert">
              {describeError(t, save.error, 'GENERIC')}
            </Alert>
          ) : null}
          <Group>
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  items.map((pkg) => pkg.id),
                  { onSuccess: ({ message }) => toast(message) },
                )
              }
              data-testid="order-save"
            >
              {t('order.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
};
