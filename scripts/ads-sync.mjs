#!/usr/bin/env node
// `npm run ads:sync -- --from 2026-10-01 --to 2026-10-31`: the ad platform's insights of a range of days, synced
// now (apps/server/src/commands/ads-sync.ts). Runs the compiled command with the server's settings.
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './server-build.mjs';

await import(pathToFileURL(ensureServerBuild('ads-sync.js')).href);
