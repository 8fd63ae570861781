import type { Locale } from '@esim/contracts/locales';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { loadFont } from '../../lib/pdf/fonts';
import { computeInvoiceTotals, type InvoiceInput, type InvoiceLabels, renderInvoicePdf } from './invoice-pdf';

// The caller translates labels from packages/i18n; these fixtures only need to exercise the scripts.
const labels = {
  en: {
    title: 'Invoice',
    invoiceNumber: 'Invoice number',
    orderNumber: 'Order number',
    date: 'Date',
    paid: 'Paid',
    billTo: 'Bill to',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    vat: 'VAT ({rate} %)',
    total: 'Total',
    paymentMethod: 'Payment method',
    thankYou: 'Thank you for your purchase!',
  },
  de: {
    title: 'Rechnung',
    invoiceNumber: 'Rechnungsnummer',
    orderNumber: 'Bestellnummer',
    date: 'Datum',
    paid: 'Bezahlt am',
    billTo: 'Rechnung an',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    vat: 'MwSt. ({rate} %)',
    total: 'Gesamt',
    paymentMethod: 'Zahlungsart',
    thankYou: 'Vielen Dank für Ihren Einkauf!',
  },
  sq: {
    title: 'Faturë',
    invoiceNumber: 'Numri i faturës',
    orderNumber: 'Numri i porosisë',
    date: 'Data',
    paid: 'Paguar më',
    billTo: 'Faturuar për',
    description: 'Përshkrimi',
    quantity: 'Sasia',
    unitPrice: 'Çmimi për njësi',
    amount: 'Shuma',
    subtotal: 'Nëntotali',
    vat: 'TVSH ({rate} %)',
    total: 'Totali',
    paymentMethod: 'Mënyra e pagesës',
    thankYou: 'Faleminderit për blerjen!',
  },
  gr: {
    title: 'Τιμολόγιο',
    invoiceNumber: 'Αριθμός τιμολογίου',
    orderNumber: 'Αριθμός παραγγελίας',
    date: 'Ημερομηνία',
    paid: 'Πληρώθηκε',
    billTo: 'Χρέωση προς',
    description: 'Περιγραφή',
    quantity: 'Ποσ.',
    unitPrice: 'Τιμή μονάδας',
    amount: 'Ποσό',
    subtotal: 'Υποσύνολο',
    vat: 'ΦΠΑ ({rate} %)',
    total: 'Σύνολο',
    paymentMethod: 'Τρόπος πληρωμής',
    thankYou: 'Ευχαριστούμε για την αγορά σας!',
  },
  mk: {
    title: 'Фактура',
    invoiceNumber: 'Број на фактура',
    orderNumber: 'Број на нарачка',
    date: 'Датум',
    paid: 'Платено',
    billTo: 'Фактурирано на',
    description: 'Опис',
    quantity: 'Кол.',
    unitPrice: 'Единечна цена',
    amount: 'Износ',
    subtotal: 'Меѓузбир',
    vat: 'ДДВ ({rate} %)',
    total: 'Вкупно',
    paymentMethod: 'Начин на плаќање',
    thankYou: 'Ви благодариме за купувањето!',
  },
  tr: {
    title: 'Fatura',
    invoiceNumber: 'Fatura numarası',
    orderNumber: 'Sipariş numarası',
    date: 'Tarih',
    paid: 'Ödendi',
    billTo: 'Fatura adresi',
    description: 'Açıklama',
    quantity: 'Adet',
    unitPrice: 'Birim fiyat',
    amount: 'Tutar',
    subtotal: 'Ara toplam',
    vat: 'KDV (%{rate})',
    total: 'Toplam',
    paymentMethod: 'Ödeme yöntemi',
    thankYou: 'Alışverişiniz için teşekkür ederiz!',
  },
  sa: {
    title: 'فاتورة',
    invoiceNumber: 'رقم الفاتورة',
    orderNumber: 'رقم الطلب',
    date: 'التاريخ',
    paid: 'تاريخ الدفع',
    billTo: 'فاتورة إلى',
    description: 'الوصف',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    vat: 'ضريبة القيمة المضافة ({rate} %)',
    total: 'الإجمالي',
    paymentMethod: 'طريقة الدفع',
    thankYou: 'شكرًا لشرائك!',
  },
} satisfies Partial<Record<Locale, InvoiceLabels>>;

const invoiceFor = (locale: keyof typeof labels, overrides: Partial<InvoiceInput> = {}): InvoiceInput => ({
  locale,
  labels: labels[locale],
  seller: {
    name: 'Travel eSIM Sh.p.k.',
    address: ['Rruga e Durrësit 12', '1001 Tiranë, Shqipëri'],
    taxId: 'NIPT L12345678A',
    email: 'billing@esim.example',
  },
  buyer: { name: 'Arbër Çela', email: 'arber@example.al', country: 'AL' },
  invoiceNumber: 'INV-2026-000123',
  orderNumber: 'ES-7K4P-2Q9M',
  issuedAt: new Date('2026-06-15T10:00:00Z'),
  paidAt: new Date('2026-06-15T09:58:00Z'),
  currency: 'EUR',
  lines: [{ description: 'eSIM Albania 10 GB, 30 days', quantity: 1, unitCents: 1299 }],
  vatRatePercent: 0,
  paymentMethod: 'Visa •••• 4242',
  ...overrides,
});

/** All text pdf.js finds, one string per page; no-break spaces become spaces to keep assertions plain. */
const extractText = async (pdf: Buffer): Promise<string> => {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/[\u00a0\u202f]/g, ' ');
};

describe('computeInvoiceTotals', () => {
  it('adds no VAT at 0 %', () => {
    expect(computeInvoiceTotals([{ description: 'eSIM', quantity: 1, unitCents: 1299 }], 0)).toEqual({
      subtotalCents: 1299,
      vatCents: 0,
      totalCents: 1299,
    });
  });

  it('rounds 20 % VAT to whole cents, half up', () => {
    // 1299 × 20 % = 259.8 → 260; 1297 × 20 % = 259.4 → 259.
    expect(computeInvoiceTotals([{ description: 'a', quantity: 1, unitCents: 1299 }], 20)).toEqual({
      subtotalCents: 1299,
      vatCents: 260,
      totalCents: 1559,
    });
    expect(computeInvoiceTotals([{ description: 'a', quantity: 1, unitCents: 1297 }], 20).vatCents).toBe(259);
    // An exact half: 25 × 10 % = 2.5 → 3; and a rate with decimals: 1000 × 8.5 % = 85.
    expect(computeInvoiceTotals([{ description: 'a', quantity: 1, unitCents: 25 }], 10).vatCents).toBe(3);
    expect(computeInvoiceTotals([{ description: 'a', quantity: 1, unitCents: 1000 }], 8.5).vatCents).toBe(85);
  });

  it('sums several lines with quantities above one before taxing the subtotal', () => {
    const lines = [
      { description: 'Europe 5 GB', quantity: 2, unitCents: 499 },
      { description: 'Albania 10 GB', quantity: 1, unitCents: 1299 },
      { description: 'Top-up 1 GB', quantity: 3, unitCents: 150 },
    ];
    // 998 + 1299 + 450 = 2747; 2747 × 20 % = 549.4 → 549.
    expect(computeInvoiceTotals(lines, 20)).toEqual({ subtotalCents: 2747, vatCents: 549, totalCents: 3296 });
    expect(computeInvoiceTotals([], 20)).toEqual({ subtotalCents: 0, vatCents: 0, totalCents: 0 });
  });

  it('rejects what cannot be money: fractional cents or quantities, odd rates', () => {
    const line = { description: 'a', quantity: 1, unitCents: 100 };
    expect(() => computeInvoiceTotals([{ ...line, unitCents: 12.5 }], 0)).toThrow(RangeError);
    expect(() => computeInvoiceTotals([{ ...line, quantity: 0 }], 0)).toThrow(RangeError);
    expect(() => computeInvoiceTotals([{ ...line, quantity: 1.5 }], 0)).toThrow(RangeError);
    expect(() => computeInvoiceTotals([line], -1)).toThrow(RangeError);
    expect(() => computeInvoiceTotals([line], 101)).toThrow(RangeError);
    expect(() => computeInvoiceTotals([line], 7.125)).toThrow(RangeError);
    expect(() => computeInvoiceTotals([line], Number.NaN)).toThrow(RangeError);
  });
});

describe('renderInvoicePdf', () => {
  it('produces a PDF, byte for byte the same for the same input', async () => {
    const first = await renderInvoicePdf(invoiceFor('en'));
    const second = await renderInvoicePdf(invoiceFor('en'));
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.equals(second)).toBe(true);
    const later = await renderInvoicePdf(invoiceFor('en', { issuedAt: new Date('2026-06-16T10:00:00Z') }));
    expect(later.equals(first)).toBe(false);
  });

  it('prints the buyer, the numbers and the total formatted for German', async () => {
    const text = await extractText(await renderInvoicePdf(invoiceFor('de')));
    expect(text).toContain('Arbër Çela');
    expect(text).toContain('INV-2026-000123');
    expect(text).toContain('ES-7K4P-2Q9M');
    expect(text).toContain('12,99 €');
    expect(text).toContain('15. Juni 2026');
    expect(text).toContain('MwSt. (0 %)');
    expect(text).toContain('Albanien');
  });

  it('computes VAT into the printed totals', async () => {
    const lines = [
      { description: 'Europe 5 GB', quantity: 2, unitCents: 499 },
      { description: 'Albania 10 GB', quantity: 1, unitCents: 1299 },
    ];
    const text = await extractText(await renderInvoicePdf(invoiceFor('en', { lines, vatRatePercent: 20 })));
    expect(text).toContain('€9.98');
    expect(text).toContain('€22.97');
    expect(text).toContain('VAT (20 %)');
    expect(text).toContain('€4.59');
    expect(text).toContain('€27.56');
  });

  it('embeds fonts that carry Albanian, Greek, Macedonian and Turkish letters', async () => {
    const albanian = await extractText(await renderInvoicePdf(invoiceFor('sq')));
    expect(albanian).toContain('Faturë');
    expect(albanian).toContain('Çmimi për njësi');
    expect(albanian).toContain('15 qershor 2026');
    const greek = await extractText(
      await renderInvoicePdf(
        invoiceFor('gr', { buyer: { name: 'Γιώργος Παπαδόπουλος', email: 'g@example.gr', country: 'GR' } }),
      ),
    );
    expect(greek).toContain('Τιμολόγιο');
    expect(greek).toContain('Γιώργος Παπαδόπουλος');
    expect(greek).toContain('Ελλάδα');
    expect(await extractText(await renderInvoicePdf(invoiceFor('mk')))).toContain('Начин на плаќање');
    expect(await extractText(await renderInvoicePdf(invoiceFor('tr')))).toContain(
      'Alışverişiniz için teşekkür',
    );
  });

  it('keeps Latin text and numbers readable on an Arabic invoice', async () => {
    const text = await extractText(
      await renderInvoicePdf(
        invoiceFor('sa', {
          lines: [{ description: 'شريحة eSIM السعودية 10 GB', quantity: 2, unitCents: 1299 }],
        }),
      ),
    );
    // Not reversed: our bidi pass feeds Latin runs to fontkit left to right.
    expect(text).toContain('Arbër Çela');
    expect(text).toContain('INV-2026-000123');
    expect(text).toContain('Travel eSIM Sh.p.k.');
    expect(text).toContain('1001 Tiranë, Shqipëri');
    expect(text).toContain('25.98');
    // pdf.js reads Arabic runs back in logical order only if the glyphs were drawn right to left.
    // It maps glyphs, not ActualText, to characters, so only words without a dotted letter whose
    // dotless body another letter shares come back exactly (see the comment on ActualText).
    expect(text).toContain('الوصف');
    expect(text).toContain('سعر الوحدة');
  });

  it('continues a long order on a second page', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => ({
      description: `eSIM package ${index + 1}`,
      quantity: 1,
      unitCents: 100,
    }));
    const pdf = await renderInvoicePdf(invoiceFor('en', { lines }));
    const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    expect(document.numPages).toBe(2);
    await document.destroy();
    expect(await extractText(pdf)).toContain('€30.00');
  });
});

describe('loadFont', () => {
  /** One line of text in a PDF drawn with the given font. */
  const pdfWith = (font: ReturnType<typeof loadFont>, text: string) => {
    const doc = new PDFDocument({ size: 'A6' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc
      .registerFont('shared', font as unknown as Buffer)
      .font('shared')
      .text(text);
    doc.end();
    return done;
  };

  it("keeps each PDF's text readable after another PDF used the same letter inside a composite", async () => {
    // A fresh font, so no earlier test in this process has drawn a plain "C" yet.
    const font = loadFont('latin-regular');
    // The test needs "Ç" built from the "C" glyph; a font that draws it on its own would prove nothing.
    // (Looked up by name: asking for "C" by its character would give the glyph its characters.)
    const cedilla = font.glyphForCodePoint(0xc7) as unknown as {
      _decode: () => { components?: { glyphID: number }[] };
    };
    const parts = cedilla._decode().components?.map((part) => font.getGlyph(part.glyphID).name);
    expect(parts).toContain('C');
    // "Ç" is drawn as "C" plus a cedilla: subsetting it creates the "C" glyph without characters.
    expect(await extractText(await pdfWith(font, 'Çmimi'))).toContain('Çmimi');
    expect(await extractText(await pdfWith(font, 'Credit statement'))).toContain('Credit statement');
    expect(font.layout('C').glyphs[0]?.codePoints).toEqual([0x43]);
  });
});
