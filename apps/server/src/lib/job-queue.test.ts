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

describe('job queue wake-ups', () => {
  it('a new job wakes one idle worker of its queue, and busy workers drain the rest', async () => {
    const database = await openTestDatabase();
    let fetches = 0;
    const counting = {
      ...database,
      executeSql: (text: string, values?: unknown[]) => {
        if (/WITH next as/i.test(text)) fetches += 1;
        return database.executeSql(text, values);
      },
    };
    // Polls far apart: every fetch in this test comes from a wake-up or a worker that just finished a job.
    const jobs = createJobQueue(counting, pino({ level: 'silent' }), {
      retryLimit: 1,
      retryDelaySeconds: 1,
      pollSeconds: 600,
    });
    const done: string[] = [];
    await jobs.workFulfilment(async ({ orderId }) => {
      done.push(orderId);
    }, 16);
    await jobs.workConfirmations(async () => undefined);
    // Give every worker's first poll time to come back empty before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    fetches = 0;

    const ids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000001${i}`);
    for (const id of ids) await jobs.enqueueFulfilment(id);
    const deadline = Date.now() + 10_000;
    while (done.length < ids.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(done.sort()).toEqual(ids);
    // Per job: the woken worker's fetch and its fetch after finishing. Waking every worker was 17 per job.
    expect(fetches).toBeLessThanOrEqual(ids.length * 2);
    await jobs.stop(1_000);
    await database.close();
  }, 30_000);
});
