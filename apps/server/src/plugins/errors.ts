import { type ErrorCode, type ErrorEnvelope, errorStatus } from '@esim/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { translateRule } from './i18n';

const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

const send = (reply: FastifyReply, code: ErrorCode, body: ErrorEnvelope) =>
  reply.status(errorStatus[code]).type('application/json; charset=utf-8').send(body);

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';

/** One envelope `{ code, message, errors? }` for every failure; 5xx never leaks internals. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const t = request.t;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath);
        errors[field] = [...(errors[field] ?? []), translateRule(t, field, issue.message ?? 'invalid')];
      }
      return send(reply, 'VALIDATION_FAILED', {
        code: 'VALIDATION_FAILED',
        message: t('errors.VALIDATION_FAILED'),
        errors,
      });
    }
    if (error instanceof AppError) {
      const errors = error.fieldErrors
        ? Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, rules]) => [
              field,
              rules.map((rule) => (rule.startsWith('errors.') ? t(rule) : translateRule(t, field, rule))),
            ]),
          )
        : undefined;
      return send(reply, error.code, {
        code: error.code,
        message: error.fixedMessage ?? t(`errors.${error.code}`),
        ...(errors ? { errors } : {}),
      });
    }
    const mapped = error.code ? frameworkCodes[error.code] : undefined;
    if (mapped) return send(reply, mapped, { code: mapped, message: t(`errors.${mapped}`) });
    if (error.statusCode === 429)
      return send(reply, 'RATE_LIMITED', { code: 'RATE_LIMITED', message: t('errors.RATE_LIMITED') });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply
        .status(error.statusCode)
        .send({ code: 'BAD_REQUEST', message: t('errors.BAD_REQUEST') } satisfies ErrorEnvelope);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL', { code: 'INTERNAL', message: t('errors.INTERNAL') });
  });
};

export const sendApiNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  send(reply, 'NOT_FOUND', { code: 'NOT_FOUND', message: request.t('errors.NOT_FOUND') });
