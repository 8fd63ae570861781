import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';

/** Header, sidebar and main area of every signed-in screen. */
export const DashboardShell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('admin');
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <AppHeader navOpened={opened} onToggleNav={toggle} showUserMenu />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('nav.label')} data-testid="sidebar">
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
};
