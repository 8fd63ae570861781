import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { settings, users } from '../schema';
import { seedRoles, seedShopUser, seedStaffUser, seedUser } from './accounts';
import { seedContentPages } from './content';

export const demoPassword = 'Demo1234!';

export const demoAccounts = [
  { area: 'site (customer)', email: 'customer@demo.esim', url: 'http://localhost:3000/login' },
  { area: 'portal (shop user)', email: 'shop@demo.esim', url: 'http://localhost:3000/portal/login' },
  { area: 'staff (admin)', email: 'admin@demo.esim', url: 'http://localhost:3001/login' },
  { area: 'staff (editor)', email: 'editor@demo.esim', url: 'http://localhost:3001/login' },
  { area: 'staff (analytics)', email: 'analytics@demo.esim', url: 'http://localhost:3001/login' },
] as const;

export const defaultGeneralOptions = {
  supportEmail: 'support@esim.example',
  whatsappNumber: '+355691234567',
  minimumTopUpCents: 20_000,
  alertThresholds: [60, 98],
  /** Retail markup over the wholesaler's price, applied by the catalogue sync. */
  catalogueMarkupPercent: 45,
  /** Shops' margin over the wholesaler's price: the reseller price in credits, set by the catalogue sync. */
  resellerMarkupPercent: 20,
  /** The refund policy staff see beside a refund: in full if the eSIM was not installed within this many days. */
  refundFullIfNotInstalledDays: 14,
  /**
   * Bonus on a portal top-up (DESIGN section 3): the highest tier the amount reaches, in percent of it. The
   * minimum top-up earns 3 %, 500 EUR 5 %, 1,000 EUR 8 %, 2,500 EUR 10 %.
   */
  topUpBonusTiers: [
    { fromCents: 20_000, percent: 3 },
    { fromCents: 50_000, percent: 5 },
    { fromCents: 100_000, percent: 8 },
    { fromCents: 250_000, percent: 10 },
  ],
  /** Printed on invoices (seller block); VAT is 0 % unless staff configure a rate. */
  seller: {
    name: 'eSIM Marketplace sh.p.k.',
    address: ['Rruga e Kavajës 10', '1001 Tiranë', 'Shqipëri'],
    taxId: 'NIPT L00000000A',
    email: 'billing@esim.example',
  },
  vatRatePercent: 0,
  /** What a change of eSIM costs (a new profile from the wholesaler); the packages move at no charge. */
  changeEsimPriceCents: 499,
  /** An eSIM never installed nor used this many days after purchase is listed to be freed at the provider. */
  freeUnusedEsimAfterDays: 30,
  /** Free the listed eSIMs without a staff confirmation. */
  freeUnusedEsimsAutomatically: false,
  /** Whether the catalogue sync applies the provider's changes itself, or shows staff the diff first. */
  catalogueSyncAutoApply: false,
};

export const seedSettings = async (db: Db) => {
  await db.insert(settings).values({ key: 'general', value: defaultGeneralOptions }).onConflictDoNothing();
};

/** What every database needs, with or without demo data: the staff roles, general settings, content pages. */
export const seedReferenceData = async (db: Db) => {
  await seedRoles(db);
  await seedSettings(db);
  await seedContentPages(db);
};

/**
 * Seeds the demo personas (published password above) once, in a database without users; returns false when it
 * already had users. Development and test only, or a staging that asks for them (DEMO_DATA, ADR 0033): never a
 * production start.
 */
export const seedDemo = async (db: Db): Promise<boolean> => {
  await seedReferenceData(db);
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const password = demoPassword;
  await seedUser(db, {
    email: 'customer@demo.esim',
    firstName: 'Arta',
    lastName: 'Krasniqi',
    phone: '+355691112233',
    country: 'AL',
    locale: 'sq',
    password,
  });
  await seedShopUser(
    db,
    {
      email: 'shop@demo.esim',
      firstName: 'Besnik',
      lastName: 'Hoxha',
      phone: '+355692223344',
      locale: 'sq',
      password,
    },
    { name: 'Tirana Mobile Shop', sellShopPrice: 15 },
  );
  await seedStaffUser(db, 'admin', {
    email: 'admin@demo.esim',
    firstName: 'Drita',
    lastName: 'Berisha',
    password,
  });
  await seedStaffUser(db, 'editor', {
    email: 'editor@demo.esim',
    firstName: 'Erion',
    lastName: 'Gashi',
    password,
  });
  await seedStaffUser(db, 'analytics', {
    email: 'analytics@demo.esim',
    firstName: 'Fatjona',
    lastName: 'Leka',
    password,
  });
  return true;
};
