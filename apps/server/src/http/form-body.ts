import type { FastifyRequest } from 'fastify';
import type { FormBody } from '../modules/files/upload.ts';

/**
 * A request's body as services read it: whether it is multipart/form-data, and its parts (text
 * fields and file streams) in the order sent. Nothing of HTTP goes further than this.
 */
export function formBody(request: FastifyRequest): FormBody {
  return {
    multipart: request.isMultipart(),
    async *parts(limits) {
      for await (const part of request.parts({ limits })) {
        if (part.type === 'file')
          yield { type: 'file', name: part.fieldname, fileName: part.filename, stream: part.file };
        else yield { type: 'field', name: part.fieldname, value: String(part.value) };
      }
    },
  };
}
