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
    expect(problemsOf({ APP_ENV: 'production' })).toEqual([
      'JWT_SECRET: required in production',
      'HUMAN_CHECK_SECRET: required in production',
    ]);
    expect(
      problemsOf({ APP_ENV: 'production', HUMAN_CHECK_SECRET: productionSecrets.HUMAN_CHECK_SECRET }),
    ).toEqual(['JWT_SECRET: required in production']);
  });

  it('accepts production with its secrets, and turns the dev mailbox off there', () => {
    const config = loadConfig({ APP_ENV: 'production', ...productionSecrets });
    expect(config.env).toBe('production');
    expect(config.jwtSecret).toBe(productionSecrets.JWT_SECRET);
    expect(config.mail.devMailbox).toBe(false);
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
