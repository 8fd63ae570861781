import type { Locale } from '@esim/contracts/locales';
import { createFormatters, openPdfDocument } from '../../lib/pdf/document';
import {
  boxFromStart,
  type Canvas,
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
  wrapText,
} from '../../lib/pdf/layout';

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
  const { doc, canvas, done } = openPdfDocument(input.locale, {
    Title: `${labels.title} ${input.invoiceNumber}`,
    Author: input.seller.name,
    Subject: `${labels.orderNumber} ${input.orderNumber}`,
    CreationDate: input.issuedAt,
    ModDate: input.issuedAt,
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
