import {
  type AddPackageBody,
  type BulkPackagesBody,
  type CatalogueDiff,
  type HighlightList,
  minimumMarginPercent,
  minimumPriceCents,
  offerEndOf,
  offerStartOf,
  type PackageChangeResult,
  type ResellerBulkMarginBody,
  type SetResellerPriceBody,
  type StaffPackage,
  type StaffPackageDetail,
  type StaffPackagesQuery,
  type UpdatePackageBody,
  type WholesalePackageItem,
  type WholesalePackagesQuery,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { TFunction } from 'i18next';
import type { EsimProvider, WholesalePackage } from '../../adapters/esim/port';
import { AppError } from '../../lib/app-error';
import { pageOfList, toPaged } from '../../lib/list-query';
import { listHistory, recordChange } from '../audit/audit.repository';
import { getGeneralOptions } from '../settings/settings.repository';
import { insertCoverage, type PackageRow, upsertProviderPackages } from './catalogue.repository';
import {
  knownCoverage,
  loadKnownPlaces,
  packageSlug,
  providerPackageValues,
  resellerPriceCents,
  retailPriceCents,
  syncCatalogue,
} from './catalogue-sync.service';
import {
  countUnusedOrders,
  findStaffPackage,
  listHighlightRows,
  listProviderPackages,
  listStaffPackageRows,
  lockPackages,
  type StaffPackageRow,
  saveHighlightPositions,
  updatePackage,
} from './staff-packages.repository';

type Deps = { db: Db; esimProvider: EsimProvider; catalogue: { invalidate: () => void } };
type Staff = { staffUserId: string; t: TFunction };

const coverageOf = (pkg: Pick<PackageRow, 'countryCode' | 'regionCode'>) =>
  pkg.countryCode ?? pkg.regionCode ?? null;

export const toStaffPackage = ({ pkg, countryCount }: StaffPackageRow): StaffPackage => ({
  id: pkg.id,
  slug: pkg.slug,
  name: pkg.name,
  displayNames: pkg.displayNames,
  type: pkg.type,
  coverage: coverageOf(pkg),
  countryCount,
  dataMb: pkg.dataMb,
  validityDays: pkg.validityDays,
  priceCents: pkg.priceCents,
  offerPriceCents: pkg.offerPriceCents,
  offerStartsAt: pkg.offerStartsAt?.toISOString() ?? null,
  offerEndsAt: pkg.offerEndsAt?.toISOString() ?? null,
  popular: pkg.popular,
  topUpAllowed: pkg.topUpAllowed,
  active: pkg.active,
  provider: pkg.provider,
  providerPackageCode: pkg.providerPackageCode,
  wholesaleCents: pkg.wholesaleCents,
  marginCents: pkg.priceCents - pkg.wholesaleCents,
  marginPercent:
    pkg.wholesaleCents > 0
      ? Math.round(((pkg.priceCents - pkg.wholesaleCents) / pkg.wholesaleCents) * 1000) / 10
      : 0,
  resellerPriceCents: pkg.resellerPriceCents,
  updatedAt: pkg.updatedAt.toISOString(),
  version: pkg.updatedAt.toISOString(),
});

/**
 * The guard rail on prices (ADR 0052): below the wholesale cost plus the minimum margin, nothing is saved unless
 * the staff member confirmed it. `field` names the form field the refusal is shown under.
 */
export const checkMargin = (
  prices: { priceCents: number; wholesaleCents: number }[],
  confirmed: boolean | undefined,
  field: string,
) => {
  if (confirmed) return;
  if (prices.some((p) => p.priceCents < minimumPriceCents(p.wholesaleCents)))
    throw new AppError('PRICE_BELOW_MARGIN', { [field]: ['errors.PRICE_BELOW_MARGIN'] }, undefined, {
      percent: minimumMarginPercent,
    });
};

const picked = <Row extends object, Key extends keyof Row>(row: Row, keys: Key[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]]));

/** Changes packages in one transaction: locked, checked, each written with its audit row; then every process reloads. */
const changePackages = async (
  deps: Deps,
  input: { staffUserId: string; ids: string[]; action: string; version?: string },
  change: (row: PackageRow, tx: Db) => Partial<PackageRow> | null | Promise<Partial<PackageRow> | null>,
) => {
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await lockPackages(tx, input.ids);
    if (rows.length !== new Set(input.ids).size) throw new AppError('NOT_FOUND');
    if (input.version !== undefined && rows[0]?.updatedAt.toISOString() !== input.version)
      throw new AppError('RECORD_CHANGED');
    let count = 0;
    for (const row of rows) {
      const values = await change(row, tx);
      if (!values) continue;
      const keys = Object.keys(values) as (keyof PackageRow)[];
      const updated = await updatePackage(tx, row.id, values);
      if (!updated) throw new AppError('NOT_FOUND');
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: input.action,
        entityType: 'package',
        entityId: row.id,
        before: picked(row, keys),
        after: picked(updated, keys),
      });
      count++;
    }
    return count;
  });
  // The site, the portal and every process's snapshot and replayed answers (ADR 0016, 0024).
  if (changed > 0) deps.catalogue.invalidate();
  return changed;
};

export const listStaffPackages = async (deps: { db: Db }, query: StaffPackagesQuery) => {
  const { rows, total } = await listStaffPackageRows(deps.db, query, query);
  return toPaged(query, total, rows.map(toStaffPackage));
};

const staffPackageOf = async (db: Db, id: string) => {
  const row = await findStaffPackage(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toStaffPackage(row);
};

export const getStaffPackage = async (deps: { db: Db }, id: string): Promise<StaffPackageDetail> => {
  const [pkg, history] = await Promise.all([
    staffPackageOf(deps.db, id),
    listHistory(deps.db, 'package', id),
  ]);
  return { package: pkg, history };
};

/** The edit drawer: price, offer and its window, popular, active and the display names. */
export const updateStaffPackage = async (
  deps: Deps,
  input: Staff & { packageId: string; body: UpdatePackageBody },
) => {
  const { body } = input;
  await changePackages(
    deps,
    { ...input, ids: [input.packageId], action: 'package.update', version: body.version },
    (row) => {
      const prices = [body.priceCents, ...(body.offerPriceCents === null ? [] : [body.offerPriceCents])];
      checkMargin(
        prices.map((priceCents) => ({ priceCents, wholesaleCents: row.wholesaleCents })),
        body.confirmBelowMargin,
        body.offerPriceCents !== null && body.offerPriceCents < body.priceCents
          ? 'offerPriceCents'
          : 'priceCents',
      );
      const next: Partial<PackageRow> = {
        priceCents: Number(body.priceCents),
        offerPriceCents: body.offerPriceCents === null ? null : Number(body.offerPriceCents),
        offerStartsAt:
          body.offerPriceCents === null || !body.offerStartsAt ? null : offerStartOf(body.offerStartsAt),
        offerEndsAt: body.offerPriceCents === null || !body.offerEndsAt ? null : offerEndOf(body.offerEndsAt),
        popular: body.popular,
        active: body.active,
        displayNames: body.displayNames as Record<string, string>,
      };
      // Only what differs goes into the audit row.
      const changes = Object.fromEntries(
        Object.entries(next).filter(
          ([key, value]) => JSON.stringify(value) !== JSON.stringify(row[key as keyof PackageRow]),
        ),
      ) as Partial<PackageRow>;
      return Object.keys(changes).length > 0 ? changes : null;
    },
  );
  return {
    package: await staffPackageOf(deps.db, input.packageId),
    message: input.t('admin:packages.messages.saved'),
  };
};

/** Activate, deactivate, or set the price to wholesale cost plus a margin, for the selected packages. */
export const bulkChangePackages = async (
  deps: Deps,
  input: Staff & { body: BulkPackagesBody },
): Promise<PackageChangeResult> => {
  const { body } = input;
  const margin = Number(body.marginPercent ?? 0);
  if (body.action === 'setMargin') {
    const rows = await lockPackagesReadOnly(deps.db, body.ids);
    checkMargin(
      rows.map((r) => ({
        priceCents: retailPriceCents(r.wholesaleCents, margin),
        wholesaleCents: r.wholesaleCents,
      })),
      body.confirmBelowMargin,
      'marginPercent',
    );
  }
  const changed = await changePackages(
    deps,
    { ...input, ids: body.ids, action: `package.${body.action}` },
    (row) => {
      if (body.action === 'activate') return row.active ? null : { active: true };
      if (body.action === 'deactivate') return row.active ? { active: false } : null;
      const priceCents = retailPriceCents(row.wholesaleCents, margin);
      if (priceCents === row.priceCents) return null;
      // An offer is a reduction: one at or above the new price ends.
      return row.offerPriceCents !== null && row.offerPriceCents >= priceCents
        ? { priceCents, offerPriceCents: null, offerStartsAt: null, offerEndsAt: null }
        : { priceCents };
    },
  );
  return { changed, message: input.t(`admin:packages.messages.${body.action}`, { count: changed }) };
};

// The margin check of a bulk change reads the rows first, so a refusal names the field before any lock.
const lockPackagesReadOnly = (db: Db, ids: string[]) => db.transaction((tx) => lockPackages(tx, ids));

/** Deletes a package nobody needs any more; one with paid, unused orders can only be deactivated (ADR 0052). */
export const deleteStaffPackage = async (
  deps: Deps,
  input: Staff & { packageId: string; version: string },
): Promise<PackageChangeResult> => {
  const changed = await changePackages(
    deps,
    { ...input, ids: [input.packageId], action: 'package.delete', version: input.version },
    async (row, tx) => {
      if ((await countUnusedOrders(tx, row.id)) > 0) throw new AppError('PACKAGE_IN_USE');
      return { active: false, deletedAt: new Date() };
    },
  );
  return { changed, message: input.t('admin:packages.messages.deleted') };
};

const wholesaleItem = (
  pkg: WholesalePackage,
  listed: boolean,
  markupPercent: number,
): WholesalePackageItem => ({
  code: pkg.code,
  name: pkg.name,
  type: pkg.scope,
  coverage: pkg.scope === 'local' ? (pkg.coverage[0]?.country ?? null) : pkg.regionCode,
  countryCount: pkg.coverage.length,
  dataMb: pkg.dataMb,
  validityDays: pkg.validityDays,
  wholesaleCents: pkg.wholesaleCents,
  suggestedPriceCents: retailPriceCents(pkg.wholesaleCents, markupPercent),
  listed,
});

/** The provider's wholesale list (through the eSIM port), searched and paged here: it is a few hundred packages. */
export const listWholesalePackages = async (deps: Deps, query: WholesalePackagesQuery) => {
  const [wholesale, ours, options] = await Promise.all([
    deps.esimProvider.listPackages(),
    listProviderPackages(deps.db, deps.esimProvider.name),
    getGeneralOptions(deps.db),
  ]);
  const listed = new Set(ours.map((p) => p.code));
  const q = query.q?.toLowerCase();
  const desc = query.sort.startsWith('-');
  const field = query.sort.replace('-', '') as 'name' | 'wholesaleCents';
  const items = wholesale
    .filter((p) => !query.type || p.scope === query.type)
    .filter(
      (p) =>
        !q ||
        [p.name, p.code, p.regionCode ?? '', p.coverage[0]?.country ?? ''].some((s) =>
          s.toLowerCase().includes(q),
        ),
    )
    .sort((a, b) => {
      const order = field === 'name' ? a.name.localeCompare(b.name) : a.wholesaleCents - b.wholesaleCents;
      return (desc ? -order : order) || a.code.localeCompare(b.code);
    })
    .map((p) => wholesaleItem(p, listed.has(p.code), options.catalogueMarkupPercent));
  const page = pageOfList(items, query);
  return toPaged(query, items.length, page.items);
};

/** Adds one package of the provider's wholesale list with our price (not one we have already). */
export const addPackage = async (deps: Deps, input: Staff & { body: AddPackageBody }) => {
  const { body } = input;
  const [wholesale, ours, options] = await Promise.all([
    deps.esimProvider.listPackages(),
    listProviderPackages(deps.db, deps.esimProvider.name),
    getGeneralOptions(deps.db),
  ]);
  const pkg = wholesale.find((p) => p.code === body.code);
  if (!pkg) throw new AppError('NOT_FOUND');
  if (ours.some((p) => p.code === pkg.code)) throw new AppError('ACTION_NOT_ALLOWED');
  const priceCents = Number(body.priceCents);
  checkMargin([{ priceCents, wholesaleCents: pkg.wholesaleCents }], body.confirmBelowMargin, 'priceCents');
  const id = await deps.db.transaction(async (tx) => {
    const coverage = knownCoverage(pkg, await loadKnownPlaces(tx));
    if (!coverage) throw new AppError('ACTION_NOT_ALLOWED');
    const [row] = await upsertProviderPackages(tx, [
      providerPackageValues(pkg, coverage, {
        slug: `${packageSlug(pkg)}-${pkg.code.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        priceCents,
        resellerPriceCents: resellerPriceCents(pkg.wholesaleCents, options.resellerMarkupPercent),
        provider: deps.esimProvider.name,
      }),
    ]);
    if (!row) throw new AppError('INTERNAL');
    await insertCoverage(
      tx,
      coverage.map((c) => ({ packageId: row.id, countryCode: c.country, operators: c.operators })),
    );
    await recordChange(tx, {
      staffUserId: input.staffUserId,
      action: 'package.add',
      entityType: 'package',
      entityId: row.id,
      before: null,
      after: { providerPackageCode: pkg.code, priceCents, wholesaleCents: pkg.wholesaleCents },
    });
    return row.id;
  });
  deps.catalogue.invalidate();
  return { package: await staffPackageOf(deps.db, id), message: input.t('admin:packages.messages.added') };
};

export const getHighlightOrder = async (deps: { db: Db }, list: HighlightList) => ({
  items: (await listHighlightRows(deps.db, list)).map(toStaffPackage),
});

/** Saves the order of the home page's popular or offers list: the whole list, each package once. */
export const saveHighlightOrder = async (
  deps: Deps,
  input: Staff & { list: HighlightList; ids: string[] },
): Promise<PackageChangeResult> => {
  const current = await listHighlightRows(deps.db, input.list);
  const currentIds = current.map((r) => r.pkg.id);
  const same =
    new Set(input.ids).size === input.ids.length &&
    input.ids.length === currentIds.length &&
    input.ids.every((id) => currentIds.includes(id));
  // The list changed meanwhile (another staff member, or a package left it): reload and arrange again.
  if (!same) throw new AppError('RECORD_CHANGED');
  await deps.db.transaction(async (tx) => {
    await saveHighlightPositions(tx, input.list, input.ids);
    for (const [index, id] of input.ids.entries()) {
      const before = currentIds.indexOf(id);
      if (before === index) continue;
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: `package.order.${input.list}`,
        entityType: 'package',
        entityId: id,
        before: { position: before + 1 },
        after: { position: index + 1 },
      });
    }
  });
  deps.catalogue.invalidate();
  return { changed: input.ids.length, message: input.t('admin:packages.messages.orderSaved') };
};

/** Puts a package on the reseller price list, or changes its reseller price. */
export const setResellerPrice = async (
  deps: Deps,
  input: Staff & { packageId: string; body: SetResellerPriceBody },
) => {
  const resellerPriceCents = Number(input.body.resellerPriceCents);
  await changePackages(
    deps,
    { ...input, ids: [input.packageId], action: 'package.reseller.set', version: input.body.version },
    (row) => {
      checkMargin(
        [{ priceCents: resellerPriceCents, wholesaleCents: row.wholesaleCents }],
        input.body.confirmBelowMargin,
        'resellerPriceCents',
      );
      return row.resellerPriceCents === resellerPriceCents ? null : { resellerPriceCents };
    },
  );
  return {
    package: await staffPackageOf(deps.db, input.packageId),
    message: input.t('admin:packages.messages.resellerSaved'),
  };
};

/** Takes a package off the reseller price list (shops no longer see it; their past orders keep their price). */
export const removeResellerPrice = async (
  deps: Deps,
  input: Staff & { packageId: string; version: string },
): Promise<PackageChangeResult> => {
  const changed = await changePackages(
    deps,
    { ...input, ids: [input.packageId], action: 'package.reseller.remove', version: input.version },
    (row) => (row.resellerPriceCents === null ? null : { resellerPriceCents: null }),
  );
  return { changed, message: input.t('admin:packages.messages.resellerRemoved') };
};

/** Sets the reseller price of the selected packages to wholesale cost plus a margin. */
export const bulkResellerMargin = async (
  deps: Deps,
  input: Staff & { body: ResellerBulkMarginBody },
): Promise<PackageChangeResult> => {
  const margin = Number(input.body.marginPercent);
  const rows = await lockPackagesReadOnly(deps.db, input.body.ids);
  checkMargin(
    rows.map((r) => ({
      priceCents: resellerPriceCents(r.wholesaleCents, margin),
      wholesaleCents: r.wholesaleCents,
    })),
    input.body.confirmBelowMargin,
    'marginPercent',
  );
  const changed = await changePackages(
    deps,
    { ...input, ids: input.body.ids, action: 'package.reseller.margin' },
    (row) => {
      const price = resellerPriceCents(row.wholesaleCents, margin);
      return price === row.resellerPriceCents ? null : { resellerPriceCents: price };
    },
  );
  return { changed, message: input.t('admin:packages.messages.resellerMargin', { count: changed }) };
};

/** What applying the provider's list would change: packages new to us, changed costs, and dropped packages. */
export const diffCatalogue = async (deps: Deps): Promise<CatalogueDiff> => {
  const [wholesale, ours, options] = await Promise.all([
    deps.esimProvider.listPackages(),
    listProviderPackages(deps.db, deps.esimProvider.name),
    getGeneralOptions(deps.db),
  ]);
  const byCode = new Map(ours.map((p) => [p.code, p]));
  const offered = new Set(wholesale.map((p) => p.code));
  return {
    added: wholesale
      .filter((p) => !byCode.has(p.code))
      .map((p) => ({ code: p.code, name: p.name, wholesaleCents: p.wholesaleCents })),
    changedCost: wholesale.flatMap((p) => {
      const mine = byCode.get(p.code);
      return mine && !mine.deletedAt && mine.wholesaleCents !== p.wholesaleCents
        ? [
            {
              id: mine.id,
              code: p.code,
              name: mine.name,
              wholesaleCents: p.wholesaleCents,
              previousWholesaleCents: mine.wholesaleCents,
              priceCents: mine.priceCents,
            },
          ]
        : [];
    }),
    dropped: ours
      .filter((p) => p.active && !p.deletedAt && !offered.has(p.code))
      .map((p) => ({ id: p.id, code: p.code, name: p.name, wholesaleCents: p.wholesaleCents })),
    autoApply: options.catalogueSyncAutoApply,
  };
};

/** Applies the provider's list now (the sync), audited per package it changed. */
export const applyCatalogueSync = async (deps: Deps, input: Staff) => {
  const diff = await diffCatalogue(deps);
  const options = await getGeneralOptions(deps.db);
  const result = await syncCatalogue(deps.db, deps.esimProvider, {
    markupPercent: options.catalogueMarkupPercent,
    resellerMarkupPercent: options.resellerMarkupPercent,
  });
  const added = new Set(diff.added.map((p) => p.code));
  const ours = (await listProviderPackages(deps.db, deps.esimProvider.name)).filter((p) => added.has(p.code));
  await deps.db.transaction(async (tx) => {
    const entries = [
      ...ours.map((p) => ({ id: p.id, before: null, after: { wholesaleCents: p.wholesaleCents } })),
      ...diff.changedCost.map((p) => ({
        id: p.id,
        before: { wholesaleCents: p.previousWholesaleCents },
        after: { wholesaleCents: p.wholesaleCents },
      })),
      ...diff.dropped.map((p) => ({ id: p.id, before: { active: true }, after: { active: false } })),
    ];
    for (const entry of entries)
      await recordChange(tx, {
        staffUserId: input.staffUserId,
        action: 'package.sync',
        entityType: 'package',
        entityId: entry.id,
        before: entry.before,
        after: entry.after,
      });
  });
  deps.catalogue.invalidate();
  return {
    changed: result.upserted + result.deactivated,
    message: input.t('admin:packages.messages.synced', {
      added: diff.added.length,
      changed: diff.changedCost.length,
      dropped: diff.dropped.length,
    }),
  };
};
