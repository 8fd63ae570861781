import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale, PortalRegisterBody } from '@esim/contracts';
import { type Db, hashPassword } from '@esim/db';
import { AppError } from '../../lib/app-error';
import {
  activateShop,
  findUserToken,
  getUserDetails,
  insertShop,
  insertUser,
  insertUserToken,
  updateUser,
  useUserToken,
} from '../auth/auth.repository';
import {
  assertEmailAndPhoneFree,
  createRandomToken,
  hashToken,
  rethrowUniqueViolation,
} from '../auth/auth.service';

export const verificationTtlMs = 24 * 60 * 60 * 1000;

export type LogoFile = { buffer: Buffer; mimetype: string };

const signatures: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP',
  },
];

/** Checks the declared type and the file's own magic bytes, so a renamed script is not stored as an image. */
export const detectLogoType = (file: LogoFile) => {
  const match = signatures.find((s) => s.type === file.mimetype && s.test(file.buffer));
  if (!match) throw new AppError('FILE_INVALID', { logo: ['errors.FILE_INVALID'] });
  return match;
};

export const createEmailVerification = async (db: Db, userId: string) => {
  const token = createRandomToken();
  await insertUserToken(db, {
    userId,
    purpose: 'email_verification',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + verificationTtlMs),
  });
  return token;
};

/** Shop, shop user (unverified) and verification token in one transaction; the logo file is removed on failure. */
export const registerShop = async (
  db: Db,
  uploadDir: string,
  body: PortalRegisterBody,
  logo: LogoFile | undefined,
  locale: Locale,
) => {
  await assertEmailAndPhoneFree(db, 'shop', body.email, body.phoneNumber);
  let logoPath: string | null = null;
  if (logo) {
    const { ext } = detectLogoType(logo);
    const dir = join(uploadDir, 'logos');
    await mkdir(dir, { recursive: true });
    logoPath = `logos/${randomUUID()}.${ext}`;
    await writeFile(join(uploadDir, logoPath), logo.buffer);
  }
  try {
    const passwordHash = await hashPassword(body.password);
    return await db.transaction(async (tx) => {
      const shop = await insertShop(tx, {
        name: body.shopName,
        sellShopPrice: Math.round(body.sellShopPrice),
        logo: logoPath,
      });
      const user = await insertUser(tx, {
        kind: 'shop',
        shopId: shop.id,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: body.phoneNumber,
        locale,
        passwordHash,
      }).catch(rethrowUniqueViolation);
      const token = await createEmailVerification(tx, user.id);
      return { user, token };
    });
  } catch (error) {
    if (logoPath) await unlink(join(uploadDir, logoPath)).catch(() => undefined);
    throw error;
  }
};

/**
 * Confirms a shop user's e-mail and activates the shop. A stale link sends a fresh one and answers
 * "Token expired. Another verification email has been sent." (SPEC section 8).
 */
export const verifyShopEmail = async (db: Db, rawToken: string) => {
  const row = await findUserToken(db, 'email_verification', hashToken(rawToken));
  if (!row) throw new AppError('VERIFICATION_TOKEN_INVALID');
  const details = await getUserDetails(db, row.userId);
  if (!details) throw new AppError('VERIFICATION_TOKEN_INVALID');
  if (details.user.emailVerifiedAt) return { status: 'verified' as const, details };
  if (row.usedAt) throw new AppError('VERIFICATION_TOKEN_INVALID');
  if (row.expiresAt.getTime() < Date.now()) return { status: 'expired' as const, details };
  await db.transaction(async (tx) => {
    if (!(await useUserToken(tx, row.id))) throw new AppError('VERIFICATION_TOKEN_INVALID');
    await updateUser(tx, row.userId, { emailVerifiedAt: new Date() });
    if (details.user.shopId) await activateShop(tx, details.user.shopId);
  });
  return { status: 'verified' as const, details };
};
