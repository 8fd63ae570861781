/**
 * Used only at build time: in SPA mode React Router renders the root route once into index.html. A custom
 * entry keeps us off @react-router/node, which a static SPA does not need. It waits for every Suspense
 * boundary (allReady) so the router's hydration data is complete in the file.
 */
import { renderToReadableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
) {
  const stream = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    onError: (error: unknown) => {
      console.error(error);
    },
  });
  await stream.allReady;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(stream, { status, headers });
}
