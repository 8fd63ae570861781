import { type Client, type ClientAction, clientRestoreDays } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage, Section } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { RelatedList } from '@esim/ui/detail/related-list';
import { useAction } from '@esim/ui/detail/use-action';
import { formatDate } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeEntry, HistorySection } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { esimPackageStatus, esimStatus } from '../../../lib/esim-statuses';
import { orderRows } from '../../../lib/order-rows';
import { useClientAction } from '../api/act-on-client';
import { useClient } from '../api/get-client';
import { clientStatus } from '../clients-list';

const fact = factsFor<Client>();
const profile = [
  fact.text('email'),
  fact.text('phone'),
  fact.text('country'),
  fact.text('locale'),
  fact.date('createdAt', { time: false }),
  fact.number('ordersCount'),
];

/** Which actions a client's state offers; blocking and deleting ask first. */
const actionsFor = (status: Client['status']): ClientAction[] =>
  status === 'active'
    ? ['block', 'delete', 'password-reset']
    : status === 'blocked'
      ? ['unblock', 'delete']
      : ['restore'];

const ClientActions = ({ client }: { client: Client }) => {
  const { t } = useTranslation('admin-clients');
  const action = useAction(useClientAction(client.id));
  const name = `${client.firstName} ${client.lastName}`;
  return (
    <ActionGroup actions={[action]} errorTestId="client-action-error">
      {actionsFor(client.status).map((name_) => (
        <ActionButton
          key={name_}
          action={action}
          label={t(`clients.actions.${name_}`)}
          variables={{ action: name_, version: client.version }}
          {...(name_ === 'block' || name_ === 'delete'
            ? {
                confirm: {
                  title: t(`clients.confirm.${name_}.title`),
                  message: t(`clients.confirm.${name_}.message`, { name }),
                },
              }
            : {})}
          data-testid={`client-${name_}`}
        />
      ))}
    </ActionGroup>
  );
};

/**
 * A client's detail (the drawer of the clients screens): profile, actions, orders, eSIMs and history; `extra` is
 * what another area adds under the orders (the route composes it: the client refund).
 */
export const ClientDetail = ({ clientId, extra }: { clientId: string; extra?: ReactNode }) => {
  const { t } = useTranslation('admin-clients');
  const locale = useLocale();
  const answer = useClient(clientId);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const { client, ...detail } = answer.data;
  const restoreUntil = client.deletedAt && Date.parse(client.deletedAt) + clientRestoreDays * 86_400_000;
  const ordersTitle = t('clients.orders', { count: detail.ordersTotal });
  return (
    <DetailPage
      title={`${client.firstName} ${client.lastName}`}
      status={{ statuses: clientStatus, value: client.status, 'data-testid': 'client-status' }}
      actions={<ClientActions client={client} />}
      data-testid="client-detail"
    >
      {restoreUntil ? (
        <Text size="sm" c="gray.7">
          {t('clients.restoreUntil', { date: formatDate(new Date(restoreUntil).toISOString(), locale) })}
        </Text>
      ) : null}
      <Facts item={client} facts={profile} labels="admin-clients:clients" />
      <Section title={ordersTitle}>
        <RelatedList
          rows={orderRows}
          items={detail.orders}
          label={ordersTitle}
          empty={t('clients.noOrders')}
        />
        {extra}
      </Section>
      <Section title={t('clients.esims')}>
        {detail.esims.length === 0 ? <Text c="gray.7">{t('clients.noEsims')}</Text> : null}
        <Stack gap="xs">
          {detail.esims.map((esim) => (
            <Text key={esim.id} size="sm">
              <strong>{esim.iccid}</strong> · {esimStatus.label(t, esim.status)}
              {esim.endedAt ? ` · ${t('admin:esimEndedOn', { date: formatDate(esim.endedAt, locale) })}` : ''}
              {esim.packages.map((p) => ` · ${p.name} (${esimPackageStatus.label(t, p.status)})`).join('')}
            </Text>
          ))}
        </Stack>
      </Section>
      <HistorySection
        entries={detail.history}
        describe={(entry) =>
          describeEntry(entry, t, 'clients.audit', (_f, v) => clientStatus.label(t, v as Client['status']))
        }
      />
    </DetailPage>
  );
};
