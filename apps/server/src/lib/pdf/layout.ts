import bidiFactory from 'bidi-js';
import type { FontName, FontScript } from './fonts';

/**
 * The text layout every PDF we draw shares (invoice, eSIM install sheet, shop statement): bidirectional lines in
 * the two embedded fonts, wrapped into boxes placed from the reading start, so one layout reads right in all
 * twelve locales, Arabic included. Open a document with `openPdfDocument` (./document.ts).
 */

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
export const wrapText = (
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
// Page layout. Positions are described from the reading start (left in LTR, right in RTL) and mirrored for
// Arabic, so one layout serves all twelve locales.

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

/** Where a page's footer starts. */
export const footerTop = page.height - page.margin - 30;

/** A table column, from the reading start. */
export type Column = { offset: number; width: number };

export const cellPadding = 6;

/** A table cell's text box: the column less its padding. */
export const cellBox = (canvas: Canvas, column: Column): Box =>
  boxFromStart(canvas, column.offset + cellPadding, column.width - 2 * cellPadding);
