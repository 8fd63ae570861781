import type { FixedFilters, ListDefinition, ListQueryBase } from '@esim/ui/list/define-list';
import { ListView, type ListViewProps } from '@esim/ui/list/list-view';
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { savedViewsStore } from '../lib/saved-views';
import { PageTitle } from './page-title';

type ListScreenProps<Query extends ListQueryBase, Item> = {
  list: ListDefinition<Query, Item>;
  /** The preset: filters this screen pins (`{ status: 'for_review' }`). */
  fixed?: FixedFilters<Query>;
  /** i18n key of the page title in the admin namespace (`screens.ordersFailedTransactions`). */
  title: string;
  bulkActions?: ListViewProps<Query, Item>['bulkActions'];
  detail?: ListViewProps<Query, Item>['detail'];
  /** Shown between the title and the list (a summary of the same data). */
  before?: ReactNode;
  /** The button to the screen that creates an item of the list (`/coupons/create`), above the list. */
  create?: { to: string; label: string; 'data-testid': string };
};

/**
 * A staff list screen: the page title and the list kit's view of one list definition with a preset; every
 * staff list offers saved views (kept per person on the server).
 */
export const ListScreen = <Query extends ListQueryBase, Item>({
  list,
  fixed,
  title,
  bulkActions,
  detail,
  before,
  create,
}: ListScreenProps<Query, Item>) => {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{t(title)}</PageTitle>
      {create ? (
        <Group justify="flex-end">
          <Button component={Link} to={create.to} data-testid={create['data-testid']}>
            {create.label}
          </Button>
        </Group>
      ) : null}
      {before}
      <ListView
        list={list}
        {...(fixed ? { fixed } : {})}
        {...(bulkActions ? { bulkActions } : {})}
        {...(detail ? { detail } : {})}
        savedViews={savedViewsStore}
      />
    </>
  );
};
