import type { FastifyInstance } from 'fastify';

/**
 * Without TRUST_PROXY the client address is the socket's, and X-Forwarded-For and the CDN country headers are
 * ignored (any client can send them). If they arrive anyway, a proxy is probably in front and undeclared: every
 * visitor then shares the proxy's address and its rate limits. Say so once, not on every request.
 */
export const registerProxyWarning = (app: FastifyInstance, trustProxy: boolean) => {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      { ip: request.ip },
      'requests carry X-Forwarded-For but TRUST_PROXY is off: if a proxy or CDN is in front, set TRUST_PROXY=true (README, Configuration) or every visitor shares its address and rate limits',
    );
  });
};
