#!/usr/bin/env node
// The installable site's icons (web app manifest, Apple touch icon, notifications), drawn from one SVG: the brand's
// SIM card on its orange. Run after changing the drawing; the PNGs are committed (apps/web/public/icons).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps/web/public');
mkdirSync(join(publicDir, 'icons'), { recursive: true });

/** `inset`: empty border in percent; a maskable icon keeps its drawing inside the middle 80 % (safe zone). */
const drawing = (inset) => {
  const scale = (100 - 2 * inset) / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#F36B21"/>
<g transform="translate(${inset} ${inset}) scale(${scale})">
<path d="M6 2h12l8 8v18a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="#fff"/>
<rect x="9" y="13" width="12" height="11" rx="1.5" fill="#F36B21"/>
<path d="M13 13v11M17 13v11M9 18.5h12" stroke="#fff" stroke-width="1.2"/>
</g></svg>`;
};

const icons = [
  { file: 'icons/icon-192.png', size: 192, inset: 16 },
  { file: 'icons/icon-512.png', size: 512, inset: 16 },
  { file: 'icons/icon-maskable-512.png', size: 512, inset: 24 },
  // Where iOS looks for it when a page names none (saves the site's first-load code a link).
  { file: 'apple-touch-icon.png', size: 180, inset: 16 },
];
for (const icon of icons) {
  const png = new Resvg(drawing(icon.inset), { fitTo: { mode: 'width', value: icon.size } }).render().asPng();
  writeFileSync(join(publicDir, icon.file), png);
  console.log(`${icon.file}: ${png.length} bytes`);
}
