/**
 * Saved views of a list: its current filters and order saved under a name, opened again with one click. The
 * app passes where views are kept (the staff API); the kit only knows the list's URL state.
 */
import type { SavedView } from '@esim/contracts/staff';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../describe-error';

export type SavedViewsStore = {
  list: (listId: string, signal?: AbortSignal) => Promise<SavedView[]>;
  save: (view: { listId: string; name: string; query: string }) => Promise<SavedView>;
  remove: (viewId: string) => Promise<unknown>;
};

export const SavedViews = ({
  listId,
  store,
  currentQuery,
  onOpen,
}: {
  listId: string;
  store: SavedViewsStore;
  /** The list's state as search params (filters and order, no page). */
  currentQuery: string;
  onOpen: (query: string) => void;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const queryClient = useQueryClient();
  const key = ['saved-views', listId];
  const views = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => store.list(listId, signal),
    enabled: open,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: () => store.save({ listId, name: name.trim(), query: currentQuery }),
    onSuccess: () => setName(''),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: store.remove, onSettled: refresh });
  const error = save.error ?? remove.error ?? views.error;

  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)} data-testid="list-views">
        {t('common:list.views.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('common:list.views.title')}>
        <Stack gap="md">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) save.mutate();
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('common:list.views.name')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={80}
                style={{ flex: 1 }}
                data-testid="list-view-name"
              />
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!name.trim()}
                data-testid="list-view-save"
              >
                {t('common:list.views.save')}
              </Button>
            </Group>
          </form>
          {error ? (
            <Alert color="red.9" variant="outline" role="alert">
              {describeError(t, error, 'GENERIC')}
            </Alert>
          ) : null}
          {views.data?.length === 0 ? <Text c="gray.7">{t('common:list.views.empty')}</Text> : null}
          <Stack
            gap={4}
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            data-testid="list-view-items"
          >
            {views.data?.map((view) => (
              <Group key={view.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <UnstyledButton
                  onClick={() => {
                    onOpen(view.query);
                    setOpen(false);
                  }}
                  c="accent.7"
                  fw={600}
                >
                  {view.name}
                </UnstyledButton>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => remove.mutate(view.id)}
                  aria-label={t('common:list.views.delete', { name: view.name })}
                >
                  {t('common:list.views.deleteShort')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Modal>
    </>
  );
};
