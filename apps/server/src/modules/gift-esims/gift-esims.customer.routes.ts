import { claimGiftEsimBodySchema, claimGiftEsimResponseSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { userIdOf } from '../auth/auth.guard';
import { claimGiftEsim } from './gift-esims.service';

const tags = ['customer'];

/** A gift eSIM's recipient claims it (issue 31), mounted at /api/account: signed-in customers only. */
export const giftEsimsCustomerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/gift-esims/claim',
      {
        config: { access: { kinds: ['customer'] } },
        schema: {
          tags,
          summary: "Claim a gift eSIM into the signed-in customer's account with the e-mail's token",
          description:
            'The eSIM and its packages move to this account. The same account again: 200 with `claimed: false`. Another account after the first: 409 GIFT_CLAIMED_BY_OTHER. An unknown or replaced link: 404 GIFT_CLAIM_INVALID.',
          body: claimGiftEsimBodySchema,
          response: { 200: claimGiftEsimResponseSchema },
        },
      },
      async (request) =>
        claimGiftEsim(deps, { userId: userIdOf(request), token: request.body.token, t: request.t }),
    );
  };
