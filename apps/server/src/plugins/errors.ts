import type { Socket } from 'node:net';
import { type ErrorCode, type ErrorEnvelope, errorStatus } from '@esim/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { isJsonDeeperThan, maxJsonDepth } from '../lib/json-depth';
import { type Translators, translateRule } from './i18n';

/**
 * Where error texts are looked up: `common` (every client has it), then `admin` for the errors only staff
 * screens can meet (a stale record, the last admin…), and `gifts` for gift cards and gift eSIMs (ADR 0040, 0044),
 * which only the pages that need them load, `push` for push devices and messages (ADR 0060), and `checkout` for
 * a price that changed after it was shown (ADR 0093), kept out of the site's first load.
 */
const errorNamespaces = ['common', 'admin', 'gifts', 'push', 'checkout'];

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

// A message that is a key (`errors.LAST_ADMIN`, `analytics.rangeTooLong`) rather than a rule ("maxCharacters:50").
const messageKey = /^[a-zA-Z]+(\.[a-zA-Z_]+)+$/;

/** A field's message: a key from the error namespaces, or a validation rule worded with the field's label. */
const translateFieldMessage = (t: FastifyRequest['t'], field: string, message: string, values?: object) =>
  messageKey.test(message)
    ? t(message, { ...values, ns: errorNamespaces })
    : translateRule(t, field, message);

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
        const prefix = fieldName(issue.instancePath);
        // An unknown field (strict bodies) is an error on that field, not on the object holding it.
        const unknown =
          issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[] | undefined) : undefined;
        const fields = unknown?.map((key) => (prefix === '_' ? key : `${prefix}.${key}`)) ?? [prefix];
        for (const field of fields)
          errors[field] = [
            ...(errors[field] ?? []),
            translateFieldMessage(t, field, unknown ? 'invalid' : (issue.message ?? 'invalid')),
          ];
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
              rules.map((rule) => translateFieldMessage(t, field, rule, error.values)),
            ]),
          )
        : undefined;
      return send(reply, error.code, {
        code: error.code,
        message:
          error.fixedMessage ??
          t(error.messageKey ?? `errors.${error.code}`, { ...error.values, ns: errorNamespaces }),
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
        .type('application/json; charset=utf-8')
        .send({ code: 'BAD_REQUEST', message: t('errors.BAD_REQUEST') } satisfies ErrorEnvelope);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL', { code: 'INTERNAL', message: t('errors.INTERNAL') });
  });
};

export const sendApiNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  send(reply, 'NOT_FOUND', { code: 'NOT_FOUND', message: request.t('errors.NOT_FOUND') });

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode or a path parameter past its length limit, found before
 * routing (so before our hooks gave the request a translator). Our envelope, never the URL echoed back; a
 * parameter that long names nothing we have, hence 404.
 */
export const createFrameworkErrors =
  (translate: Translators) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { t } = translate(request.headers['accept-language']);
    const code: ErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'BAD_REQUEST';
    request.log.info({ code: error.code }, 'framework refused the request');
    return send(reply, code, { code, message: t(`errors.${code}`) });
  };

const rawAcceptLanguage = (packet: unknown) =>
  Buffer.isBuffer(packet)
    ? /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(packet.toString('latin1'))?.[1]
    : undefined;

/**
 * Errors Node's HTTP parser meets before there is a request (headers too large, a malformed request line): the
 * raw socket gets a minimal HTTP answer with our envelope, in the language the headers read so far asked for.
 */
export const createClientErrorHandler =
  (translate: Translators, log: () => { trace: (obj: object, msg: string) => void }) =>
  (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code]: [number, ErrorCode] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'BAD_REQUEST']
          : [400, 'BAD_REQUEST'];
    const { t } = translate(rawAcceptLanguage(error.rawPacket));
    const body = JSON.stringify({ code, message: t(`errors.${code}`) } satisfies ErrorEnvelope);
    log().trace({ err: error }, 'client error before a request');
    if (socket.writable) {
      const reason =
        status === 431
          ? 'Request Header Fields Too Large'
          : status === 408
            ? 'Request Timeout'
            : 'Bad Request';
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };

/**
 * JSON bodies are UTF-8 JSON (RFC 8259): `application/json` with no parameter but `charset=utf-8`. Any other
 * charset or parameter, or a malformed type, is 415 before the body is read, instead of being parsed as if it
 * were plain JSON. Plain text is no body type of ours either (Fastify would hand the string to validation).
 */
export const registerBodyTypes = (app: FastifyInstance) => {
  app.removeContentTypeParser('text/plain');
  // Fastify's own JSON parser (prototype poisoning refused), behind a bound on nesting: a body nested thousands
  // of levels deep is a 400 before it is parsed or validated, like malformed JSON. The size bound is bodyLimit.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isJsonDeeperThan(body as string, maxJsonDepth)) {
      request.log.info({ maxJsonDepth }, 'JSON body nested too deeply');
      done(new AppError('BAD_REQUEST'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const header = request.headers['content-type'];
    if (header === undefined) return payload;
    const [type = '', ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
    if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    if (type !== 'application/json' && !type.endsWith('+json')) return payload;
    for (const parameter of parameters) {
      const [name, value] = parameter.split('=').map((part) => part.trim().replace(/^"(.*)"$/, '$1'));
      if (name !== 'charset' || value !== 'utf-8') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    return payload;
  });
};
