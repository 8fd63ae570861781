import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { requestIdFrom } from './request-context';

/** A reply's headers as Fastify holds them. */
type ReplyHeaders = Record<string, string | number | readonly string[] | undefined>;

/** An answer kept to be sent again byte for byte: the headers the whole pipeline set, and the body. */
type StoredAnswer = {
  /** The route pattern, for the request metrics. */
  route: string;
  /** Name, value, name, value… (Node's raw form: no object walk per write). */
  headers: string[];
  etag: string;
  body: Buffer;
  /** Whether the data the answer was made from is still the current one (checked on every replay). */
  isCurrent: () => boolean;
};

/** What a replayed request reports, for the request metrics and the request log. */
export type ReplayedRequest = { reqId: string; route: string; url: string; statusCode: number; ms: number };

// Set by Node or by Fastify per request; never stored.
const perRequestHeaders = new Set(['x-request-id', 'content-length', 'date', 'connection', 'keep-alive']);

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 13.1.2). */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string) =>
  (ifNoneMatch ?? '').split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });

/**
 * Answers that may be replayed (ADR 0024). A route that answered a request the same way for everyone (no
 * cookie or identity read, nothing but the URL, Accept-Language and Accept-Encoding) stores the finished answer
 * here; the same request is then answered from the HTTP server's request listener, before Fastify builds a
 * request, runs hooks or validates anything. The catalogue reads are the hottest routes, and most of their cost
 * was that per-request pipeline. Everything a client can tell apart is kept: the headers are the ones the whole
 * pipeline set (security headers included), each answer gets its own request id, a matching If-None-Match gets
 * 304, and the request metrics and request log see every replayed request.
 */
export const createAnswerReplay = (
  options: { maxAnswers?: number; onReplayed?: (request: ReplayedRequest) => void } = {},
) => {
  const maxAnswers = options.maxAnswers ?? 5_000;
  const answers = new Map<string, StoredAnswer>();
  let open = true;

  const keyOf = (url: string, headers: IncomingMessage['headers']) =>
    `${url}\n${headers['accept-language'] ?? ''}\n${headers['accept-encoding'] ?? ''}`;

  /** The request listener's first look: sends the stored answer and returns true, or returns false. */
  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!open || req.method !== 'GET' || req.url === undefined) return false;
    const key = keyOf(req.url, req.headers);
    const answer = answers.get(key);
    if (!answer) return false;
    if (!answer.isCurrent()) {
      answers.delete(key);
      return false;
    }
    const started = performance.now();
    const reqId = requestIdFrom(req);
    const notModified = etagMatches(req.headers['if-none-match'], answer.etag);
    const statusCode = notModified ? 304 : 200;
    if (notModified) res.writeHead(304, [...answer.headers, 'x-request-id', reqId]).end();
    else
      res
        .writeHead(200, [
          ...answer.headers,
          'x-request-id',
          reqId,
          'content-length',
          String(answer.body.length),
        ])
        .end(answer.body);
    options.onReplayed?.({
      reqId,
      route: answer.route,
      url: req.url,
      statusCode,
      ms: performance.now() - started,
    });
    return true;
  };

  return {
    serve,

    /**
     * Fastify's `serverFactory`: the HTTP/1 server Fastify would make (its timeouts), with the replay's look
     * before Fastify's handler.
     */
    serverFactory: (handler: RequestListener, options: Record<string, unknown>) => {
      const server = createServer((options.http ?? {}) as object, (req, res) => {
        if (!serve(req, res)) handler(req, res);
      });
      const number = (value: unknown) => (typeof value === 'number' ? value : 0);
      server.keepAliveTimeout = number(options.keepAliveTimeout);
      server.requestTimeout = number(options.requestTimeout);
      server.setTimeout(number(options.connectionTimeout));
      if (number(options.maxRequestsPerSocket) > 0)
        server.maxRequestsPerSocket = number(options.maxRequestsPerSocket);
      return server;
    },

    /**
     * Keeps a 200 answer for requests with this URL, Accept-Language and Accept-Encoding, while `isCurrent()`
     * holds. `headers` are the reply's final headers.
     */
    remember: (
      request: { url: string; headers: IncomingMessage['headers'] },
      answer: Omit<StoredAnswer, 'headers'> & { headers: ReplyHeaders },
    ) => {
      if (!open || 'set-cookie' in answer.headers) return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || perRequestHeaders.has(name)) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
      }
      // A crude bound: a flood of distinct URLs (the query is free text) empties the store instead of growing it.
      if (answers.size >= maxAnswers) answers.clear();
      answers.set(keyOf(request.url, request.headers), { ...answer, headers });
    },

    /** From now on every request goes through Fastify (closing: it answers 503 and closes connections). */
    close: () => {
      open = false;
      answers.clear();
    },
  };
};
export type AnswerReplay = ReturnType<typeof createAnswerReplay>;
