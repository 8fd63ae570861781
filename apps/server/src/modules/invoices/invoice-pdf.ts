import { createRequire } from 'node:module';
import { isRightToLeft, type Locale, localeTags } from '@esim/contracts/locales';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/** The words the PDF prints, already translated by the caller into the buyer's language. */
export type InvoiceLabels = {
  title: string;
  invoiceNumber: string;
  orderNumber: string;
  date: string;
  paid: string;
  billTo: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  /** Contains `{rate}`, replaced by the VAT rate formatted for the locale, e.g. "VAT ({rate} %)". */
  vat: string;
  total: string;
  paymentMethod: string;
  thankYou: string;
};

export type InvoiceLine = { description: string; quantity: number; unitCents: number };

export type InvoiceInput = {
  locale: Locale;
  labels: InvoiceLabels;
  seller: { name: string; address: string[]; taxId: string; email: string };
  /** `country` is an ISO 3166 alpha-2 code (printed as the country's name) or free text. */
  buyer: { name: string; email: string; country: string | null };
  invoiceNumber: string;
  orderNumber: string;
  issuedAt: Date;
  paidAt: Date | null;
  currency: 'EUR';
  lines: InvoiceLine[];
  /** 0 unless configured in settings; at most two decimals (e.g. 20 or 8.5). */
  vatRatePercent: number;
  paymentMethod: string;
};

export type InvoiceTotals = { subtotalCents: number; vatCents: number; totalCents: number };

/**
 * Subtotal, VAT and total in integer cents. VAT is computed once on the subtotal (not per line) and
 * rounded half up, so the printed lines always add up to the printed total.
 */
export const computeInvoiceTotals = (
  lines: readonly InvoiceLine[],
  vatRatePercent: number,
): InvoiceTotals => {
  // Basis points keep the rate an integer, so no floating-point value ever touches money.
  const rateBasisPoints = Math.round(vatRatePercent * 100);
  if (
    !Number.isFinite(vatRatePercent) ||
    vatRatePercent < 0 ||
    vatRatePercent > 100 ||
    Math.abs(rateBasisPoints - vatRatePercent * 100) > 1e-6
  ) {
    throw new RangeError(`VAT rate must be 0..100 with at most two decimals, got ${vatRatePercent}`);
  }
  let subtotalCents = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Quantity must be a positive integer, got ${line.quantity}`);
    }
    if (!Number.isSafeInteger(line.unitCents) || line.unitCents < 0) {
      throw new RangeError(`Unit price must be a non-negative integer of cents, got ${line.unitCents}`);
    }
    subtotalCents += line.quantity * line.unitCents;
  }
  if (!Number.isSafeInteger(subtotalCents)) throw new RangeError('Subtotal is too large');
  // BigInt: subtotal × basis points can pass 2^53 for large (if unlikely) amounts.
  const vatCents = Number((BigInt(subtotalCents) * BigInt(rateBasisPoints) + 5_000n) / 10_000n);
  return { subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
};

/**
 * Our prices include VAT: the invoice splits the amount charged into net and VAT so its total is exactly what
 * the buyer paid. Picks the net amount whose VAT, rounded as the invoice rounds it, adds up to the gross.
 */
export const netFromGross = (grossCents: number, vatRatePercent: number) => {
  const estimate = Math.round((grossCents * 100) / (100 + vatRatePercent));
  for (const candidate of [estimate, estimate - 1, estimate + 1]) {
    const { totalCents } = computeInvoiceTotals(
      [{ description: '', quantity: 1, unitCents: candidate }],
      vatRatePercent,
    );
    if (totalCents === grossCents) return candidate;
  }
  return estimate;
};

// ---------------------------------------------------------------------------------------------
// Fonts. The 14 standard PDF fonts cover Latin-1 only (no ç/ğ/ş, Greek, Cyrillic or Arabic), so we
// embed Noto Sans (Latin, Greek, Cyrillic) and Noto Sans Arabic, both OFL-1.1, from npm packages.
// pdfkit subsets them, so each PDF carries only the glyphs it uses (about 15-25 kB a file).

type FontScript = 'latin' | 'arabic';
type FontWeight = 'regular' | 'bold';
type FontName = `${FontScript}-${FontWeight}`;

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

// ---------------------------------------------------------------------------------------------
// Bidirectional text. pdfkit draws glyphs left to right in the order fontkit returns them, and
// fontkit shapes Arabic (joining forms, ligatures) and then reverses the whole run when the first
// letter of the string belongs to a right-to-left script. It does not implement the Unicode
// Bidirectional Algorithm, so a line mixing Arabic with Latin names or numbers would come out with
// the Latin parts reversed. We therefore run the UBA (bidi-js) per line, cut the line into pieces of
// one embedding level and one font, place the pieces ourselves in visual order, and hand each piece
// to pdfkit in the order that makes fontkit's own reversal land on the visual order.

const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';
/**
 * Base direction of a paragraph. Labels and Intl output follow the locale; data the buyer or the
 * seller typed (names, addresses, descriptions) use `auto`, i.e. their first strong letter, as
 * `dir="auto"` does in HTML: otherwise "Sh.p.k." would print as ".Sh.p.k" on an Arabic invoice.
 */
type Paragraph = Direction | 'auto';

const arabicCharacter = /\p{Script_Extensions=Arabic}/u;
const neutralCharacter = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Marks that steer the algorithm (Intl puts U+200F before Arabic currency amounts) but draw nothing. */
const bidiControlCharacter = /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]$/u;
/** What fontkit looks at to choose a run's direction: its first character of a real script. */
const firstScriptCharacter = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const rightToLeftScript =
  /^[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]$/u;

const fontkitReverses = (text: string): boolean => {
  const first = firstScriptCharacter.exec(text);
  return first !== null && rightToLeftScript.test(first[0]);
};

/** Puts back in order the surrogate pairs (characters outside the BMP) that a reversal split. */
const repairSurrogates = (text: string): string =>
  text.replace(/([\udc00-\udfff])([\ud800-\udbff])/g, '$2$1');

const reverseText = (text: string): string => repairSurrogates(text.split('').reverse().join(''));

/**
 * The font for each UTF-16 unit: Arabic letters and digits take Noto Sans Arabic, every other script
 * Noto Sans, and punctuation and spaces follow their neighbour so an Arabic phrase stays one piece.
 * Characters with a bidi mirror such as brackets always take Noto Sans: Noto Sans Arabic has an
 * `rtlm` feature that fontkit applies to right-to-left runs, which would undo our mirroring.
 */
const assignFonts = (text: string, base: Direction): FontScript[] => {
  const fonts: (FontScript | null)[] = [];
  for (const character of text) {
    let font: FontScript | null;
    if (bidi.getMirroredCharacter(character) !== null) font = 'latin';
    else if (arabicCharacter.test(character)) font = 'arabic';
    else if (neutralCharacter.test(character)) font = null;
    else font = 'latin';
    for (let unit = 0; unit < character.length; unit++) fonts.push(font);
  }
  let previous: FontScript | null = null;
  for (let i = 0; i < fonts.length; i++) {
    previous = fonts[i] ?? previous;
    fonts[i] = previous;
  }
  let next: FontScript = base === 'rtl' ? 'arabic' : 'latin';
  for (let i = fonts.length - 1; i >= 0; i--) {
    next = fonts[i] ?? next;
    fonts[i] = next;
  }
  return fonts.map((font) => font ?? next);
};

type Piece = {
  text: string;
  font: FontName;
  width: number;
  /** The characters in reading order, for copy, search and screen readers (see below). */
  actualText: string | null;
};
type Line = { pieces: Piece[]; width: number };
type TextStyle = { size: number; bold?: boolean; color?: string };

const fontName = (script: FontScript, style: TextStyle): FontName =>
  `${script}-${style.bold ? 'bold' : 'regular'}`;

/**
 * `features` must be set (even empty) on every measure and draw call: without it pdfkit shapes a
 * string word by word, so fontkit would reverse each Arabic word but keep the words left to right.
 */
const wholeRun = { features: [] };

const measure = (doc: PDFKit.PDFDocument, text: string, font: FontName, size: number): number =>
  doc.font(font).fontSize(size).widthOfString(text, wholeRun);

/** One line of text, in the visual order it is drawn left to right. */
const layOutLine = (doc: PDFKit.PDFDocument, text: string, paragraph: Paragraph, style: TextStyle): Line => {
  const embedding = bidi.getEmbeddingLevels(text, paragraph);
  const base: Direction = (embedding.paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const fonts = assignFonts(text, base);
  const groups: { units: string[]; script: FontScript; level: number }[] = [];
  for (const index of bidi.getReorderedIndices(text, embedding)) {
    const unit = text[index] ?? '';
    if (bidiControlCharacter.test(unit)) continue;
    const script = fonts[index] ?? 'latin';
    const level = embedding.levels[index] ?? 0;
    const last = groups.at(-1);
    const drawn = mirrored.get(index) ?? unit;
    if (last && last.script === script && last.level === level) last.units.push(drawn);
    else groups.push({ units: [drawn], script, level });
  }
  const pieces = groups.map(({ units, script }): Piece => {
    const visual = units.join('');
    // If fontkit will reverse this piece, give it the reverse of what must appear: for an Arabic
    // piece that is also its logical order, which fontkit needs to pick the joining forms.
    const pieceText = fontkitReverses(visual) ? reverseText(visual) : repairSurrogates(visual);
    const font = fontName(script, style);
    // Noto Sans Arabic draws many letters as a shared dotless body plus separate dots, and the PDF's
    // glyph-to-Unicode map can name only one letter per body: copied text would turn ي into ت.
    // ActualText gives readers the real characters. It is written in drawing (visual) order because
    // poppler spreads it over the glyphs and then reorders the line itself; in reading order its
    // words came out reversed. pdf.js ignores ActualText; other readers are unverified.
    const actualText = script === 'arabic' ? visual : null;
    return { text: pieceText, font, width: measure(doc, pieceText, font, style.size), actualText };
  });
  return { pieces, width: pieces.reduce((sum, piece) => sum + piece.width, 0) };
};

/**
 * Breaks text into lines that fit `maxWidth`, in logical order (the UBA reorders each line after
 * breaking). Only ordinary spaces break: Intl puts no-break spaces inside amounts and dates.
 */
const wrapText = (
  doc: PDFKit.PDFDocument,
  text: string,
  maxWidth: number,
  paragraph: Paragraph,
  style: TextStyle,
): Line[] => {
  const words = text.split(/[ \t\r\n]+/).filter((word) => word !== '');
  const lines: Line[] = [];
  let current: Line | null = null;
  let currentText = '';
  for (const word of words) {
    const candidateText = currentText === '' ? word : `${currentText} ${word}`;
    const candidate = layOutLine(doc, candidateText, paragraph, style);
    if (current === null || candidate.width <= maxWidth) {
      current = candidate;
      currentText = candidateText;
    } else {
      lines.push(current);
      current = layOutLine(doc, word, paragraph, style);
      currentText = word;
    }
  }
  if (current) lines.push(current);
  return lines;
};

// ---------------------------------------------------------------------------------------------
// Page layout (also used by the shop statement, modules/credits/statement-pdf.ts). Positions are described from the reading start (left in LTR, right in RTL) and
// mirrored for Arabic, so one layout serves all twelve locales.

export const page = { width: 595.28, height: 841.89, margin: 50 };
export const contentWidth = page.width - 2 * page.margin;
export const colours = { text: '#111827', muted: '#6b7280', rule: '#d1d5db', band: '#f3f4f6' };

type Align = 'start' | 'end' | 'center';
export type Box = { x: number; width: number };

export type Canvas = {
  doc: PDFKit.PDFDocument;
  direction: Direction;
  /** Line height per point of font size: Noto Sans Arabic's ascender is about 30 % taller. */
  leading: number;
};

/** A box `offset` points from the reading start of the content area, mirrored for RTL. */
export const boxFromStart = (canvas: Canvas, offset: number, width: number): Box =>
  canvas.direction === 'rtl'
    ? { x: page.width - page.margin - offset - width, width }
    : { x: page.margin + offset, width };

export type TextOptions = TextStyle & {
  align?: Align;
  /** Text someone typed (names, addresses, descriptions): direction from its first strong letter. */
  typed?: boolean;
};

/** Draws wrapped text in a box and returns the height it took. */
export const drawText = (
  canvas: Canvas,
  text: string,
  box: Box,
  top: number,
  options: TextOptions,
): number => {
  const { doc, direction } = canvas;
  const align = options.align ?? 'start';
  const lineHeight = options.size * canvas.leading;
  const lines = wrapText(doc, text, box.width, options.typed ? 'auto' : direction, options);
  // Alignment follows the invoice's direction, not the text's: columns stay straight.
  const alignRight = align === 'end' ? direction === 'ltr' : align === 'start' && direction === 'rtl';
  lines.forEach((line, index) => {
    // Baselines, not tops, are aligned: the two fonts have different ascenders.
    const baseline = top + index * lineHeight + options.size * 1.1;
    let x = box.x;
    if (align === 'center') x += (box.width - line.width) / 2;
    else if (alignRight) x += box.width - line.width;
    for (const piece of line.pieces) {
      if (piece.actualText !== null) doc.markContent('Span', { actual: piece.actualText });
      doc
        .font(piece.font)
        .fontSize(options.size)
        .fillColor(options.color ?? colours.text)
        .text(piece.text, x, baseline, { ...wholeRun, lineBreak: false, baseline: 'alphabetic' });
      if (piece.actualText !== null) doc.endMarkedContent();
      x += piece.width;
    }
  });
  return lines.length * lineHeight;
};

export const drawRule = (canvas: Canvas, y: number, box: Box = boxFromStart(canvas, 0, contentWidth)) => {
  canvas.doc
    .moveTo(box.x, y)
    .lineTo(box.x + box.width, y)
    .lineWidth(0.5)
    .strokeColor(colours.rule)
    .stroke();
};

export type Formatters = {
  money: (cents: number) => string;
  date: (date: Date) => string;
  rate: (percent: number) => string;
  integer: (value: number) => string;
  country: (country: string) => string;
};

export const createFormatters = (locale: Locale, currency: 'EUR'): Formatters => {
  const tag = localeTags[locale];
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency });
  // Dates are stored in UTC and an invoice carries no time of day, so UTC keeps the date stable
  // whatever the server's time zone.
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  const rate = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const regions = new Intl.DisplayNames(tag, { type: 'region', fallback: 'code' });
  return {
    // A decimal string, not cents / 100: Intl formats it exactly, so no float ever holds money.
    money: (cents) => {
      const sign = cents < 0 ? '-' : '';
      const absolute = Math.abs(cents);
      const euros = Math.trunc(absolute / 100);
      const rest = String(absolute % 100).padStart(2, '0');
      return money.format(`${sign}${euros}.${rest}` as `${number}`);
    },
    date: (value) => date.format(value),
    rate: (percent) => rate.format(percent),
    integer: (value) => rate.format(value),
    country: (country) =>
      /^[A-Za-z]{2}$/.test(country) ? (regions.of(country.toUpperCase()) ?? country) : country,
  };
};

export const footerTop = page.height - page.margin - 30;

const drawFooter = (canvas: Canvas, input: InvoiceInput) => {
  const box = boxFromStart(canvas, 0, contentWidth);
  drawRule(canvas, footerTop - 8);
  const height = drawText(canvas, input.labels.thankYou, box, footerTop, { size: 9.5, align: 'center' });
  const sellerLine = `${input.seller.name} · ${input.seller.email}`;
  drawText(canvas, sellerLine, box, footerTop + height, {
    size: 8,
    color: colours.muted,
    align: 'center',
    typed: true,
  });
};

type Column = { offset: number; width: number };

/** The line-item table's columns, from the reading start. */
const columns = (() => {
  const quantity = 50;
  const money = 95;
  const description = contentWidth - quantity - 2 * money;
  return {
    description: { offset: 0, width: description },
    quantity: { offset: description, width: quantity },
    unitPrice: { offset: description + quantity, width: money },
    amount: { offset: description + quantity + money, width: money },
  } satisfies Record<string, Column>;
})();

export const cellPadding = 6;

const cellBox = (canvas: Canvas, column: Column): Box =>
  boxFromStart(canvas, column.offset + cellPadding, column.width - 2 * cellPadding);

const drawTableHeader = (canvas: Canvas, labels: InvoiceLabels, top: number): number => {
  const style: TextOptions = { size: 8.5, bold: true, color: colours.muted };
  const height = style.size * canvas.leading + 2 * cellPadding;
  const band = boxFromStart(canvas, 0, contentWidth);
  canvas.doc.rect(band.x, top, band.width, height).fill(colours.band);
  const textTop = top + cellPadding;
  drawText(canvas, labels.description, cellBox(canvas, columns.description), textTop, style);
  for (const [label, column] of [
    [labels.quantity, columns.quantity],
    [labels.unitPrice, columns.unitPrice],
    [labels.amount, columns.amount],
  ] as const) {
    drawText(canvas, label, cellBox(canvas, column), textTop, { ...style, align: 'end' });
  }
  return height;
};

/** Renders the invoice as an A4 PDF. The same input always gives the same bytes. */
export const renderInvoicePdf = (input: InvoiceInput): Promise<Buffer> => {
  const totals = computeInvoiceTotals(input.lines, input.vatRatePercent);
  const format = createFormatters(input.locale, input.currency);
  const { labels } = input;
  const direction: Direction = isRightToLeft(input.locale) ? 'rtl' : 'ltr';
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    lang: localeTags[input.locale],
    displayTitle: true,
    // CreationDate also seeds the file ID, so fixing it makes the output byte-for-byte repeatable.
    info: {
      Title: `${labels.title} ${input.invoiceNumber}`,
      Author: input.seller.name,
      Subject: `${labels.orderNumber} ${input.orderNumber}`,
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  for (const [name, font] of getFonts()) {
    // pdfkit accepts a parsed fontkit font (anything with `layout`), but its types list only files
    // and buffers.
    doc.registerFont(name, font as unknown as Buffer);
  }
  const canvas: Canvas = { doc, direction, leading: direction === 'rtl' ? 1.75 : 1.4 };

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const muted: TextOptions = { size: 8.5, color: colours.muted };
  const regular: TextOptions = { size: 9.5 };
  const typed: TextOptions = { ...regular, typed: true };

  // Seller block at the reading end; title and invoice details at the reading start.
  const sellerBox = boxFromStart(canvas, contentWidth - 220, 220);
  let sellerY = page.margin;
  sellerY += drawText(canvas, input.seller.name, sellerBox, sellerY, {
    size: 11,
    bold: true,
    align: 'end',
    typed: true,
  });
  for (const line of [...input.seller.address, input.seller.taxId, input.seller.email]) {
    if (line.trim() === '') continue;
    sellerY += drawText(canvas, line, sellerBox, sellerY, { ...muted, align: 'end', typed: true });
  }

  let y = page.margin;
  y += drawText(canvas, labels.title, boxFromStart(canvas, 0, 260), y, { size: 22, bold: true }) + 10;
  const meta: [string, string, TextOptions][] = [
    [labels.invoiceNumber, input.invoiceNumber, { ...typed, bold: true }],
    [labels.orderNumber, input.orderNumber, { ...typed, bold: true }],
    [labels.date, format.date(input.issuedAt), { ...regular, bold: true }],
  ];
  if (input.paidAt) meta.push([labels.paid, format.date(input.paidAt), { ...regular, bold: true }]);
  for (const [label, value, style] of meta) {
    const labelHeight = drawText(canvas, label, boxFromStart(canvas, 0, 105), y, muted);
    const valueHeight = drawText(canvas, value, boxFromStart(canvas, 110, 150), y, style);
    y += Math.max(labelHeight, valueHeight) + 2;
  }

  y = Math.max(y, sellerY) + 22;
  const billBox = boxFromStart(canvas, 0, 260);
  y += drawText(canvas, labels.billTo, billBox, y, { ...muted, bold: true }) + 2;
  y += drawText(canvas, input.buyer.name, billBox, y, { ...typed, size: 10.5, bold: true });
  y += drawText(canvas, input.buyer.email, billBox, y, typed);
  if (input.buyer.country) y += drawText(canvas, format.country(input.buyer.country), billBox, y, typed);

  // Line items; a long order continues on the next page with the header repeated.
  const rowLimit = footerTop - 40;
  const startPage = () => {
    drawFooter(canvas, input);
    doc.addPage();
    y = page.margin;
  };
  y += 26;
  y += drawTableHeader(canvas, labels, y);
  for (const line of input.lines) {
    const description = cellBox(canvas, columns.description);
    const descriptionLines = wrapText(doc, line.description, description.width, 'auto', regular);
    const rowHeight = descriptionLines.length * regular.size * canvas.leading + 2 * cellPadding;
    if (y + rowHeight > rowLimit) {
      startPage();
      y += drawTableHeader(canvas, labels, y);
    }
    const textTop = y + cellPadding;
    const amount: TextOptions = { ...regular, align: 'end' };
    drawText(canvas, line.description, description, textTop, typed);
    drawText(canvas, format.integer(line.quantity), cellBox(canvas, columns.quantity), textTop, amount);
    drawText(canvas, format.money(line.unitCents), cellBox(canvas, columns.unitPrice), textTop, amount);
    const lineCents = line.quantity * line.unitCents;
    drawText(canvas, format.money(lineCents), cellBox(canvas, columns.amount), textTop, amount);
    y += rowHeight;
    drawRule(canvas, y);
  }

  // Totals at the reading end; payment method at the reading start of the same band.
  if (y + 110 > rowLimit) startPage();
  y += 14;
  const totalsTop = y;
  const labelBox = boxFromStart(canvas, contentWidth - 250, 150);
  const valueBox = boxFromStart(canvas, contentWidth - 100 + cellPadding, 100 - 2 * cellPadding);
  const vatLabel = labels.vat.replace('{rate}', format.rate(input.vatRatePercent));
  for (const [label, cents] of [
    [labels.subtotal, totals.subtotalCents],
    [vatLabel, totals.vatCents],
  ] as const) {
    drawText(canvas, label, labelBox, y, { ...regular, align: 'end' });
    y += drawText(canvas, format.money(cents), valueBox, y, { ...regular, align: 'end' }) + 3;
  }
  drawRule(canvas, y + 2, boxFromStart(canvas, contentWidth - 250, 250));
  y += 8;
  const totalStyle: TextOptions = { size: 12, bold: true, align: 'end' };
  drawText(canvas, labels.total, labelBox, y, totalStyle);
  drawText(canvas, format.money(totals.totalCents), valueBox, y, totalStyle);

  const paymentBox = boxFromStart(canvas, 0, contentWidth - 270);
  const paymentLabelHeight = drawText(canvas, labels.paymentMethod, paymentBox, totalsTop, muted);
  drawText(canvas, input.paymentMethod, paymentBox, totalsTop + paymentLabelHeight + 2, {
    ...typed,
    bold: true,
  });

  drawFooter(canvas, input);
  doc.end();
  return done;
};

// ---------------------------------------------------------------------------------------------
// The eSIM install sheet a shop prints for its subscriber (issue 11): the shop's logo and name, the
// subscriber, the QR code, the manual SM-DP+ details and the iPhone one-tap link, in the same fonts
// and bidirectional layout as the invoice.

export type EsimSheetInput = {
  locale: Locale;
  labels: {
    title: string;
    subscriber: string;
    package: string;
    iccid: string;
    scanHint: string;
    manualTitle: string;
    smdpAddress: string;
    activationCode: string;
    iosTitle: string;
    installNote: string;
  };
  shop: { name: string; logo: { data: Buffer; type: 'png' | 'jpg' } | null };
  subscriberName: string;
  packageName: string;
  iccid: string;
  qrPng: Buffer;
  smdpAddress: string;
  activationCode: string;
  iosInstallLink: string;
  issuedAt: Date;
};

/** Renders the install sheet as one A4 page. The same input always gives the same bytes. */
export const renderEsimSheetPdf = (input: EsimSheetInput): Promise<Buffer> => {
  const { labels } = input;
  const direction: Direction = isRightToLeft(input.locale) ? 'rtl' : 'ltr';
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    lang: localeTags[input.locale],
    displayTitle: true,
    info: {
      Title: `${labels.title} ${input.iccid}`,
      Author: input.shop.name,
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  for (const [name, font] of getFonts()) doc.registerFont(name, font as unknown as Buffer);
  const canvas: Canvas = { doc, direction, leading: direction === 'rtl' ? 1.75 : 1.4 };
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const full = boxFromStart(canvas, 0, contentWidth);
  const muted: TextOptions = { size: 9.5, color: colours.muted };
  let y = page.margin;
  if (input.shop.logo) {
    const box = boxFromStart(canvas, 0, 140);
    try {
      doc.image(input.shop.logo.data, box.x, y, {
        fit: [140, 60],
        ...(direction === 'rtl' ? { align: 'right' as const } : {}),
      });
      y += 68;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the sheet.
    }
  }
  y += drawText(canvas, input.shop.name, full, y, { size: 14, bold: true, typed: true }) + 6;
  drawRule(canvas, y);
  y += 14;
  y += drawText(canvas, labels.title, full, y, { size: 20, bold: true }) + 8;
  for (const [label, value] of [
    [labels.subscriber, input.subscriberName],
    [labels.package, input.packageName],
    [labels.iccid, input.iccid],
  ] as const) {
    const labelHeight = drawText(canvas, label, boxFromStart(canvas, 0, 120), y, muted);
    const valueHeight = drawText(canvas, value, boxFromStart(canvas, 125, contentWidth - 125), y, {
      size: 10.5,
      bold: true,
      typed: true,
    });
    y += Math.max(labelHeight, valueHeight) + 3;
  }
  y += 12;
  const qrSize = 220;
  doc.image(input.qrPng, page.margin + (contentWidth - qrSize) / 2, y, { width: qrSize, height: qrSize });
  y += qrSize + 6;
  y += drawText(canvas, labels.scanHint, full, y, { size: 10, align: 'center' }) + 16;
  y += drawText(canvas, labels.manualTitle, full, y, { size: 12, bold: true }) + 4;
  for (const [label, value] of [
    [labels.smdpAddress, input.smdpAddress],
    [labels.activationCode, input.activationCode],
  ] as const) {
    y += drawText(canvas, label, full, y, muted);
    y += drawText(canvas, value, full, y, { size: 10.5, typed: true }) + 4;
  }
  y += 8;
  y += drawText(canvas, labels.iosTitle, full, y, { size: 12, bold: true }) + 4;
  // The link is one long word: pdfkit's own wrapper breaks it, and it stays a clickable link in the PDF.
  doc.font('latin-regular').fontSize(8.5).fillColor('#1d4ed8');
  doc.text(input.iosInstallLink, page.margin, y, { width: contentWidth, link: input.iosInstallLink });
  y = doc.y + 12;
  drawText(canvas, labels.installNote, full, y, muted);
  doc.end();
  return done;
};
