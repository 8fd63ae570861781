import { randomUUID } from 'node:crypto';
import type { Database } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Catalogue } from './catalogue.service';

const channel = 'catalogue_changed';

/**
 * The catalogue snapshot is cached in each process. A change made through one process (sync, staff edit)
 * calls `invalidate()`, which drops this process's snapshot and tells the others through PostgreSQL
 * NOTIFY; `listen()` drops the snapshot when another process says so (ADR 0016).
 */
export const createSharedCatalogue = (catalogue: Catalogue, database: Database, log: FastifyBaseLogger) => {
  const self = randomUUID();
  return {
    get: catalogue.get,
    peek: catalogue.peek,
    invalidate: () => {
      catalogue.invalidate();
      database.notify(channel, self).catch((err) => {
        // The others still reload within the catalogue's time-to-live.
        log.warn({ err }, 'catalogue: could not tell other processes about a change');
      });
    },
    /** Starts listening; a reconnect drops the snapshot too (a change may have been missed meanwhile). */
    listen: () =>
      database.listen(
        channel,
        (from) => {
          if (from !== self) catalogue.invalidate();
        },
        () => catalogue.invalidate(),
      ),
  };
};
export type SharedCatalogue = ReturnType<typeof createSharedCatalogue>;
