import { type Locale, localeTags } from '@esim/contracts/locales';
import { type ShopReport, type ShopReportTotals, shopReportFigures } from '@esim/contracts/staff';
import { createFormatters, openPdfDocument } from '../../lib/pdf/document';
import {
  boxFromStart,
  type Column,
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

/** The words the shop reports PDF prints (admin namespace, `finance.pdf.*`), in the staff member's language. */
export const shopReportsPdfLabelKeys = [
  'title',
  'period',
  'generated',
  'shop',
  'opening',
  'bought',
  'bonus',
  'spent',
  'refunds',
  'adjustments',
  'closing',
  'subscribers',
  'revenue',
  'total',
  'noShops',
  'footer',
  'fileName',
] as const;
export type ShopReportsPdfLabels = Record<(typeof shopReportsPdfLabelKeys)[number], string>;

type Figure = keyof ShopReportTotals;

/** Each figure's label (the screen's column order comes from the contract). */
const figureLabels: Record<Figure, keyof ShopReportsPdfLabels> = {
  openingCents: 'opening',
  boughtCents: 'bought',
  bonusCents: 'bonus',
  spentCents: 'spent',
  refundsCents: 'refunds',
  adjustmentsCents: 'adjustments',
  closingCents: 'closing',
  subscribersServed: 'subscribers',
  revenueCents: 'revenue',
};

const shopWidth = 90;
const figureWidth = (contentWidth - shopWidth) / shopReportFigures.length;
const columnOf = (index: number): Column => ({ offset: shopWidth + index * figureWidth, width: figureWidth });

/**
 * The shop reports of a period as an A4 PDF: one row per shop with the screen's figures, then the totals row.
 * Drawn with the invoices' fonts and mirrored layout (lib/pdf), so it reads right in all twelve languages.
 */
export const renderShopReportsPdf = (input: {
  locale: Locale;
  labels: ShopReportsPdfLabels;
  seller: { name: string; email: string };
  from: string;
  to: string;
  generatedAt: Date;
  shops: ShopReport[];
  totals: ShopReportTotals;
}): Promise<Buffer> => {
  const { labels } = input;
  const format = createFormatters(input.locale, 'EUR');
  const dateTime = new Intl.DateTimeFormat(localeTags[input.locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const day = (value: string) => format.date(new Date(`${value}T00:00:00.000Z`));
  const { doc, canvas, done } = openPdfDocument(input.locale, {
    Title: `${labels.title} ${input.from} – ${input.to}`,
    Author: input.seller.name,
    CreationDate: input.generatedAt,
    ModDate: input.generatedAt,
  });
  const small: TextOptions = { size: 7 };
  const end: TextOptions = { ...small, align: 'end' };
  const cell = (figure: Figure, value: number) =>
    figure === 'subscribersServed' ? format.integer(value) : format.money(value);

  const drawFooter = () => {
    drawRule(canvas, footerTop - 8);
    drawText(
      canvas,
      `${labels.footer} · ${input.seller.name} · ${input.seller.email}`,
      boxFromStart(canvas, 0, contentWidth),
      footerTop,
      { size: 8, color: colours.muted, align: 'center', typed: true },
    );
  };

  let y = page.margin;
  y += drawText(canvas, labels.title, boxFromStart(canvas, 0, contentWidth), y, { size: 18, bold: true }) + 6;
  for (const [label, value] of [
    [labels.period, `${day(input.from)} – ${day(input.to)}`],
    [labels.generated, dateTime.format(input.generatedAt)],
  ] as const) {
    drawText(canvas, label, boxFromStart(canvas, 0, 95), y, { size: 8.5, color: colours.muted });
    y += drawText(canvas, value, boxFromStart(canvas, 100, 250), y, { size: 9, bold: true }) + 2;
  }
  y += 12;

  const header = () => {
    const height = 2 * small.size * canvas.leading + 2 * cellPadding;
    const band = boxFromStart(canvas, 0, contentWidth);
    doc.rect(band.x, y, band.width, height).fill(colours.band);
    const top = y + cellPadding;
    drawText(canvas, labels.shop, cellBox(canvas, { offset: 0, width: shopWidth }), top, {
      ...small,
      bold: true,
    });
    shopReportFigures.forEach((figure, index) => {
      drawText(canvas, labels[figureLabels[figure]], cellBox(canvas, columnOf(index)), top, {
        ...end,
        bold: true,
      });
    });
    y += height;
  };
  const row = (name: string, values: ShopReportTotals, bold = false) => {
    const top = y + cellPadding;
    const nameHeight = drawText(canvas, name, cellBox(canvas, { offset: 0, width: shopWidth }), top, {
      ...small,
      bold,
      typed: true,
    });
    shopReportFigures.forEach((figure, index) => {
      drawText(canvas, cell(figure, values[figure]), cellBox(canvas, columnOf(index)), top, { ...end, bold });
    });
    y += Math.max(nameHeight, small.size * canvas.leading) + 2 * cellPadding;
    drawRule(canvas, y);
  };

  header();
  const rowLimit = footerTop - 40;
  if (input.shops.length === 0) {
    y += drawText(
      canvas,
      labels.noShops,
      cellBox(canvas, { offset: 0, width: contentWidth }),
      y + cellPadding,
      {
        ...small,
        color: colours.muted,
      },
    );
    y += 2 * cellPadding;
  }
  for (const shop of input.shops) {
    if (y > rowLimit) {
      drawFooter();
      doc.addPage();
      y = page.margin;
      header();
    }
    row(shop.shopName, shop);
  }
  row(labels.total, input.totals, true);
  drawFooter();
  doc.end();
  return done;
};
