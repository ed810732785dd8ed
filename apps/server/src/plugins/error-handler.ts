import type { ErrorResponse, FieldError } from '@sciwise/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/** Fastify's own client errors, reworded for people. */
const fastifyClientErrors: Record<string, { status: number; code: ErrorResponse['code']; message: string }> =
  {
    FST_ERR_CTP_INVALID_JSON_BODY: {
      status: 400,
      code: 'invalid_input',
      message: 'The request body is not valid JSON.',
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      status: 400,
      code: 'invalid_input',
      message: 'The request body is empty; send a JSON object.',
    },
    FST_ERR_CTP_BODY_TOO_LARGE: {
      status: 413,
      code: 'payload_too_large',
      message: 'The request is too large.',
    },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      status: 415,
      code: 'unsupported_media_type',
      message: 'Send the request body as application/json.',
    },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
      status: 400,
      code: 'invalid_input',
      message: 'The Content-Length header is wrong.',
    },
    FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'That file is too large.' },
    FST_INVALID_MULTIPART_CONTENT_TYPE: {
      status: 415,
      code: 'unsupported_media_type',
      message: 'Upload the file as multipart/form-data.',
    },
  };

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: FieldError[] = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value.',
      }));
      const message = [...new Set(details.map((d) => d.message))].join(' ');
      return reply.status(400).send(body('invalid_input', message, details));
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send(body(known.code, known.message));
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(body('rate_limited', 'Too many requests. Please slow down and try again.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // The client's mistake, not ours: the reason is enough, a stack trace would only fill the log.
      request.log.info({ code: error.code, reason: error.message }, 'client error');
      return reply
        .status(error.statusCode)
        .send(body('invalid_input', 'The request could not be understood.'));
    }
    // Anything else is our fault: log everything, tell the client nothing about internals.
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body('internal', 'Something went wrong on our side. Please try again in a moment.'));
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(body('not_found', `There is nothing at ${request.method} ${request.url.split('?')[0]}.`)),
  );
}

function body(code: ErrorResponse['code'], message: string, details?: FieldError[]): ErrorResponse {
  return details ? { message, code, details } : { message, code };
}
