import { logoMaxBytes, type RouteAccess } from '@esim/contracts';
import { portalSummarySchema, shopProfileSchema, updateShopBodySchema } from '@esim/contracts/portal';
import type { Db } from '@esim/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requireActiveShop, shopIdOf } from '../auth/auth.guard';
import type { LogoFile } from './portal-auth.service';
import {
  getPortalSummary,
  getShop,
  readShopLogo,
  replaceShopLogo,
  updateShopDetails,
} from './portal-shop.service';

const tags = ['portal'];

/** The one `logo` file of a multipart body. */
const readLogo = async (request: FastifyRequest): Promise<LogoFile> => {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let logo: LogoFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: logoMaxBytes, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname !== 'logo') continue;
      if (part.file.truncated) throw new AppError('FILE_INVALID', { logo: ['errors.FILE_INVALID'] });
      if (buffer.length > 0) logo = { buffer, mimetype: part.mimetype };
    }
  } catch (error) {
    if (error instanceof AppError || (error as { code?: string }).code) throw error;
    throw new AppError('BAD_REQUEST');
  }
  if (!logo) throw new AppError('VALIDATION_FAILED', { logo: ['required'] });
  return logo;
};

/**
 * The portal home's summary and the shop's own details (mounted under /api/portal): name, company logo,
 * sellShopPrice and the low-balance threshold. The user's own details and password are the account routes'.
 */
export const portalShopRoutes =
  (deps: { db: Db; config: { uploadDir: string } }): FastifyPluginAsyncZod =>
  async (app) => {
    const access: RouteAccess = { kinds: ['shop'] };
    app.addHook('preValidation', requireActiveShop);

    app.get(
      '/summary',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "The portal home: orders, active users, credits and packages, and the shop's recent activity",
          response: { 200: portalSummarySchema },
        },
      },
      async (request) => getPortalSummary(deps, shopIdOf(request)),
    );

    app.get(
      '/shop',
      {
        config: { access },
        schema: { tags, summary: "The shop's own details", response: { 200: shopProfileSchema } },
      },
      async (request) => getShop(deps, shopIdOf(request)),
    );

    app.put(
      '/shop',
      {
        config: { access },
        schema: {
          tags,
          summary: "Change the shop's name, sellShopPrice and low-balance threshold",
          body: updateShopBodySchema,
          response: { 200: shopProfileSchema },
        },
      },
      async (request) => updateShopDetails(deps, shopIdOf(request), request.body),
    );

    app.put(
      '/shop/logo',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Replace the company logo (multipart/form-data with one `logo` file: PNG, JPEG or WebP)',
          response: { 200: shopProfileSchema },
        },
      },
      async (request) => replaceShopLogo(deps, shopIdOf(request), await readLogo(request)),
    );

    app.get(
      '/shop/logo',
      { config: { access }, schema: { tags, summary: "The shop's company logo (404 when it has none)" } },
      async (request, reply) => {
        const { file, contentType } = await readShopLogo(deps, shopIdOf(request));
        return reply
          .header('Content-Type', contentType)
          .header('Cache-Control', 'private, no-store')
          .send(file);
      },
    );
  };
