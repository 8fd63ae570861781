import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnswerReplay, etagMatches, type ReplayedRequest } from './answer-replay';

const body = Buffer.from('{"items":[]}');
const etag = '"abc"';
const headers = {
  'content-type': 'application/json; charset=utf-8',
  etag,
  vary: 'Accept-Language, Accept-Encoding',
  'x-request-id': 'of-the-first-request',
  'content-length': 12,
};
const sq = { 'accept-language': 'sq', 'accept-encoding': 'gzip, br' };
const listed = { url: '/api/catalogue/search?q=al', headers: sq };

let server: Server | undefined;
afterEach(() => server?.close());

/** A server whose requests go to the replay first, and to a plain 404 "pipeline" otherwise. */
const serve = async (replay: ReturnType<typeof createAnswerReplay>) => {
  server = createServer((req, res) => {
    if (!replay.serve(req, res)) res.writeHead(404, { 'x-pipeline': 'yes' }).end();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return (url: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${url}`, init);
};

describe('answer replay', () => {
  it('sends a stored answer again to the same request, with a new request id, and reports it', async () => {
    const replayed: ReplayedRequest[] = [];
    const replay = createAnswerReplay({ onReplayed: (r) => replayed.push(r) });
    replay.remember(listed, { route: '/api/catalogue/search', headers, etag, body, isCurrent: () => true });
    const request = await serve(replay);

    const answer = await request(listed.url, { headers: sq });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('{"items":[]}');
    expect(answer.headers.get('etag')).toBe(etag);
    expect(answer.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
    expect(answer.headers.get('content-length')).toBe('12');
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // A proxy's plain id is kept, as Fastify's requests keep it.
    const traced = await request(listed.url, { headers: { ...sq, 'x-request-id': 'edge-7' } });
    expect(traced.headers.get('x-request-id')).toBe('edge-7');
    expect(replayed.map((r) => [r.reqId, r.route, r.statusCode])).toEqual([
      [id, '/api/catalogue/search', 200],
      ['edge-7', '/api/catalogue/search', 200],
    ]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const replay = createAnswerReplay();
    replay.remember(listed, { route: '/r', headers, etag, body, isCurrent: () => true });
    const request = await serve(replay);
    const answer = await request(listed.url, { headers: { ...sq, 'if-none-match': 'W/"abc"' } });
    expect(answer.status).toBe(304);
  });

  it('leaves to the pipeline any request that differs in URL, language, encoding or method', async () => {
    const replay = createAnswerReplay();
    replay.remember(listed, { route: '/r', headers, etag, body, isCurrent: () => true });
    const request = await serve(replay);
    const viaPipeline = async (url: string, init: RequestInit) =>
      (await request(url, init)).headers.get('x-pipeline');
    expect(await viaPipeline(`${listed.url}&page=2`, { headers: sq })).toBe('yes');
    expect(await viaPipeline(listed.url, { headers: { ...sq, 'accept-language': 'en' } })).toBe('yes');
    expect(await viaPipeline(listed.url, { headers: { ...sq, 'accept-encoding': 'br' } })).toBe('yes');
    expect(await viaPipeline(listed.url, { method: 'HEAD', headers: sq })).toBe('yes');
  });

  it('drops an answer once its data is no longer current, and everything once closed', async () => {
    let current = true;
    const replay = createAnswerReplay();
    replay.remember(listed, { route: '/r', headers, etag, body, isCurrent: () => current });
    const request = await serve(replay);
    const init = { headers: sq };
    expect((await request(listed.url, init)).status).toBe(200);
    current = false;
    expect((await request(listed.url, init)).status).toBe(404);
    current = true; // dropped, not merely skipped
    expect((await request(listed.url, init)).status).toBe(404);

    replay.remember(listed, { route: '/r', headers, etag, body, isCurrent: () => true });
    replay.close();
    expect((await request(listed.url, init)).status).toBe(404);
    replay.remember(listed, { route: '/r', headers, etag, body, isCurrent: () => true });
    expect((await request(listed.url, init)).status).toBe(404);
  });

  it('never stores an answer that sets a cookie, and stays within its bound', async () => {
    const replay = createAnswerReplay({ maxAnswers: 2 });
    replay.remember(listed, {
      route: '/r',
      headers: { ...headers, 'set-cookie': 'a=1' },
      etag,
      body,
      isCurrent: () => true,
    });
    const request = await serve(replay);
    const init = { headers: sq };
    expect((await request(listed.url, init)).status).toBe(404);
    for (const n of [1, 2, 3])
      replay.remember(
        { ...listed, url: `/n${n}` },
        { route: '/r', headers, etag, body, isCurrent: () => true },
      );
    // The third filled a full store: it starts again from that one.
    expect((await request('/n1', init)).status).toBe(404);
    expect((await request('/n3', init)).status).toBe(200);
  });
});

describe('etagMatches', () => {
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(etagMatches(header, '"abc"')).toBe(expected);
  });
});
