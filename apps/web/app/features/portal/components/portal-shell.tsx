import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardShell } from '../../../components/dashboard-shell';
import { portalLinks } from '../links';

/** The reseller portal's menu and the current screen. */
export const PortalShell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const links = portalLinks.map((link) => ({
    to: link.to,
    label: t(`portal:shell.nav.${link.key}`),
    end: 'end' in link,
  }));
  return (
    <DashboardShell navLabel={t('portal:shell.navLabel')} links={links} testId="portal-nav">
      {children}
    </DashboardShell>
  );
};
