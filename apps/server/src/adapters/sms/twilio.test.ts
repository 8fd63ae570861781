import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../test/fakes/twilio.fake';
import { createSandboxSmsTransport } from './sandbox';
import { createTwilioSmsTransport } from './twilio';

let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
beforeAll(async () => {
  fake = await startFakeTwilio('AC123', 'secret-token');
});
afterAll(async () => {
  await fake.close();
});

const transport = (authToken = 'secret-token') =>
  createTwilioSmsTransport({ accountSid: 'AC123', authToken, from: 'eSIM', baseUrl: fake.baseUrl });

describe('Twilio-style SMS adapter', () => {
  it('sends To, From and Body with Basic auth', async () => {
    await transport().deliver({ to: '+355691112233', text: 'You have used 60 % of your data.' });
    expect(fake.messages.at(-1)).toMatchObject({
      to: '+355691112233',
      from: 'eSIM',
      body: 'You have used 60 % of your data.',
    });
  });

  it('throws with the gateway code on wrong credentials, a bad number or an outage', async () => {
    await expect(transport('wrong').deliver({ to: '+355691112233', text: 'x' })).rejects.toThrow(
      '401 (20003)',
    );
    await expect(transport().deliver({ to: '0691112233', text: 'x' })).rejects.toThrow('400 (21211)');
    fake.failNext(1);
    await expect(transport().deliver({ to: '+355691112233', text: 'x' })).rejects.toThrow('503');
  });
});

describe('sandbox SMS transport', () => {
  it('accepts a valid number and refuses an invalid one', async () => {
    await expect(
      createSandboxSmsTransport().deliver({ to: '+355691112233', text: 'hi' }),
    ).resolves.toBeUndefined();
    await expect(createSandboxSmsTransport().deliver({ to: '+1', text: 'hi' })).rejects.toThrow(
      'invalid number',
    );
  });
});
