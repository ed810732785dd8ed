import type { CallProposalRequest, CallTimesRequest } from '@sciwise/contracts';
import {
  get,
  set,
  type FieldErrors,
  type Resolver,
  type ResolverResult,
  type UseFormSetError,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { isApiError } from '../../lib/api-client.ts';

/**
 * What the propose dialog and the times dialog type, as text: one shape for both, so the time
 * zone and times fields serve both forms. Each dialog turns it into its request and checks that
 * with the contract's schema, so every message under a field is the contract's own.
 */
export interface CallFormValues {
  topic: string;
  agenda: string;
  /** A select's value: "30". */
  durationMinutes: string;
  timeZone: string;
  /** Wall-clock times from date-time inputs ("2026-03-29T14:30"), read in `timeZone`. */
  slots: { at: string }[];
  meetingUrl: string;
  reason: string;
}

/** The form's one-value fields, named as the requests name them. */
const plainFields = ['topic', 'agenda', 'durationMinutes', 'timeZone', 'meetingUrl', 'reason'] as const;
const isPlainField = (value: unknown): value is (typeof plainFields)[number] =>
  plainFields.includes(value as (typeof plainFields)[number]);

/**
 * Where the form keeps a message about a request's field: a time under its row (`slots.N.at`), a
 * rule of the whole list (two or three, all different) as react-hook-form keeps a field array's
 * own error (`slots.root`), anything else for the whole form (`root`).
 */
export function errorPathOf(path: readonly PropertyKey[]): string {
  const [field, index] = path;
  if (field === 'slots') return typeof index === 'number' ? `slots.${index}.at` : 'slots.root';
  return isPlainField(field) ? field : 'root';
}

/**
 * Checks the form as the request the server will get, with the contract's schema: the first
 * message per field shows under it, and what is sent is the schema's output (trimmed text).
 */
export function requestResolver<Body>(
  schema: ZodType<Body>,
  toRequest: (values: CallFormValues) => unknown,
): Resolver<CallFormValues, unknown, Body> {
  return (values): ResolverResult<CallFormValues, Body> => {
    const parsed = schema.safeParse(toRequest(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<CallFormValues> = {};
    for (const issue of parsed.error.issues) {
      const name = errorPathOf(issue.path);
      if (!get(errors, name)) set(errors, name, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

/** Every row, a blank one too, so the contract's message shows under the row left blank. */
const typedSlots = (values: CallFormValues) => values.slots.map((slot) => slot.at);

export function proposalRequest(
  values: CallFormValues,
  target: { withUserId: string; contractId: string | null },
): CallProposalRequest {
  const link = values.meetingUrl.trim();
  return {
    withUserId: target.withUserId,
    ...(target.contractId ? { contractId: target.contractId } : {}),
    topic: values.topic,
    agenda: values.agenda,
    // A select's text; the schema's union of the contract's durations refuses anything else.
    durationMinutes: Number(values.durationMinutes) as CallProposalRequest['durationMinutes'],
    timeZone: values.timeZone,
    slots: typedSlots(values),
    ...(link ? { meetingUrl: link } : {}),
  };
}

export function timesRequest(values: CallFormValues, withReason: boolean): CallTimesRequest {
  return {
    timeZone: values.timeZone,
    slots: typedSlots(values),
    ...(withReason ? { reason: values.reason } : {}),
  };
}

type FieldName = Parameters<UseFormSetError<CallFormValues>>[0];

/** The field a server's refusal names ("slots.1", "topic"), as setError takes it; null for others. */
function refusedField(field: string): FieldName | null {
  const [name, index] = field.split('.');
  if (name === 'slots')
    return index !== undefined && /^\d+$/.test(index) ? `slots.${Number(index)}.at` : 'slots';
  return isPlainField(name) ? name : null;
}

/**
 * A refusal that names fields (a 400 with details) shows under them, the first one focused; the
 * caller shows the server's message above the buttons when this returns false.
 */
export function showRefusalOnFields(error: unknown, setError: UseFormSetError<CallFormValues>): boolean {
  if (!isApiError(error)) return false;
  const named = error.details.flatMap((detail) => {
    const name = refusedField(detail.field);
    return name ? [{ name, message: detail.message }] : [];
  });
  named.forEach(({ name, message }, index) => setError(name, { message }, { shouldFocus: index === 0 }));
  return named.length > 0;
}
