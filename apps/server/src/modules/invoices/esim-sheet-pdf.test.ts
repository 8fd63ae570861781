import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderActivationQrPng } from '../esims/qr-code';
import { type EsimSheetInput, renderEsimSheetPdf } from './esim-sheet-pdf';

const pageTexts = async (pdf: Buffer) => {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  const pages = document.numPages;
  await document.destroy();
  return { text, pages };
};

// A 1x1 PNG, as a shop's logo.
const logo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const input = async (overrides: Partial<EsimSheetInput> = {}): Promise<EsimSheetInput> => {
  const activationCode = 'LPA:1$smdp.sandbox.esim.example$929A-9620-4CAE-B129-7F6D-6899';
  return {
    locale: 'en',
    labels: {
      title: 'Your eSIM',
      subscriber: 'For',
      package: 'Package',
      iccid: 'ICCID',
      scanHint: 'Scan this QR code with the phone you travel with to install the eSIM.',
      manualTitle: 'Install without the QR code',
      smdpAddress: 'SM-DP+ address',
      activationCode: 'Activation code',
      iosTitle: 'Install on iPhone with one tap',
      installNote: 'Install the eSIM only once.',
    },
    shop: { name: 'Sara Travel Shop', logo: { data: logo, type: 'png' } },
    subscriberName: 'Liridona Gashi',
    packageName: 'DE 5GB 30 days',
    iccid: '8948618565925069617',
    qrPng: await renderActivationQrPng(activationCode),
    smdpAddress: 'smdp.sandbox.esim.example',
    activationCode,
    iosInstallLink: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(activationCode)}`,
    issuedAt: new Date('2026-11-24T12:00:00Z'),
    ...overrides,
  };
};

describe('renderEsimSheetPdf', () => {
  it("prints the shop's name, the subscriber, the package, the ICCID and the manual details on one page", async () => {
    const pdf = await renderEsimSheetPdf(await input());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pageTexts(pdf);
    expect(pages).toBe(1);
    for (const part of [
      'Sara Travel Shop',
      'Your eSIM',
      'Liridona Gashi',
      'DE 5GB 30 days',
      '8948618565925069617',
      'smdp.sandbox.esim.example',
      'SM-DP+ address',
    ])
      expect(text).toContain(part);
  });

  it('lays out Arabic right to left and still fits one page; a logo pdfkit cannot read is left out', async () => {
    const pdf = await renderEsimSheetPdf(
      await input({
        locale: 'sa',
        labels: {
          title: 'شريحة eSIM الخاصة بك',
          subscriber: 'إلى',
          package: 'الباقة',
          iccid: 'رقم ICCID',
          scanHint: 'امسح رمز QR هذا بالهاتف الذي تسافر به لتثبيت شريحة eSIM.',
          manualTitle: 'التثبيت بدون رمز QR',
          smdpAddress: 'عنوان SM-DP+',
          activationCode: 'رمز التفعيل',
          iosTitle: 'التثبيت على iPhone بلمسة واحدة',
          installNote: 'ثبّت الشريحة مرة واحدة فقط.',
        },
        shop: { name: 'Sara Travel Shop', logo: { data: Buffer.from('not an image'), type: 'png' } },
      }),
    );
    const { text, pages } = await pageTexts(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Sara Travel Shop');
    expect(text).toContain('8948618565925069617');
  });
});
