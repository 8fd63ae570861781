import './account.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { accountLinks } from '../links';

/** The dashboard menu: tabs that scroll sideways on phones (the current one is scrolled into view). */
const AccountNav = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of screen.
  useEffect(() => {
    const current = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && listRef.current && listRef.current.scrollWidth > listRef.current.clientWidth)
      current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <nav aria-label={t('account.navLabel')} className="account-nav" data-testid="account-nav">
      <ul className="account-nav__list" ref={listRef}>
        {accountLinks.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={'end' in link} className="account-nav__link">
              {t(`account.nav.${link.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};

/** Menu and the current screen. */
export const AccountShell = ({ children }: { children: ReactNode }) => (
  <div className="container account-shell">
    <AccountNav />
    <div style={{ minWidth: 0 }}>{children}</div>
  </div>
);

/** A screen's title (the page's only h1, also the document title) and its one-line introduction. */
export const AccountPage = ({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-page-title">
      <title>{`${title} · ${t('brand')}`}</title>
      <meta name="robots" content="noindex" />
      <header className="account-page__header">
        <h1 id="account-page-title" className="account-page__title">
          {title}
        </h1>
        {intro ? <p className="account-page__intro">{intro}</p> : null}
      </header>
      {children}
    </section>
  );
};
