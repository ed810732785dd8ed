import { z } from 'zod';

// The error shape is read by every page, public ones too: written with zod/mini in public.ts.
export {
  errorCodes,
  errorResponseSchema,
  fieldErrorSchema,
  type ErrorCode,
  type ErrorResponse,
  type FieldError,
} from './public.ts';

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
