import { loginBodySchema, tokenResponseSchema } from '@esim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, authContext } from '../../deps';
import { login, startSession } from '../auth/auth.service';

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
        await deps.authRateLimits.consume(request, reply, 'login-staff', request.body.email);
        const user = await login(ctx, 'staff', request.body.email, request.body.password);
        return startSession(ctx, user.id);
      },
    );
  };
