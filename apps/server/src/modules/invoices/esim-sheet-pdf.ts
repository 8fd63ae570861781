import type { Locale } from '@esim/contracts/locales';
import { openPdfDocument } from '../../lib/pdf/document';
import {
  boxFromStart,
  colours,
  contentWidth,
  drawRule,
  drawText,
  page,
  type TextOptions,
} from '../../lib/pdf/layout';

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
  const { doc, canvas, direction, done } = openPdfDocument(input.locale, {
    Title: `${labels.title} ${input.iccid}`,
    Author: input.shop.name,
    CreationDate: input.issuedAt,
    ModDate: input.issuedAt,
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
