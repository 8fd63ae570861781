#!/usr/bin/env node
// The journeys need two things npm cannot bring: Debian's Chromium (Playwright drives it; we never download a
// browser build) and Java 17+ (the Nu Html Checker in vnu-jar). Two Chromium packages: the headless shell runs the
// journeys, the full browser the one journey the shell cannot make (e2e/fixtures/browsers.ts). `npm test` calls this first, so the README's
// two commands are enough: as root on Debian it installs what is missing, anywhere else it stops at once and
// names the one command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browsers = {
  'chromium-headless-shell': process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  chromium: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium',
};

const hasJava = () => {
  const run = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return run.status === 0;
};

const missing = [];
for (const [name, path] of Object.entries(browsers)) if (!existsSync(path)) missing.push(name);
if (!hasJava()) missing.push('openjdk-17-jre-headless');

if (missing.length === 0) process.exit(0);

const installCommand = `apt-get install -y ${missing.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

if (!isRoot || !hasApt) {
  console.error(
    `The end-to-end journeys need ${missing.join(' and ')}, which npm cannot install.\n` +
      `Run this once, then npm test again:\n\n  sudo apt-get update && sudo ${installCommand}\n`,
  );
  process.exit(1);
}

console.log(`Installing ${missing.join(' and ')} from Debian's packages for the journeys…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-q'],
  ['install', '-y', '-q', ...missing],
]) {
  const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (run.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed; run it by hand: ${installCommand}`);
    process.exit(1);
  }
}
for (const path of Object.values(browsers))
  if (!existsSync(path)) {
    console.error(
      `Chromium is still missing at ${path} (set CHROMIUM_PATH or CHROMIUM_FULL_PATH if it lives elsewhere).`,
    );
    process.exit(1);
  }
