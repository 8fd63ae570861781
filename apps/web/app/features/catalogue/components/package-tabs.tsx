import type { PackageType } from '@esim/contracts';
import { type KeyboardEvent, type ReactElement, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { addressWith, isPlainClick } from '../../../lib/links';
import type { DestinationLinkData, PackageCardData } from '../../../lib/package-card';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { DestinationList } from './destination-list';
import { PackageGrid } from './package-card';

const tabOrder: PackageType[] = ['local', 'regional', 'global'];

/** The tab a page address asks for (`?tab=regional`): what a tab opens before the page's scripts run. */
export const parsePackageTab = (value: string | null): PackageType =>
  tabOrder.find((type) => type === value) ?? 'local';

type PackageTabsProps = {
  initialTab: PackageType;
  countries: DestinationLinkData[];
  regions: DestinationLinkData[];
  globalPackages: PackageCardData[];
};

/**
 * The three package tabs of SPEC section 1 (WAI-ARIA tabs: arrow keys move between tabs). Local lists the
 * countries, regional the regions, global the global packages. Every panel is in the HTML for search engines;
 * only the selected one is shown. Each tab is a link to the page with that tab open, so a tap before the scripts
 * arrive (seconds on a slow phone) still opens it; once they have, the tab switches in place.
 */
export const PackageTabs = ({ initialTab, countries, regions, globalPackages }: PackageTabsProps) => {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const hydrated = useIsHydrated();
  const [selected, setSelected] = useState<PackageType>(initialTab);
  const tabs = useRef<Record<string, HTMLAnchorElement | null>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const index = tabOrder.indexOf(selected);
    const rtl = document.documentElement.dir === 'rtl';
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
    };
    let next: PackageType | undefined;
    if (event.key in step)
      next = tabOrder[(index + (step[event.key] ?? 0) + tabOrder.length) % tabOrder.length];
    else if (event.key === 'Home') next = tabOrder[0];
    else if (event.key === 'End') next = tabOrder.at(-1);
    if (!next) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };

  // The same elements on every render, so React skips the lists (hundreds of links) when only the tabs change:
  // the switch to roving tab stops just after hydration, and each tab change.
  const panels = useMemo<Record<PackageType, ReactElement>>(
    () => ({
      local: <DestinationList destinations={countries} testId="tab-local-list" />,
      regional: <DestinationList destinations={regions} testId="tab-regional-list" />,
      global: <PackageGrid packages={globalPackages} />,
    }),
    [countries, regions, globalPackages],
  );

  return (
    <div className="package-tabs">
      <div role="tablist" aria-label={t('catalogue.tabsLabel')} className="package-tabs__list">
        {tabOrder.map((type) => (
          <a
            key={type}
            ref={(element) => {
              tabs.current[type] = element;
            }}
            href={`${addressWith(location, 'tab', type)}#packages`}
            role="tab"
            id={`${id}-tab-${type}`}
            aria-selected={selected === type}
            aria-controls={`${id}-panel-${type}`}
            // Arrow keys move between tabs once hydrated; before that each is a link to reach with Tab.
            tabIndex={hydrated ? (selected === type ? 0 : -1) : undefined}
            className="package-tabs__tab"
            data-testid={`tab-${type}`}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              setSelected(type);
            }}
            onKeyDown={onKeyDown}
          >
            {t(`catalogue.tabs.${type}`)}
          </a>
        ))}
      </div>
      {tabOrder.map((type) => (
        <div
          key={type}
          role="tabpanel"
          id={`${id}-panel-${type}`}
          aria-labelledby={`${id}-tab-${type}`}
          hidden={selected !== type}
          className="package-tabs__panel"
          data-testid={`panel-${type}`}
        >
          <p className="package-tabs__intro">{t(`catalogue.tabIntro.${type}`)}</p>
          {panels[type]}
        </div>
      ))}
    </div>
  );
};
