#!/usr/bin/env node
// `npm run staff:create-admin -- <email>`: the first staff admin of a database without demo data (ADR 0033).
// Runs the compiled command (built like `npm start` builds the server) with the server's settings.
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './server-build.mjs';

await import(pathToFileURL(ensureServerBuild('create-admin.js')).href);
