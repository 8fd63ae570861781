import { businessTypeSchema, orderIdParamsSchema, staffRoles } from '@esim/contracts';
import { seedFailedOrder, seedOrderInReview, seedShopUser, seedStaffUser, seedUser } from '@esim/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { openCheckout } from '../orders/checkout.service';
import { seedDeliveredGiftCard } from '../orders/gift-card-orders.service';
import { getOrder } from '../orders/orders.repository';
import { runEsimReleaseJob } from '../settings/esim-releases.service';
import { refreshTrafficRollups } from '../statistics/traffic-rollup.service';
import { buyWithCredits, topUpShop } from './shop-credit-activity';
import {
  backdateEsim,
  deleteFailedTestOrder,
  deleteTestUser,
  getShopOfUser,
  insertTestApplication,
  seedCardCharge,
  seedPaidCardOrder,
} from './test-support.repository';

const tags = ['test'];

const createUserBodySchema = z.object({
  kind: z.enum(['customer', 'shop', 'staff']),
  role: z.enum(staffRoles).optional(),
  firstName: z.string().max(50).optional(),
  lastName: z.string().max(50).optional(),
  /** A shop user's shop state (default active): staff journeys approve pending shops. */
  shopStatus: z.enum(['pending_verification', 'active', 'suspended']).optional(),
});

const createdUserSchema = z.object({
  id: z.string(),
  kind: z.enum(['customer', 'shop', 'staff']),
  email: z.string(),
  password: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

const userIdParamsSchema = z.object({ userId: z.uuid() });

/** A journey's paid order: its buyer's e-mail and, for a customer journey, the buyer's account. */
const testOrderBodySchema = z.object({ buyerEmail: z.email(), userId: z.uuid().optional() });
const testOrderSchema = z.object({ id: z.string(), number: z.string() });

let sequence = 0;
const uniqueEmail = (kind: string) =>
  `e2e-${kind}-${Date.now().toString(36)}-${process.pid}-${sequence++}@example.test`;
const uniquePhone = () => `+35569${String((Date.now() + sequence++ * 7919) % 10_000_000).padStart(7, '0')}`;

/**
 * Test support for the end-to-end journeys (e2e/fixtures): each test creates its own customer, shop user,
 * staff user or failed order with the shared seed functions and deletes them afterwards, so journeys never
 * edit the demo accounts. app.ts registers these routes only when APP_ENV is `test`; never in development
 * or production (system.routes.test.ts checks both).
 */
export const testSupportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/test/users',
      {
        // Registered only when APP_ENV=test: the journeys' own fixtures, no account needed.
        config: { access: 'public' },
        schema: {
          // Not part of the API (test fixtures only): left out of the OpenAPI document, so also out of the fuzz run.
          hide: true,
          tags,
          summary: 'Create a user for one test (APP_ENV=test only)',
          body: createUserBodySchema,
          response: { 201: createdUserSchema },
        },
      },
      async (request, reply) => {
        const { kind, role, shopStatus, ...names } = request.body;
        const input = { email: uniqueEmail(kind), phone: uniquePhone(), ...names };
        const user =
          kind === 'staff'
            ? await seedStaffUser(deps.db, role ?? 'admin', input)
            : kind === 'shop'
              ? (await seedShopUser(deps.db, input, shopStatus ? { status: shopStatus } : {})).user
              : await seedUser(deps.db, input);
        return reply.status(201).send({
          id: user.id,
          kind,
          email: user.email,
          password: user.password,
          firstName: user.firstName,
          lastName: user.lastName,
        });
      },
    );

    app.delete(
      '/test/users/:userId',
      {
        config: { access: 'public' },
        schema: { hide: true, tags, summary: 'Delete a test user and its shop', params: userIdParamsSchema },
      },
      async (request, reply) => {
        await deleteTestUser(deps.db, request.params.userId);
        return reply.status(204).send();
      },
    );

    app.post(
      '/test/failed-orders',
      {
        // Registered only when APP_ENV=test: the journeys' own fixtures, no account needed.
        config: { access: 'public' },
        schema: {
          // Not part of the API (test fixtures only): left out of the OpenAPI document, so also out of the fuzz run.
          hide: true,
          tags,
          summary:
            'Create a paid order whose fulfilment failed (paid by card through the sandbox on request)',
          body: testOrderBodySchema.extend({ paidByCard: z.boolean().optional() }),
          response: { 201: testOrderSchema },
        },
      },
      async (request, reply) => {
        const { paidByCard, ...input } = request.body;
        const order = await seedFailedOrder(deps.db, input);
        // The refund journeys refund it through the payments sandbox, which must know the charge.
        if (paidByCard) await seedCardCharge(deps.db, order);
        return reply.status(201).send({ id: order.id, number: order.number });
      },
    );

    app.post(
      '/test/paid-esim-orders',
      {
        // Registered only when APP_ENV=test: the eSIM lifecycle journeys (ADR 0091) cancel or free it for real.
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary:
            "A completed, card-paid eSIM order of a customer's, its eSIM unused and bought `daysAgo` days ago",
          body: z.object({ userId: z.uuid(), daysAgo: z.number().int().min(0).max(400).default(0) }),
          response: { 201: testOrderSchema.extend({ esimId: z.string(), iccid: z.string() }) },
        },
      },
      async (request, reply) => {
        const { order, esim } = await seedPaidCardOrder(deps.db, { userId: request.body.userId });
        if (request.body.daysAgo > 0) await backdateEsim(deps.db, esim.id, request.body.daysAgo);
        return reply
          .status(201)
          .send({ id: order.id, number: order.number, esimId: esim.id, iccid: esim.iccid });
      },
    );

    app.post(
      '/test/esim-release-job',
      {
        // Registered only when APP_ENV=test: the daily job's run now, so a journey can free what it lists.
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary: 'Run the daily unused-eSIM job now',
          response: { 200: z.object({ listed: z.number(), dropped: z.number(), freed: z.number() }) },
        },
      },
      async () => runEsimReleaseJob(deps),
    );

    app.post(
      '/test/orders-in-review',
      {
        // Registered only when APP_ENV=test: the "for review" journey's order.
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary: 'Create a paid order the system put in review (amount mismatch)',
          body: testOrderBodySchema,
          response: { 201: testOrderSchema },
        },
      },
      async (request, reply) => {
        const order = await seedOrderInReview(deps.db, request.body);
        return reply.status(201).send({ id: order.id, number: order.number });
      },
    );

    app.post(
      '/test/gift-cards',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary: 'Create a paid gift card, delivered to its recipient today',
          body: z.object({ buyerEmail: z.email(), recipientEmail: z.email(), amount: z.number().int() }),
          response: { 201: z.object({ id: z.string(), orderId: z.string(), code: z.string() }) },
        },
      },
      async (request, reply) => {
        const card = await seedDeliveredGiftCard(deps, request.body);
        return reply.status(201).send(card);
      },
    );

    app.post(
      '/test/orders/:orderId/second-checkout',
      {
        // Registered only when APP_ENV=test: the two-tab journey's second card page.
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary: 'Open another card page for a pending order, leaving the open one open (a second tab)',
          params: orderIdParamsSchema,
          response: { 200: z.object({ checkoutUrl: z.string() }) },
        },
      },
      async (request) => {
        const order = await getOrder(deps.db, request.params.orderId);
        if (order?.status !== 'pending') throw new AppError('NOT_FOUND');
        const slug = String(order.packageSnapshot?.slug ?? '');
        return { checkoutUrl: await openCheckout(deps, order, slug, request.log, { othersOpen: 'keep' }) };
      },
    );

    app.delete(
      '/test/failed-orders/:orderId',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary: 'Delete a test order that is still failed',
          params: orderIdParamsSchema,
        },
      },
      async (request, reply) => {
        // A retried order may have moved on (and gained an eSIM): it stays, the e2e database is per run.
        await deleteFailedTestOrder(deps.db, request.params.orderId);
        return reply.status(204).send();
      },
    );

    app.post(
      '/test/traffic-rollup',
      {
        // Registered only when APP_ENV=test: the statistics journeys run the roll-up job instead of waiting for it.
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary: 'Rebuild the traffic roll-ups of the last two days, or of every day (ADR 0066)',
          querystring: z.object({ days: z.literal('all').optional() }),
        },
      },
      async (request) => refreshTrafficRollups(deps, { days: request.query.days ?? 2 }),
    );

    app.post(
      '/test/applications',
      {
        // Registered only when APP_ENV=test: a "become a partner" application for the staff journeys.
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary: 'Create a new partner application',
          body: z.object({
            fullName: z.string().min(2).max(100),
            email: z.email(),
            businessType: businessTypeSchema,
          }),
          response: { 201: z.object({ id: z.string() }) },
        },
      },
      async (request, reply) => reply.status(201).send(await insertTestApplication(deps.db, request.body)),
    );

    app.post(
      '/test/shop-credit-activity',
      {
        // Registered only when APP_ENV=test: a shop user's shop tops up, then buys with its credits (finance).
        config: { access: 'public' },
        schema: {
          hide: true,
          tags,
          summary: "A paid top-up with bonus and a purchase with credits on a shop user's shop",
          body: z.object({
            shopUserId: z.uuid(),
            topUpCents: z.number().int().min(1),
            bonusCents: z.number().int().min(0),
            purchaseCents: z.number().int().min(1),
          }),
          response: {
            201: z.object({
              shopId: z.string(),
              shopName: z.string(),
              topUpNumber: z.string(),
              purchaseNumber: z.string(),
            }),
          },
        },
      },
      async (request, reply) => {
        const shop = await getShopOfUser(deps.db, request.body.shopUserId);
        if (!shop) throw new AppError('NOT_FOUND');
        const topUp = await topUpShop(deps.db, shop.id, request.body.topUpCents, request.body.bonusCents);
        const purchase = await buyWithCredits(deps.db, shop.id, request.body.purchaseCents);
        return reply.status(201).send({
          shopId: shop.id,
          shopName: shop.name,
          topUpNumber: topUp.number,
          purchaseNumber: purchase.number,
        });
      },
    );
  };
