import { z } from 'zod';

/** Stable error codes; the server maps each to an HTTP status in one place. */
export const errorCodes = [
  'invalid_input',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  /** The card processor refused a payment; `message` is the processor's reason, fit to show. */
  'payment_failed',
  /** An Idempotency-Key came back with a different request than the first time. */
  'idempotency_mismatch',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error response has this shape; `message` is always fit to show to a person. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  details: z.array(fieldErrorSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
