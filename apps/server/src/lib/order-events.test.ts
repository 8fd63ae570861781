import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { createOrderEvents } from './order-events';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const log = pino({ level: 'silent' });
const orderId = '00000000-0000-4000-8000-000000000123';

describe('order events', () => {
  it('wakes a waiter of this process at once, and only for its order', async () => {
    const events = createOrderEvents(database, log);
    const started = Date.now();
    const mine = events.waitFor(orderId, 5_000);
    const other = events.waitFor('00000000-0000-4000-8000-000000000999', 5_000);
    events.publish(orderId);
    await mine.promise;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(events.waiting()).toBe(1);
    other.cancel();
    await other.promise;
    expect(events.waiting()).toBe(0);
  });

  it('wakes a waiter of another process through NOTIFY', async () => {
    const here = createOrderEvents(database, log);
    const there = createOrderEvents(database, log);
    const stop = await here.listen();
    try {
      const started = Date.now();
      const wait = here.waitFor(orderId, 5_000);
      there.publish(orderId);
      await wait.promise;
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await stop();
    }
  });

  it('ends a wait when its time is up or its request goes away', async () => {
    const events = createOrderEvents(database, log);
    const started = Date.now();
    await events.waitFor(orderId, 200).promise;
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const gone = new AbortController();
    const wait = events.waitFor(orderId, 5_000, gone.signal);
    gone.abort();
    await wait.promise;
    expect(events.waiting()).toBe(0);
  });
});
