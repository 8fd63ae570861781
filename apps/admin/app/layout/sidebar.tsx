import { NavLink, ScrollArea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { getLinkPath, getVisibleNavigation, type NavGroup, type NavLinkItem } from '../lib/navigation';
import { useSession } from '../lib/session';

/** The visible link whose path is the longest prefix of the current path (so sub-screens keep their link lit). */
const findActivePath = (paths: string[], pathname: string): string | undefined =>
  paths
    .filter((path) => pathname === path || (path !== '/' && pathname.startsWith(`${path}/`)))
    .sort((a, b) => b.length - a.length)[0];

type SidebarProps = { onNavigate?: () => void };

/** SPEC "Dashboard layout": Home, then collapsible groups, filtered by role (app/lib/navigation.ts). */
export const Sidebar = ({ onNavigate }: SidebarProps) => {
  const { user } = useSession();
  const { pathname } = useLocation();
  const entries = getVisibleNavigation(user);
  const allPaths = entries.flatMap((entry) =>
    entry.kind === 'link' ? [getLinkPath(entry.link)] : entry.group.links.map(getLinkPath),
  );
  const activePath = findActivePath(allPaths, pathname);

  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      <ul
        data-testid="sidebar-list"
        style={{ listStyle: 'none', margin: 0, padding: 'var(--mantine-spacing-xs)' }}
      >
        {entries.map((entry) => (
          <li key={entry.kind === 'link' ? entry.link.labelKey : entry.group.key}>
            {entry.kind === 'link' ? (
              <SidebarLink link={entry.link} activePath={activePath} onNavigate={onNavigate} />
            ) : (
              <SidebarGroup group={entry.group} activePath={activePath} onNavigate={onNavigate} />
            )}
          </li>
        ))}
      </ul>
    </ScrollArea>
  );
};

type LinkProps = { link: NavLinkItem; activePath: string | undefined; onNavigate?: (() => void) | undefined };

const SidebarLink = ({ link, activePath, onNavigate }: LinkProps) => {
  const { t } = useTranslation('admin');
  const path = getLinkPath(link);
  const active = path === activePath;
  return (
    <NavLink
      component={Link}
      to={path}
      label={t(`nav.links.${link.labelKey}`)}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-link-${link.labelKey}`}
      onClick={onNavigate}
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
    />
  );
};

type GroupProps = { group: NavGroup; activePath: string | undefined; onNavigate?: (() => void) | undefined };

const SidebarGroup = ({ group, activePath, onNavigate }: GroupProps) => {
  const { t } = useTranslation('admin');
  const containsActive = group.links.some((link) => getLinkPath(link) === activePath);
  const [opened, setOpened] = useState(containsActive);
  // Arriving on one of its screens (from a link elsewhere, or the address bar) opens the group.
  useEffect(() => {
    if (containsActive) setOpened(true);
  }, [containsActive]);
  const listId = `nav-group-${group.key}`;
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={t(`nav.groups.${group.key}`)}
        onClick={() => setOpened((value) => !value)}
        rightSection={<Chevron opened={opened} />}
        aria-expanded={opened}
        aria-controls={listId}
        data-testid={`nav-group-${group.key}`}
        fw={600}
        styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
      />
      {opened ? (
        <ul
          id={listId}
          style={{ listStyle: 'none', margin: 0, paddingInlineStart: 'var(--mantine-spacing-md)' }}
        >
          {group.links.map((link) => (
            <li key={link.labelKey}>
              <SidebarLink link={link} activePath={activePath} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
};

const Chevron = ({ opened }: { opened: boolean }) => (
  <svg
    width="14"
    height="14"
    viewBox="0 0 16 16"
    aria-hidden="true"
    style={{ transition: 'transform 150ms ease', transform: opened ? 'rotate(180deg)' : 'none' }}
  >
    <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
