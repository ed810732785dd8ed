import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import type { ZodType } from 'zod';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Modal } from './ui/modal.tsx';
import { TextareaField } from './ui/textarea-field.tsx';
import { useToast } from './ui/toast.tsx';
import { errorMessage, isApiError } from '../lib/api-client.ts';

/** The words of one decision that takes a written reason (or note). */
export interface ReasonCopy {
  title: string;
  /** What happens on confirm, said before the reason is asked for. */
  consequences: string[];
  label: string;
  hint: string;
  placeholder: string;
  confirm: string;
  /** The toast once it is done. */
  done: string;
  /** A decision that takes something away (a suspension, a removal) confirms in red. */
  danger: boolean;
  /** The button that leaves without deciding, when "Cancel" would read like the decision itself. */
  back?: string;
}

/** What the dialog sends with; a TanStack mutation is one. */
export interface ReasonAction<Body> {
  mutateAsync: (body: Body) => Promise<unknown>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface TextForm {
  text: string;
}

/**
 * Checks the text as the request the server will get ({ [field]: text }, or {} for a blank
 * optional note) with the contract's schema, so the message under the box is the contract's, and
 * what is sent is the schema's output (trimmed, line ends normalised).
 */
function requestResolver<Body>(
  schema: ZodType<Body>,
  field: string,
  optional: boolean,
): Resolver<TextForm, unknown, Body> {
  return ({ text }): ResolverResult<TextForm, Body> => {
    const parsed = schema.safeParse(optional && text.trim() === '' ? {} : { [field]: text });
    if (parsed.success) return { values: parsed.data, errors: {} };
    const issue = parsed.error.issues.find((item) => item.path[0] === field) ?? parsed.error.issues[0];
    return {
      values: {},
      errors: { text: { type: issue?.code ?? 'invalid', message: issue?.message ?? 'Check the text.' } },
    };
  };
}

/**
 * A decision with a written reason, as the admin console and scheduled calls ask for it: what
 * happens first, then the reason (checked with the contract's schema), then the server's answer.
 * The dialog stays open on a refusal, a refusal of the text under the box and any other above the
 * buttons; once done, a toast says so and the dialog closes.
 */
export function ReasonDialog<Body>({
  copy,
  field,
  schema,
  limit,
  optional = false,
  action,
  onClosed,
}: {
  copy: ReasonCopy;
  /** The request's field the text goes in ("reason", "note"): the server's refusals name it. */
  field: string;
  schema: ZodType<Body>;
  /** The contract's longest text. */
  limit: number;
  /** The text may be left blank; then the request has no such field. */
  optional?: boolean;
  action: ReasonAction<Body>;
  onClosed: () => void;
}) {
  // Closed through the Modal, so focus goes back to the button that opened it.
  const [open, setOpen] = useState(true);
  const consequencesId = useId();
  const { notify } = useToast();
  const [resolver] = useState(() => requestResolver(schema, field, optional));
  const form = useForm<TextForm, unknown, Body>({ resolver, defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' });

  const refusalOfText = (error: unknown) =>
    isApiError(error) ? error.details.find((item) => item.field === field) : undefined;

  const submit = form.handleSubmit(async (body) => {
    try {
      await action.mutateAsync(body);
      notify(copy.done);
      setOpen(false);
    } catch (error) {
      const detail = refusalOfText(error);
      if (detail) form.setError('text', { message: detail.message }, { shouldFocus: true });
    }
  });

  return (
    <Modal open={open} onClose={onClosed} title={copy.title} showTitle className="max-w-xl">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
        <div
          id={consequencesId}
          className="rounded-control border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm text-brand-900"
        >
          <p className="font-semibold">What happens when you confirm</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {copy.consequences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <TextareaField
          label={copy.label}
          hint={copy.hint}
          placeholder={copy.placeholder}
          limit={limit}
          value={text}
          rows={4}
          required={!optional}
          error={form.formState.errors.text?.message}
          {...form.register('text')}
        />
        {action.isError && !refusalOfText(action.error) && (
          <Alert title="That did not go through">{errorMessage(action.error)}</Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {copy.back ?? 'Cancel'}
          </Button>
          <Button
            type="submit"
            variant={copy.danger ? 'danger' : 'primary'}
            loading={action.isPending}
            disabled={action.isPending}
            aria-describedby={consequencesId}
          >
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
