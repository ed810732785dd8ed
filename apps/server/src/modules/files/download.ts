import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './file-names.ts';
import type { StoredFile } from './store.ts';

/**
 * Sends a kept file as a download: never rendered by the browser (attachment, nosniff, a
 * sandboxing CSP), never cached, streamed with its length.
 */
export function sendDownload(
  reply: FastifyReply,
  stored: StoredFile,
  file: { contentType: string; fileName: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', stored.size)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(stored.body);
}
