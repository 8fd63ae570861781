import { loginBodySchema, tokenResponseSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { authContext, login, startSession } from '../auth/auth.service';

/** Staff only log in; their accounts come from the seed and, later, the staff screens. */
export const staffAuthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = authContext(deps);
    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['staff'],
          summary: 'Staff login',
          body: loginBodySchema,
          response: { 200: tokenResponseSchema },
        },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        return deps.authRateLimits.login(request, reply, 'login-staff', email, async () =>
          startSession(ctx, (await login(ctx, 'staff', email, password)).id),
        );
      },
    );
  };
