import './dashboard-shell.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';

export type DashboardLink = { to: string; label: string; end?: boolean };

/** The area's menu: tabs that scroll sideways on phones (the current one is scrolled into view). */
const DashboardNav = ({
  label,
  links,
  testId,
}: {
  label: string;
  links: DashboardLink[];
  testId: string;
}) => {
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of screen.
  useEffect(() => {
    const current = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && listRef.current && listRef.current.scrollWidth > listRef.current.clientWidth)
      current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <nav aria-label={label} className="dashboard-nav" data-testid={testId}>
      <ul className="dashboard-nav__list" ref={listRef}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className="dashboard-nav__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};

/** A signed-in area's frame (customer dashboard, reseller portal): its menu and the current screen. */
export const DashboardShell = ({
  navLabel,
  links,
  testId,
  children,
}: {
  navLabel: string;
  links: DashboardLink[];
  /** The menu's test id (`account-nav`, `portal-nav`). */
  testId: string;
  children: ReactNode;
}) => (
  <div className="container dashboard-shell">
    <DashboardNav label={navLabel} links={links} testId={testId} />
    <div style={{ minWidth: 0 }}>{children}</div>
  </div>
);

/** A screen's title (the page's only h1, also the document title) and its one-line introduction. */
export const DashboardPage = ({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: string;
  /** The screen's main actions, beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-page-title">
      <title>{`${title} · ${t('brand')}`}</title>
      <meta name="robots" content="noindex" />
      <header className="dashboard-page__header">
        <div>
          <h1 id="dashboard-page-title" className="dashboard-page__title">
            {title}
          </h1>
          {intro ? <p className="dashboard-page__intro">{intro}</p> : null}
        </div>
        {actions ? <div className="dashboard-page__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
};
