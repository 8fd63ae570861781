import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { createJobQueue } from './job-queue';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('job queue shutdown', () => {
  it('a job that outlives stop() and the closed connection raises no unhandled rejection', async () => {
    const database = await openTestDatabase();
    const jobs = createJobQueue(database, pino({ level: 'silent' }), {
      retryLimit: 1,
      retryDelaySeconds: 1,
      pollSeconds: 0.5,
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await jobs.workFulfilment(async () => {
      started();
      await released;
      throw new Error('the connection went away under this job');
    });
    await jobs.enqueueFulfilment('00000000-0000-4000-8000-000000000001');
    await running;

    // The shortest stop pg-boss allows gives up waiting for the job; then the connection closes.
    await jobs.stop(1_000);
    await database.close();
    release();
    // pg-boss reports the failure without awaiting it: give that report time to reach the closed pool.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(unhandled).toEqual([]);
  }, 30_000);
});
