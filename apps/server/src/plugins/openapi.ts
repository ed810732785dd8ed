import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const MULTIPART = 'multipart/form-data';

/**
 * Upload routes read their file from the stream, so they declare no body schema to validate;
 * the document still has to say what they take (Swagger UI shows a file picker, and the attack
 * suite finds every upload route here).
 */
const describeUploads: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  if (!input.schema?.consumes?.includes(MULTIPART)) return output;
  return {
    ...output,
    schema: {
      ...output.schema,
      body: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary' } },
        required: ['file'],
      },
    },
  };
};

/** The OpenAPI document, generated from the contracts on every route, at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sciwise API',
        description:
          'Hire freelance scientists and industry experts: accounts, experts, projects, escrow, chat.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
        },
      },
    },
    transform: describeUploads,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { layout: 'BaseLayout' },
  });
}
