import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to throw');
};

const productionSecrets = {
  JWT_SECRET: 'a-production-secret-that-is-long-enough-0123',
  HUMAN_CHECK_SECRET: 'a-human-check-secret',
};

/** A production environment with real providers and its own secrets: nothing unsafe left. */
const safeProduction = {
  APP_ENV: 'production',
  ...productionSecrets,
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  ESIM_PROVIDER: 'esim-access',
  ESIM_ACCESS_URL: 'https://api.esimaccess.com',
  ESIM_ACCESS_CODE: 'code',
  ESIM_ACCESS_SECRET: 'secret',
  ESIM_WEBHOOK_SECRET: 'a-long-path-secret-0001',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15550001111',
  SMTP_URL: 'smtps://mail.example:465',
  PUSH_FCM_PROVIDER: 'fcm',
  FCM_PROJECT_ID: 'esim-app',
  FCM_CLIENT_EMAIL: 'push@esim-app.iam.gserviceaccount.com',
  FCM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nkey\\n-----END PRIVATE KEY-----',
  PUSH_WEB_PROVIDER: 'web-push',
  // A throwaway pair, made for this test only.
  VAPID_PUBLIC_KEY: 'BFW0b34oBj_1xlriokA4a7HP84omGs8fV4YBVG1BV2zGlKEpX0U9Ne4GaXgO7iPDEy_PipvY2bhDB3-5SRuSTTk',
  VAPID_PRIVATE_KEY: '6lv85ftlgI6bePZWIWL4HNeKcneXSHq0fLixFC7FEUM',
  VAPID_SUBJECT: 'mailto:ops@esim.example',
};

describe('loadConfig', () => {
  it('has working defaults for development on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      adminPort: 3001,
      siteUrl: 'http://localhost:3000',
      adminUrl: 'http://localhost:3001',
      database: { driver: 'pglite', dataDir: expect.stringMatching(/data\/pglite$/) },
      accessTokenTtlSeconds: 900,
      refreshWindowSeconds: 14 * 24 * 3600,
      tokenGraceSeconds: 30,
      mail: { from: 'eSIM Marketplace <no-reply@esim.example>', devMailbox: true },
      logLevel: 'info',
      trustProxy: false,
      humanCheck: { difficulty: 3 },
      authRateLimit: { perIp: 30, perAccount: 10, windowSeconds: 900 },
    });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.uploadDir).toMatch(/data\/uploads$/);
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      APP_ENV: 'test',
      PORT: '8080',
      ADMIN_PORT: '8081',
      SITE_URL: 'https://esim.example/',
      ADMIN_URL: 'https://staff.esim.example',
      DATABASE_URL: 'postgresql://u:p@db:5432/esim',
      SMTP_URL: 'smtp://mail.example:2525',
      DEV_MAILBOX: '0',
      TRUST_PROXY: 'true',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      UPLOAD_DIR: '/srv/uploads',
      LOG_LEVEL: 'silent',
    });
    expect(config).toMatchObject({
      env: 'test',
      port: 8080,
      adminPort: 8081,
      siteUrl: 'https://esim.example',
      adminUrl: 'https://staff.esim.example',
      database: { driver: 'postgres', url: 'postgresql://u:p@db:5432/esim' },
      mail: { smtpUrl: 'smtp://mail.example:2525', devMailbox: false },
      trustProxy: true,
      accessTokenTtlSeconds: 60,
      uploadDir: '/srv/uploads',
      logLevel: 'silent',
    });
  });

  it('lists a bad PORT, a bad DATABASE_URL and a short JWT_SECRET in one ConfigError', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://db/esim', JWT_SECRET: 'short' });
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT: /),
        'DATABASE_URL: must start with postgres://',
        'JWT_SECRET: must be at least 32 characters',
      ]),
    );
  });

  it('puts every problem in the error message', () => {
    expect(() => loadConfig({ PORT: '70000', APP_ENV: 'staging', SMTP_URL: 'http://mail' })).toThrow(
      /Invalid configuration:\n {2}- (?=[\s\S]*PORT)(?=[\s\S]*APP_ENV)(?=[\s\S]*SMTP_URL)/,
    );
  });

  it('refuses production without JWT_SECRET or HUMAN_CHECK_SECRET', () => {
    const { JWT_SECRET, HUMAN_CHECK_SECRET, ...rest } = safeProduction;
    expect(problemsOf(rest)).toEqual([
      'JWT_SECRET: required in production',
      'HUMAN_CHECK_SECRET: required in production',
    ]);
    expect(problemsOf({ ...rest, HUMAN_CHECK_SECRET })).toEqual(['JWT_SECRET: required in production']);
  });

  it('accepts production with its own secrets and real providers, and turns the dev mailbox off there', () => {
    const config = loadConfig(safeProduction);
    expect(config.env).toBe('production');
    expect(config.jwtSecret).toBe(productionSecrets.JWT_SECRET);
    expect(config.mail.devMailbox).toBe(false);
    expect(config.unsafeStaging).toEqual([]);
  });

  it('refuses production on development secrets, sandboxes and the dev mailbox, listing each at once', () => {
    const problems = problemsOf({
      APP_ENV: 'production',
      JWT_SECRET: 'dev-only-jwt-secret-change-me-in-production-0000',
      HUMAN_CHECK_SECRET: 'dev-only-human-check-secret',
      PAYMENTS_WEBHOOK_SECRET: 'dev-only-payments-webhook-secret',
      ESIM_WEBHOOK_SECRET: 'dev-only-esim-webhook-secret',
      DEV_MAILBOX: 'true',
    });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'JWT_SECRET',
        'HUMAN_CHECK_SECRET',
        'PAYMENTS_WEBHOOK_SECRET',
        'ESIM_WEBHOOK_SECRET',
        'PAYMENTS_PROVIDER',
        'ESIM_PROVIDER',
        'SMS_PROVIDER',
        'PUSH_FCM_PROVIDER',
        'PUSH_WEB_PROVIDER',
        'SMTP_URL',
        'DEV_MAILBOX',
      ].sort(),
    );
    expect(problems.every((p) => p.includes('ALLOW_UNSAFE_STAGING'))).toBe(true);
  });

  it('counts an unset secret whose development default would apply', () => {
    const { ESIM_WEBHOOK_SECRET, ...rest } = safeProduction;
    // eSIM Access needs its webhook secret anyway; the sandbox provider would silently use the default.
    expect(problemsOf({ ...rest, ESIM_PROVIDER: 'sandbox' })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ESIM_WEBHOOK_SECRET: not set/),
        expect.stringMatching(/^ESIM_PROVIDER: /),
      ]),
    );
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, ...sandboxPay } = safeProduction;
    expect(problemsOf({ ...sandboxPay, PAYMENTS_PROVIDER: 'sandbox' })).toEqual([
      expect.stringMatching(/^PAYMENTS_WEBHOOK_SECRET: not set/),
      expect.stringMatching(/^PAYMENTS_PROVIDER: /),
    ]);
  });

  it('refuses a push sandbox in production like the other sandboxes; a staging lists it and offers no push', () => {
    // ADR 0085: a sandbox would count phone notifications as delivered that never left the outbox.
    for (const name of ['PUSH_FCM_PROVIDER', 'PUSH_WEB_PROVIDER'] as const) {
      const sandbox = { ...safeProduction, [name]: 'sandbox' };
      expect(problemsOf(sandbox)).toEqual([
        expect.stringMatching(new RegExp(`^${name}: the sandbox sends no push .*ALLOW_UNSAFE_STAGING=true`)),
      ]);
      const { [name]: _left, ...unset } = safeProduction;
      expect(problemsOf(unset)).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
      const staging = loadConfig({ ...sandbox, ALLOW_UNSAFE_STAGING: 'true' });
      expect(staging.unsafeStaging).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
    }
    const staging = loadConfig({
      ...safeProduction,
      PUSH_WEB_PROVIDER: 'sandbox',
      ALLOW_UNSAFE_STAGING: 'true',
    });
    expect(staging.push.web).toEqual({ provider: 'sandbox', publicKey: null });
    expect(loadConfig(safeProduction).push).toMatchObject({
      fcm: { provider: 'fcm', projectId: 'esim-app' },
      web: { provider: 'web-push', publicKey: safeProduction.VAPID_PUBLIC_KEY },
    });
    // Development and `npm start` on a fresh machine (APP_ENV unset) keep both sandboxes, without a word.
    const development = loadConfig({});
    expect(development.push.fcm.provider).toBe('sandbox');
    expect(development.push.web).toMatchObject({ provider: 'sandbox', publicKey: expect.any(String) });
    expect(development.unsafeStaging).toEqual([]);
  });

  it('starts production with a push channel off, without its credentials (ADR 0087)', () => {
    const { FCM_PROJECT_ID: _p, FCM_CLIENT_EMAIL: _e, FCM_PRIVATE_KEY: _k, ...withoutApp } = safeProduction;
    const noApp = { ...withoutApp, PUSH_FCM_PROVIDER: 'off' };
    // loadConfig throws a ConfigError listing every problem; these start.
    expect(loadConfig(noApp).push.fcm).toEqual({ provider: 'off' });
    const noPush = { ...noApp, PUSH_WEB_PROVIDER: 'off' };
    expect(loadConfig(noPush).push.web).toEqual({ provider: 'off', publicKey: null });
  });

  it('starts a staging deployment with the explicit opt-in, and reports what is unsafe', () => {
    const config = loadConfig({ APP_ENV: 'production', ...productionSecrets, ALLOW_UNSAFE_STAGING: 'true' });
    expect(config.env).toBe('production');
    expect(config.payments.provider).toBe('sandbox');
    expect(config.unsafeStaging).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PAYMENTS_PROVIDER: /),
        expect.stringMatching(/^ESIM_PROVIDER: /),
        expect.stringMatching(/^PAYMENTS_WEBHOOK_SECRET: /),
        expect.stringMatching(/^PUSH_FCM_PROVIDER: /),
        expect.stringMatching(/^PUSH_WEB_PROVIDER: /),
      ]),
    );
    // The opt-in does not excuse a missing secret, and means nothing outside production.
    expect(problemsOf({ APP_ENV: 'production', ALLOW_UNSAFE_STAGING: 'true' })).toEqual([
      'JWT_SECRET: required in production',
      'HUMAN_CHECK_SECRET: required in production',
    ]);
    expect(problemsOf({ ALLOW_UNSAFE_STAGING: 'true' })).toEqual([
      'ALLOW_UNSAFE_STAGING: only means something with APP_ENV=production',
    ]);
  });

  it('seeds demo data in development and test, never in production unless a staging asks for it', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ APP_ENV: 'test' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig(safeProduction).demoData).toBe(false);
    // In production the demo accounts (an admin with a published password) are refused like a sandbox...
    expect(problemsOf({ ...safeProduction, DEMO_DATA: 'true' })).toEqual([
      expect.stringMatching(/^DEMO_DATA: demo accounts .*ALLOW_UNSAFE_STAGING=true for a staging/),
    ]);
    // ...and a staging that opts in gets them, listed with what else is unsafe.
    const staging = loadConfig({ ...safeProduction, DEMO_DATA: 'true', ALLOW_UNSAFE_STAGING: 'true' });
    expect(staging.demoData).toBe(true);
    expect(staging.unsafeStaging).toEqual([expect.stringMatching(/^DEMO_DATA: /)]);
    // The opt-in alone does not bring demo data.
    expect(loadConfig({ ...safeProduction, ALLOW_UNSAFE_STAGING: 'true' }).demoData).toBe(false);
  });

  it('lists schema problems and missing production secrets together', () => {
    const problems = problemsOf({ APP_ENV: 'production', PORT: 'eighty' });
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PORT: /), 'JWT_SECRET: required in production']),
    );
  });
});

describe('outside service providers', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return error instanceof ConfigError ? error.problems : ['not a ConfigError'];
    }
  };

  it('uses the offline sandboxes by default', () => {
    const config = loadConfig({});
    expect(config.payments.provider).toBe('sandbox');
    expect(config.esim).toEqual({ provider: 'sandbox' });
  });

  it('selects Stripe and eSIM Access with their credentials', () => {
    const config = loadConfig({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      ESIM_PROVIDER: 'esim-access',
      ESIM_ACCESS_URL: 'https://api.esimaccess.com',
      ESIM_ACCESS_CODE: 'code',
      ESIM_ACCESS_SECRET: 'secret',
      ESIM_WEBHOOK_SECRET: 'a-long-path-secret-0001',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_abc',
    });
    expect(config.esim).toMatchObject({ provider: 'esim-access', url: 'https://api.esimaccess.com' });
  });

  it('lists every missing or malformed credential at once', () => {
    expect(problemsOf({ PAYMENTS_PROVIDER: 'stripe', ESIM_PROVIDER: 'esim-access' })).toEqual(
      expect.arrayContaining([
        'STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe',
        'STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe',
        'ESIM_ACCESS_URL: required when ESIM_PROVIDER=esim-access',
        'ESIM_ACCESS_CODE: required when ESIM_PROVIDER=esim-access',
        'ESIM_ACCESS_SECRET: required when ESIM_PROVIDER=esim-access',
        'ESIM_WEBHOOK_SECRET: required when ESIM_PROVIDER=esim-access',
      ]),
    );
    expect(
      problemsOf({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'x' }),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^STRIPE_SECRET_KEY: /),
        expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: /),
      ]),
    );
    expect(problemsOf({ PAYMENTS_PROVIDER: 'paypal' })).toEqual([
      expect.stringMatching(/^PAYMENTS_PROVIDER: /),
    ]);
  });
});
