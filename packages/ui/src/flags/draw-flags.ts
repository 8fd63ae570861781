import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';
import { flagWidths } from './flag-image';

const require = createRequire(import.meta.url);

/**
 * Vite plugin (build only) drawing flag-icons' 4x3 SVGs as PNGs into build/client/flags/<width>/<code>.png, the
 * files flagImage() points to, so pages reference flags by code without a module per flag in their JavaScript.
 * PNG, not SVG: the browser builds a whole document for every SVG image on the page's main thread (8–24 ms each
 * on our 2-core machine), while it decodes PNGs off it (ADR 0028).
 */
export const drawFlags = (): Plugin => ({
  name: 'esim-draw-flags',
  apply: 'build',
  writeBundle(options) {
    if (!options.dir?.endsWith(join('build', 'client'))) return;
    const sources = join(dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
    for (const width of flagWidths) {
      const target = join(options.dir, 'flags', String(width));
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(sources)) {
        if (!file.endsWith('.svg')) continue;
        const image = new Resvg(readFileSync(join(sources, file)), {
          fitTo: { mode: 'width', value: width },
        });
        writeFileSync(join(target, file.replace(/\.svg$/, '.png')), image.render().asPng());
      }
    }
  },
});
