import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';

/** What every log line made while serving a request should carry, wherever in the code it is logged from. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/**
 * pino mixin: adds the current request's id to lines logged through loggers that do not carry it already
 * (services and adapters log through their own logger, not request.log).
 */
export const requestIdMixin = (_merge: object, _level: number, logger: Logger) => {
  const store = requestContext.getStore();
  if (!store) return {};
  // request.log (Fastify's child logger) has the id bound already; adding it again would repeat the key.
  return 'reqId' in logger.bindings() ? {} : { reqId: store.reqId };
};

const acceptableId = /^[\w.:-]{1,64}$/;

/** A proxy's or client's X-Request-Id when it is a plain token, else a new UUID (ids must be unique across processes). */
export const requestIdFrom = (request: IncomingMessage) => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && acceptableId.test(given) ? given : randomUUID();
};
