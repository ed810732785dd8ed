import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what the server writes on the fly: API JSON, and HTML the server renders itself (an
 * expert profile's page). Brotli at quality 4 is the usual choice for dynamic responses: most of
 * quality 11's gain for a fraction of its time. Files the web build already compressed are sent
 * as they are (their Content-Encoding is set), and uploads (PDFs, images, Office files) are
 * compressed formats already, so only text types are touched. Small bodies are left alone
 * (docs/decisions/028-server-compression.md).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream)|image\/svg\+xml)/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
