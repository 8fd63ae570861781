/**
 * The zod every contract builds on. In the browser, zod's faster parser for objects first probes `new Function`:
 * the site's Content-Security-Policy forbids eval, and the browser reports the probe as a violation even though
 * zod catches it. `jitless` skips the probe there; the server keeps the faster parser. Set before any schema is
 * made (zod reads it when an object schema is built), hence one module all contracts import.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
