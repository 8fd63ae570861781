import { apiSchemas, z } from './zod';

/**
 * The staff dashboard's home (issue 12): today, 7 and 30 days of the business, a revenue chart against the
 * period before, and what needs a person now. Admin and analytics (editors land on a welcome).
 */
export const dashboardPeriods = ['today', 'days7', 'days30'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

export const dashboardFiguresSchema = z.object({
  /** Card payments received for orders paid in the period (eSIMs, top-ups, changes, shop credit). */
  revenueCents: z.number().int(),
  /** Orders paid in the period (shop credit top-ups not counted: they are credit sold). */
  orders: z.number().int(),
  newCustomers: z.number().int(),
  /** Data top-ups paid in the period. */
  topUps: z.number().int(),
  /** Shop credit bought by card in the period (before bonus). */
  shopCreditSoldCents: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardSchema = z
  .object({
    periods: z.object({
      today: dashboardFiguresSchema,
      days7: dashboardFiguresSchema,
      days30: dashboardFiguresSchema,
    }),
    /** eSIMs with an active package now. */
    activeEsims: z.number().int(),
    /** Revenue per day (UTC) of the last 30 days, beside the same weekday-aligned day of the 30 before. */
    revenueByDay: z.array(
      z.object({ date: z.string(), revenueCents: z.number().int(), previousCents: z.number().int() }),
    ),
    attention: z.object({
      ordersForReview: z.number().int(),
      failedTransactions: z.number().int(),
      failedRefunds: z.number().int(),
      pendingShops: z.number().int(),
      newApplications: z.number().int(),
    }),
  })
  .register(apiSchemas, { id: 'StaffDashboard' });
export type StaffDashboard = z.infer<typeof dashboardSchema>;
