import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

// Fonts. The 14 standard PDF fonts cover Latin-1 only (no ç/ğ/ş, Greek, Cyrillic or Arabic), so we
// embed Noto Sans (Latin, Greek, Cyrillic) and Noto Sans Arabic, both OFL-1.1, from npm packages.
// pdfkit subsets them, so each PDF carries only the glyphs it uses (about 15-25 kB a file).

export type FontScript = 'latin' | 'arabic';
type FontWeight = 'regular' | 'bold';
export type FontName = `${FontScript}-${FontWeight}`;

const fontFiles: Record<FontName, string> = {
  'latin-regular': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'arabic-regular': '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  'arabic-bold': '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
};

let parsedFonts: Map<FontName, fontkit.Font> | undefined;

/**
 * Parses each font once per process. Given a file or a buffer, pdfkit would parse the font again for
 * every document and rebuild its OpenType tables on first layout, which made an invoice take 100-200
 * ms instead of 20-50 ms. pdfkit keeps the subset, the widths and the text map on its own wrapper per
 * document, and rendering is synchronous, so sharing the parsed font is safe once its glyphs carry
 * their own text (`keepingCodePoints`).
 */
export const getFonts = (): Map<FontName, fontkit.Font> => {
  if (!parsedFonts) {
    parsedFonts = new Map();
    for (const name of Object.keys(fontFiles) as FontName[]) parsedFonts.set(name, loadFont(name));
  }
  return parsedFonts;
};

/** A newly parsed font, ready to share between documents. */
export const loadFont = (name: FontName): fontkit.Font => {
  const file = fontFiles[name];
  const font = fontkit.openSync(createRequire(import.meta.url).resolve(file));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return keepingLayouts(keepingCodePoints(font));
};

/**
 * fontkit keeps one glyph object per glyph id, with the characters of whoever asked for it first, and pdfkit
 * writes those characters into each PDF's text map (what copy, search and screen readers read). A composite's
 * parts are asked for with none: once a document had subset "Ç", every later "C" in the process copied out as a
 * control character. So a glyph asked for with other characters than it holds comes back as a view that carries
 * them, and a document's text depends only on that document.
 */
const keepingCodePoints = (font: fontkit.Font): fontkit.Font => {
  const getGlyph = font.getGlyph.bind(font);
  // An own property, because fontkit's layout and cmap lookups call `this.getGlyph` on the font itself.
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || codePoints.length === 0 || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return Object.assign(Object.create(glyph) as fontkit.Glyph, { codePoints });
  };
  return font;
};

const sameCodePoints = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

const layoutCacheSize = 5_000;

/**
 * The font, with its shaping results kept across documents. Shaping (fontkit's OpenType lookups) was most of
 * an invoice's CPU, about 10 ms on the path of every order's confirmation: line wrapping shapes every growing
 * prefix of a line, and pdfkit shapes each drawn piece twice more (width, then glyphs). Labels, seller details
 * and the footer are the same on every invoice of a language. pdfkit scales the positions it is given in place,
 * so each call gets its own copies; glyphs are fontkit's shared objects already. Bounded: cleared when full.
 */
const keepingLayouts = (font: fontkit.Font): fontkit.Font => {
  const runs = new Map<string, fontkit.GlyphRun>();
  const layout: fontkit.Font['layout'] = (text, features, ...rest) => {
    const key = `${Array.isArray(features) ? features.join(',') : JSON.stringify(features ?? null)}\u0000${rest.join(',')}\u0000${text}`;
    let run = runs.get(key);
    if (!run) {
      run = font.layout(text, features, ...rest);
      if (runs.size >= layoutCacheSize) runs.clear();
      runs.set(key, run);
    }
    const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
    }));
    return {
      ...run,
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
  };
  return new Proxy(font, {
    get: (target, property) => (property === 'layout' ? layout : Reflect.get(target, property, target)),
  });
};
