import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../modules/files/file-names.ts';
import type { FileDownload } from '../modules/files/store.ts';

/**
 * Sends a kept file as a download: never rendered by the browser (attachment, nosniff, a
 * sandboxing CSP), never cached, streamed with its length.
 */
export function sendDownload(reply: FastifyReply, { stored, contentType, fileName }: FileDownload) {
  return reply
    .header('content-type', contentType)
    .header('content-length', stored.size)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(stored.body);
}
