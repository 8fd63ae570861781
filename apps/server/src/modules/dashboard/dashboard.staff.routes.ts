import { dashboardSchema } from '@esim/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { getDashboard } from './dashboard.service';

/** The staff home's figures (issue 12), mounted at /api/staff: admin and analytics. */
export const dashboardStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard',
      {
        config: { access: { staff: 'adminAndAnalytics' } },
        schema: {
          tags: ['staff'],
          summary:
            'Today, 7 and 30 days of revenue and orders, a revenue chart, and the queues that need a person',
          response: { 200: dashboardSchema },
        },
      },
      async () => getDashboard(deps),
    );
  };
