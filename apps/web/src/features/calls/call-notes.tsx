import { zodResolver } from '@hookform/resolvers/zod';
import { CALL_NOTES_MAX, callNotesRequestSchema, type Call } from '@sciwise/contracts';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { callRequests, useCallChange } from './queries.ts';

function LastEdit({ notes }: { notes: NonNullable<Call['notes']> }) {
  return (
    <>
      Last saved by {notes.updatedBy.name},{' '}
      <time dateTime={notes.updatedAt}>{formatDateTime(notes.updatedAt)}</time>.
    </>
  );
}

type Notes = NonNullable<Call['notes']>;

/** Notes saved after `since` (the save the editor's text stems from); any notes after none. */
const savedAfter = (notes: Notes, since: string | null) =>
  since === null || Date.parse(notes.updatedAt) > Date.parse(since);

/**
 * Both people's notes of a call once it has started: one text, edited by either, saved on request.
 * Notes the other person saves meanwhile replace the text while it is untouched; over a draft,
 * a notice says whose newer notes a save would replace.
 */
function NotesEditor({ call }: { call: Call }) {
  const save = useCallChange((body: { notes: string }) => callRequests.saveNotes(call.id, body));
  const form = useForm({
    resolver: zodResolver(callNotesRequestSchema),
    defaultValues: { notes: call.notes?.text ?? '' },
  });
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? '';
  const { isDirty, defaultValues } = form.formState;
  // The save the text stems from: the one shown on opening, then this editor's own. A card may
  // still show the notes before the viewer's own save for a moment; those are not newer.
  const [since, setSince] = useState(() => call.notes?.updatedAt ?? null);
  const latest = call.notes;
  const newer =
    latest && savedAfter(latest, since) && latest.text !== (defaultValues?.notes ?? '') ? latest : null;

  useEffect(() => {
    // Untouched: the editor shows the newer notes as they are.
    if (newer && !isDirty) form.reset({ notes: newer.text });
  }, [newer, isDirty, form]);

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await save.mutateAsync(body);
      // What was saved is the new starting point: Saved shows until the next change.
      setSince(answer.notes?.updatedAt ?? since);
      form.reset({ notes: answer.notes?.text ?? body.notes });
    } catch {
      // The server's message shows under the box; the text stays to save again.
    }
  });
  const saved = save.isSuccess && !isDirty && !(latest && savedAfter(latest, since));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
      <TextareaField
        label="Shared notes"
        hint={
          call.notes ? (
            <LastEdit notes={call.notes} />
          ) : (
            `Decisions and next steps, for both of you: ${call.withPerson.name} reads and edits them too.`
          )
        }
        limit={CALL_NOTES_MAX}
        value={notes}
        rows={4}
        error={form.formState.errors.notes?.message}
        {...form.register('notes')}
      />
      {newer && isDirty && (
        <Alert tone="warning">
          {newer.updatedBy.name} saved newer notes at{' '}
          <time dateTime={newer.updatedAt}>{formatDateTime(newer.updatedAt)}</time>. Saving yours replaces
          them.
        </Alert>
      )}
      {save.isError && <Alert title="The notes were not saved">{errorMessage(save.error)}</Alert>}
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          loading={save.isPending}
          disabled={save.isPending}
        >
          Save notes
        </Button>
        <p aria-live="polite" className="text-sm text-success-800">
          {saved ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}

/** The call's shared notes: an editor when the server allows it now, otherwise what was written. */
export function CallNotes({ call }: { call: Call }) {
  if (call.actions.includes('edit_notes')) return <NotesEditor call={call} />;
  if (!call.notes) return null;
  return (
    <div>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Shared notes</p>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{call.notes.text}</p>
      <p className="mt-1 text-xs text-slate-600">
        <LastEdit notes={call.notes} />
      </p>
    </div>
  );
}
