import { type Locale, localeTags } from '@esim/contracts/locales';
import { type CreditEntryKind, creditEntryKinds } from '@esim/contracts/portal';
import { createFormatters, openPdfDocument } from '../../lib/pdf/document';
import {
  boxFromStart,
  cellBox,
  cellPadding,
  colours,
  contentWidth,
  drawRule,
  drawText,
  footerTop,
  page,
  type TextOptions,
} from '../../lib/pdf/layout';

/** The words a statement prints, translated by the caller into the shop user's language. */
export type StatementLabels = {
  title: string;
  period: string;
  generated: string;
  opening: string;
  closing: string;
  date: string;
  description: string;
  amount: string;
  balance: string;
  totals: string;
  credit: string;
  bonus: string;
  total: string;
  noEntries: string;
  kinds: Record<CreditEntryKind, string>;
  footer: string;
};

type Point = { creditCents: number; bonusCents: number; totalCents: number };

export type StatementPdfInput = {
  locale: Locale;
  labels: StatementLabels;
  /** The shop's name and its logo file (PNG or JPEG; other formats are left out). */
  shop: { name: string; logo: Buffer | null };
  seller: { name: string; email: string };
  from: string;
  to: string;
  generatedAt: Date;
  /** Further figures under the period, already worded (staff's copy: subscribers served, revenue). */
  summary?: { label: string; value: string }[];
  opening: Point;
  closing: Point;
  totals: Record<CreditEntryKind, number>;
  entries: {
    createdAt: Date;
    kind: CreditEntryKind;
    bucket: 'credit' | 'bonus';
    orderNumber: string | null;
    amountCents: number;
    balanceAfterCents: number;
  }[];
};

/** The entries table's columns, from the reading start. */
const columns = (() => {
  const date = 120;
  const money = 90;
  const description = contentWidth - date - 2 * money;
  return {
    date: { offset: 0, width: date },
    description: { offset: date, width: description },
    amount: { offset: date + description, width: money },
    balance: { offset: date + description + money, width: money },
  };
})();

const isImage = (logo: Buffer) =>
  logo.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])) ||
  (logo[0] === 0xff && logo[1] === 0xd8 && logo[2] === 0xff);

/**
 * A shop's credit statement as an A4 PDF (issue 11): the shop's name and logo, the period, the opening balance,
 * every entry of the period with its running balance, the totals per kind and the closing balance. Opening +
 * totals = closing, since both come from the ledger rows' balances. The shared fonts, bidirectional text and
 * mirrored layout (lib/pdf/layout.ts), so it reads right in all twelve languages, Arabic included.
 */
export const renderStatementPdf = (input: StatementPdfInput): Promise<Buffer> => {
  const { labels } = input;
  const format = createFormatters(input.locale, 'EUR');
  const dateTime = new Intl.DateTimeFormat(localeTags[input.locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const day = (value: string) => format.date(new Date(`${value}T00:00:00.000Z`));
  const { doc, canvas, direction, done } = openPdfDocument(input.locale, {
    Title: `${labels.title} ${input.shop.name} ${input.from} – ${input.to}`,
    Author: input.seller.name,
    CreationDate: input.generatedAt,
    ModDate: input.generatedAt,
  });

  const muted: TextOptions = { size: 8.5, color: colours.muted };
  const regular: TextOptions = { size: 9.5 };
  const endAligned: TextOptions = { ...regular, align: 'end' };

  const drawFooter = () => {
    const box = boxFromStart(canvas, 0, contentWidth);
    drawRule(canvas, footerTop - 8);
    drawText(canvas, `${labels.footer} · ${input.seller.name} · ${input.seller.email}`, box, footerTop, {
      size: 8,
      color: colours.muted,
      align: 'center',
      typed: true,
    });
  };

  // Header: the shop's logo and name at the reading end, title and period at the reading start.
  let endY = page.margin;
  const shopBox = boxFromStart(canvas, contentWidth - 220, 220);
  if (input.shop.logo && isImage(input.shop.logo)) {
    try {
      const width = 120;
      const x = direction === 'rtl' ? page.margin : page.width - page.margin - width;
      doc.image(input.shop.logo, x, endY, {
        fit: [width, 48],
        ...(direction === 'rtl' ? {} : { align: 'right' as const }),
      });
      endY += 54;
    } catch {
      // A damaged image: the statement goes out without it.
    }
  }
  endY += drawText(canvas, input.shop.name, shopBox, endY, {
    size: 11,
    bold: true,
    align: 'end',
    typed: true,
  });

  let y = page.margin;
  const startBox = boxFromStart(canvas, 0, 280);
  y += drawText(canvas, labels.title, startBox, y, { size: 20, bold: true }) + 8;
  for (const [label, value] of [
    [labels.period, `${day(input.from)} – ${day(input.to)}`],
    [labels.generated, dateTime.format(input.generatedAt)],
    ...(input.summary ?? []).map(({ label, value }) => [label, value] as const),
  ]) {
    const labelHeight = drawText(canvas, label, boxFromStart(canvas, 0, 95), y, muted);
    const valueHeight = drawText(canvas, value, boxFromStart(canvas, 100, 180), y, {
      ...regular,
      bold: true,
    });
    y += Math.max(labelHeight, valueHeight) + 2;
  }
  y = Math.max(y, endY) + 18;

  // Opening balance: credit, bonus, total.
  const balanceLine = (label: string, point: Point) => {
    const labelHeight = drawText(canvas, label, boxFromStart(canvas, 0, 160), y, { ...regular, bold: true });
    const parts = `${labels.credit} ${format.money(point.creditCents)} · ${labels.bonus} ${format.money(point.bonusCents)}`;
    drawText(canvas, parts, boxFromStart(canvas, 160, contentWidth - 260), y, {
      ...regular,
      color: colours.muted,
    });
    drawText(canvas, format.money(point.totalCents), boxFromStart(canvas, contentWidth - 100, 100), y, {
      ...regular,
      bold: true,
      align: 'end',
    });
    y += labelHeight + 6;
  };
  balanceLine(labels.opening, input.opening);

  // The entries, each with its running balance; a long period continues on the next page.
  const header = () => {
    const height = muted.size * canvas.leading + 2 * cellPadding;
    const band = boxFromStart(canvas, 0, contentWidth);
    doc.rect(band.x, y, band.width, height).fill(colours.band);
    const top = y + cellPadding;
    const style: TextOptions = { ...muted, bold: true };
    drawText(canvas, labels.date, cellBox(canvas, columns.date), top, style);
    drawText(canvas, labels.description, cellBox(canvas, columns.description), top, style);
    drawText(canvas, labels.amount, cellBox(canvas, columns.amount), top, { ...style, align: 'end' });
    drawText(canvas, labels.balance, cellBox(canvas, columns.balance), top, { ...style, align: 'end' });
    y += height;
  };
  const rowLimit = footerTop - 30;
  const newPage = () => {
    drawFooter();
    doc.addPage();
    y = page.margin;
  };
  header();
  const rowHeight = regular.size * canvas.leading + 2 * cellPadding;
  if (input.entries.length === 0) {
    y += drawText(
      canvas,
      labels.noEntries,
      cellBox(canvas, { offset: 0, width: contentWidth }),
      y + cellPadding,
      muted,
    );
    y += 2 * cellPadding;
  }
  for (const entry of input.entries) {
    if (y + rowHeight > rowLimit) {
      newPage();
      header();
    }
    const top = y + cellPadding;
    const kind = `${labels.kinds[entry.kind]} (${entry.bucket === 'credit' ? labels.credit : labels.bonus})`;
    const description = entry.orderNumber ? `${kind} · ${entry.orderNumber}` : kind;
    drawText(canvas, dateTime.format(entry.createdAt), cellBox(canvas, columns.date), top, regular);
    drawText(canvas, description, cellBox(canvas, columns.description), top, { ...regular, typed: true });
    drawText(canvas, format.money(entry.amountCents), cellBox(canvas, columns.amount), top, endAligned);
    drawText(
      canvas,
      format.money(entry.balanceAfterCents),
      cellBox(canvas, columns.balance),
      top,
      endAligned,
    );
    y += rowHeight;
    drawRule(canvas, y);
  }

  // Totals per kind, then the closing balance.
  if (y + 40 + creditEntryKinds.length * rowHeight > rowLimit) newPage();
  y += 14;
  y +=
    drawText(canvas, labels.totals, boxFromStart(canvas, 0, contentWidth), y, { ...regular, bold: true }) + 4;
  for (const kind of creditEntryKinds) {
    drawText(canvas, labels.kinds[kind], boxFromStart(canvas, 0, 200), y, regular);
    y +=
      drawText(
        canvas,
        format.money(input.totals[kind]),
        boxFromStart(canvas, contentWidth - 100, 100),
        y,
        endAligned,
      ) + 2;
  }
  drawRule(canvas, y + 2);
  y += 10;
  balanceLine(labels.closing, input.closing);

  drawFooter();
  doc.end();
  return done;
};
