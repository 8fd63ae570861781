/**
 * The zod every contract builds on. In the browser, zod's faster parser for objects first probes `new Function`:
 * the site's Content-Security-Policy forbids eval, and the browser reports the probe as a violation even though
 * zod catches it. `jitless` skips the probe there; the server keeps the faster parser. Set before any schema is
 * made (zod reads it when an object schema is built), hence one module all contracts import.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };

type ApiSchemaMeta = { id?: string; example?: unknown };

/**
 * The API documentation's names for contracts (`OrderRefund`, `PackageSummary`…): a registry of this module, not
 * zod's `globalRegistry`. zod keeps its global registry on `globalThis`, shared by every copy of the contracts
 * in a process, and the server process holds two: its own bundle's and the site's server build's (Vite bundles
 * the contracts the pages import). Both registered the same ids on different schema objects, so the OpenAPI
 * conversion met each id twice and `/api/docs/json` answered 500. Each copy now names only its own schemas, and
 * the server documents from its copy's registry. A second schema under a name already taken in the same copy is
 * a mistake in the contracts: refused when the module loads.
 */
class ApiSchemaRegistry extends z.core.$ZodRegistry<ApiSchemaMeta> {
  override add(schema: z.core.$ZodType, meta?: ApiSchemaMeta): this {
    const taken = meta?.id === undefined ? undefined : this._idmap.get(meta.id);
    if (taken && taken !== schema)
      throw new Error(`API schema id "${meta?.id}" is already taken by another schema`);
    return super.add(schema, meta ?? {});
  }
}

export const apiSchemas = new ApiSchemaRegistry();
