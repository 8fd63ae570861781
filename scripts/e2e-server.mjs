#!/usr/bin/env node
// The product as the end-to-end tests see it: a fresh embedded database each run, short access tokens
// (so refresh happens mid-journey), an easy human-verification challenge and generous rate limits.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sitePort = process.env.E2E_SITE_PORT ?? '3300';
// One database per port, so two runs on different ports (parallel work) never delete each other's.
const dataDir = join(root, 'data', `e2e-${sitePort}`);
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'test',
    PORT: sitePort,
    ADMIN_PORT: process.env.E2E_STAFF_PORT ?? '3301',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ACCESS_TOKEN_TTL_SECONDS: '8',
    HUMAN_CHECK_DIFFICULTY: '1',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    // Behind a proxy as in production: journeys give a visitor a country with X-Forwarded-For (an address the
    // embedded IP database places there), the way a CDN's client address reaches us.
    TRUST_PROXY: 'true',
    // Journeys refresh usage themselves; a scheduled sync mid-journey would change what a screen shows
    // (the scheduled sync is covered by the API tests).
    USAGE_SYNC_CRON: '0 3 1 1 *',
    // Web Push for real, to the local push service a journey starts (e2e/tests/staff/push-notifications.spec.ts):
    // the browser's own push service is not reachable offline (ADR 0062). A key pair for tests only.
    PUSH_WEB_PROVIDER: 'web-push',
    VAPID_PUBLIC_KEY:
      'BFcK6PYlvid1pFEIgZWW7rwEnD4jUuDzEKzNhbK2fH5nzXOM8S2XRWb2D2USxPHYPt6qCBq8JJIuZf9_Vq5P8Ys',
    VAPID_PRIVATE_KEY: 'vQ1gOY36Vy7tkoLn2GLg3dbwCGdABREM0RoVHmzQMaM',
    VAPID_SUBJECT: 'mailto:e2e@esim.example',
    WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
