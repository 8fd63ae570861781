import {
  balancesSchema,
  statementCsvQuerySchema,
  statementQuerySchema,
  statementSchema,
} from '@esim/contracts/portal';
import type { Db } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv';
import { sendDownload } from '../../lib/download';
import { requireActiveShop, shopIdOf } from '../auth/auth.guard';
import { exportStatement, getBalances, getStatement, renderStatement } from './credits.service';

const tags = ['portal'];
const access = { kinds: ['shop'] } as const;

/** A shop's balances and statement (mounted under /api/portal). */
export const creditsPortalRoutes =
  (deps: { db: Db; i18n: ServerI18n; config: { uploadDir: string } }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireActiveShop);

    app.get(
      '/credits',
      {
        config: { access },
        schema: {
          tags,
          summary: "The shop's paid credit, bonus and total",
          response: { 200: balancesSchema },
        },
      },
      async (request) => getBalances(deps, shopIdOf(request)),
    );

    app.get(
      '/credits/statement',
      {
        config: { access },
        schema: {
          tags,
          summary: 'The ledger for a period: opening, entries with running balance, totals per kind, closing',
          querystring: statementQuerySchema,
          response: { 200: statementSchema },
        },
      },
      async (request) => getStatement(deps, shopIdOf(request), request.query),
    );

    app.get(
      '/credits/statement.csv',
      {
        config: { access },
        schema: {
          tags,
          summary: "The period's ledger entries with running balances as a CSV download (every entry)",
          querystring: statementCsvQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `statement-${request.query.from}-${request.query.to}.csv`,
          exportStatement(deps, shopIdOf(request), request.query),
        ),
    );

    app.get(
      '/credits/statement.pdf',
      {
        config: { access },
        schema: {
          tags,
          summary:
            "The period's statement as a PDF: the shop's details, opening balance, entries, totals per kind, closing",
          querystring: statementCsvQuerySchema,
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await renderStatement(
          deps,
          shopIdOf(request),
          request.query,
          request.locale,
        );
        return sendDownload(reply, { contentType: 'application/pdf', fileName }, pdf);
      },
    );
  };
