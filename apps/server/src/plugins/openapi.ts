import { apiSchemas } from '@esim/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the zod contracts; the UI is served from our own origin at /api/docs. Component names
 * come from the contracts' own registry (`apiSchemas`), not zod's process-wide one: the site's server build
 * carries a second copy of the contracts in the same process (see packages/contracts/src/zod.ts).
 */
export const registerOpenApi = async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'eSIM marketplace API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: createJsonSchemaTransform({ schemaRegistry: apiSchemas }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: apiSchemas }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
};
