import { errorResponseSchema, uuidSchema } from '@sciwise/contracts';
import { z } from 'zod';

/*
 * Schema pieces that many route declarations share. They go into each route's `schema`, so the
 * OpenAPI document and the authorisation matrix see them exactly as if written out in place.
 */

/**
 * What a signed-in person's request about one thing can fail with (DESIGN §2): 400 invalid
 * input, 401 not signed in, 403 not allowed, 404 missing or hidden, 409 wrong state or duplicate.
 */
export const signedInErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** What reading an uploaded file adds: 413 too large, 415 a type we do not take. */
export const uploadErrors = {
  413: errorResponseSchema,
  415: errorResponseSchema,
};

/** A path's `:id`: a uuid, so anything else is a 400 before a handler or the database sees it. */
export const idParams = z.object({ id: uuidSchema });
