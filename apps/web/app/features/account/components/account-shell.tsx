import './account.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '../../../components/dashboard-shell';
import { accountLinks } from '../links';

/** The customer dashboard's menu and the current screen. */
export const AccountShell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const links = accountLinks.map((link) => ({
    to: link.to,
    label: t(`account.nav.${link.key}`),
    end: 'end' in link,
  }));
  return (
    <DashboardShell navLabel={t('account:navLabel')} links={links} testId="account-nav">
      {children}
    </DashboardShell>
  );
};
