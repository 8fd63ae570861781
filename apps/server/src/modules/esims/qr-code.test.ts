import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { activationCodePattern, iosInstallLink, renderActivationQrPng } from './qr-code';

const decode = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
};

describe('activation QR code', () => {
  it('decodes to exactly the activation code, which has the SGP.22 form', async () => {
    const { activationCode } = createSandboxEsimProvider().profileFor('order-qr-1');
    expect(activationCode).toMatch(activationCodePattern);
    expect(decode(await renderActivationQrPng(activationCode))).toBe(activationCode);
  });

  it('builds the iOS one-tap link with the code URL-encoded', () => {
    expect(iosInstallLink('LPA:1$smdp.example$AB-12')).toBe(
      'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example%24AB-12',
    );
  });
});
