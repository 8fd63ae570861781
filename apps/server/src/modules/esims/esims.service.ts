import {
  type CustomerEsim,
  type CustomerEsimInstall,
  type EsimAction,
  esimInstallLimit,
  type Locale,
  type PackageSummary,
} from '@esim/contracts';
import type { Db } from '@esim/db';
import type { EsimProvider } from '../../adapters/esim/port';
import { AppError } from '../../lib/app-error';
import type { PackageRow } from '../catalogue/catalogue.repository';
import { listSellablePackages } from '../catalogue/catalogue.repository';
import type { Catalogue } from '../catalogue/catalogue.service';
import { assertEsimAllows } from './esim-lifecycle';
import {
  type EsimRow,
  type EsimScope,
  findFirstPackageSnapshot,
  getEsim,
  listEsims,
  listPackagesOfEsims,
} from './esims.repository';
import { toEsimInstall } from './qr-code';
import { applyUsage, type UsageDeps } from './usage.service';

type Destination = { provider: string; type: string; countryCode: string | null; regionCode: string | null };

/**
 * A package fits an eSIM when the same provider sells it for the same destination (a country's local packages
 * on a local eSIM, the same region, or global) and allows top-ups. Wholesalers top up only what matches the
 * profile's original location.
 */
export const fitsEsim = (destination: Destination, pkg: PackageRow) =>
  pkg.topUpAllowed &&
  pkg.active &&
  !pkg.deletedAt &&
  pkg.provider === destination.provider &&
  pkg.type === destination.type &&
  pkg.countryCode === destination.countryCode &&
  pkg.regionCode === destination.regionCode;

/** The destination an eSIM was bought for: the terms of its first package. */
export const destinationOf = async (db: Db, esim: EsimRow): Promise<Destination> => {
  const s = ((await findFirstPackageSnapshot(db, esim.id)) ?? {}) as Partial<Destination>;
  return {
    provider: s.provider ?? esim.provider,
    type: s.type ?? 'local',
    countryCode: s.countryCode ?? null,
    regionCode: s.regionCode ?? null,
  };
};

/**
 * An eSIM of the caller's that may do `action` now (ADR 0091); 404 for another's, and for one that ended the
 * refusal of how it ended (replaced, freed or cancelled).
 */
export const usableEsim = async (db: Db, scope: EsimScope, esimId: string, action: EsimAction) => {
  const esim = await getEsim(db, esimId, scope);
  if (!esim) throw new AppError('NOT_FOUND');
  assertEsimAllows(esim, action);
  return esim;
};

/** The packages the customer may buy for one of their eSIMs, as the catalogue shows them. */
export const listTopUpPackages = async (
  deps: { db: Db; catalogue: Catalogue },
  userId: string,
  esimId: string,
  locale: Locale,
) => {
  const esim = await usableEsim(deps.db, { userId }, esimId, 'topUp');
  const destination = await destinationOf(deps.db, esim);
  const rows = await listSellablePackages(deps.db, { provider: destination.provider });
  const catalogue = await deps.catalogue.get();
  const items: PackageSummary[] = rows
    .filter((row) => fitsEsim(destination, row))
    .map((row) => {
      const { coverage: _coverage, ...summary } = catalogue.getPackage(row.slug, locale);
      return summary;
    })
    .sort((a, b) => (a.dataMb ?? Number.MAX_SAFE_INTEGER) - (b.dataMb ?? Number.MAX_SAFE_INTEGER));
  return items;
};

/** eSIMs as the dashboards show them: packages with used and remaining data. */
export const toCustomerEsims = async (db: Db, rows: EsimRow[]): Promise<CustomerEsim[]> => {
  const packages = await listPackagesOfEsims(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((esim) => ({
    id: esim.id,
    iccid: esim.iccid,
    status: esim.status,
    installCount: esim.installCount,
    installLimit: esimInstallLimit,
    replacedById: esim.replacedById,
    createdAt: esim.createdAt.toISOString(),
    endedAt: esim.endedAt?.toISOString() ?? null,
    packages: packages
      .filter((p) => p.esimId === esim.id)
      .map((p) => ({
        id: p.id,
        name: String(p.snapshot.name ?? ''),
        status: p.status,
        dataMb: p.dataMb,
        usedMb: p.dataUsedMb,
        remainingMb: p.dataMb === null ? null : Math.max(0, p.dataMb - p.dataUsedMb),
        validityDays: p.validityDays,
        boughtAt: p.createdAt.toISOString(),
        activatedAt: p.activatedAt?.toISOString() ?? null,
        expiresAt: p.expiresAt?.toISOString() ?? null,
        usageUpdatedAt: p.usageUpdatedAt?.toISOString() ?? null,
      })),
  }));
};

export const listCustomerEsims = async (deps: { db: Db }, userId: string) =>
  toCustomerEsims(deps.db, await listEsims(deps.db, { scope: { userId } }));

export const getCustomerEsimInstall = async (
  deps: { db: Db },
  userId: string,
  esimId: string,
): Promise<CustomerEsimInstall> => {
  const esim = await usableEsim(deps.db, { userId }, esimId, 'install');
  return { ...(await toEsimInstall(esim)), installCount: esim.installCount, installLimit: esimInstallLimit };
};

/** "Refresh" on the active packages screen: asks the provider for the eSIM's usage now. */
export const refreshCustomerEsimUsage = async (
  deps: UsageDeps & { esimProvider: EsimProvider },
  userId: string,
  esimId: string,
) => {
  const esim = await usableEsim(deps.db, { userId }, esimId, 'usage');
  const [usage] = await deps.esimProvider.getUsage([esim.providerRef]);
  if (usage) await applyUsage(deps, esim.id, usage.usedMb);
  const [view] = await toCustomerEsims(deps.db, [esim]);
  if (!view) throw new AppError('NOT_FOUND');
  return view;
};

/**
 * One of a shop's subscribers' eSIMs with its subscriber: 404 for another shop's, or an eSIM that is no
 * subscriber's.
 */
export const shopSubscriberEsim = async (db: Db, shopId: string, esimId: string) => {
  const esim = await getEsim(db, esimId, { shopId });
  if (!esim?.subscriberId) throw new AppError('NOT_FOUND');
  return esim;
};

/**
 * Install details of one of the shop's eSIMs (the portal's QR code, print and the wizard's last step); refused
 * for one that ended, whose QR code no longer installs anything.
 */
export const toPortalEsimInstall = async (esim: EsimRow) => {
  assertEsimAllows(esim, 'install');
  return {
    esimId: esim.id,
    ...(await toEsimInstall(esim)),
    installCount: esim.installCount,
    installLimit: esimInstallLimit,
  };
};
