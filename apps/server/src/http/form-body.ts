import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '@sciwise/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FormBody } from '../modules/files/upload.ts';

/**
 * Routes that take multipart/form-data, in a scope of their own with the multipart parser:
 * `app.register(uploadRoutes(async (uploads) => { uploads.post(…) }))`. @fastify/multipart hooks
 * every request of the scope it is in (a listener on each response, an async onResponse hook, a
 * property added to each request); over the whole app that cost GET /api/me about a tenth of its
 * throughput (docs/decisions/070-what-every-request-pays.md). Elsewhere a multipart body is refused
 * with 415, like any body that is not JSON. Each route passes its own limits to `parts()`; these
 * are the defaults.
 */
export function uploadRoutes(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope, options) => {
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 } });
    await routes(scope, options);
  };
}

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
