import { zodResolver } from '@hookform/resolvers/zod';
import { CALL_NOTES_MAX, callNotesRequestSchema, type Call } from '@sciwise/contracts';
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

/** Both people's notes of a call once it has started: one text, edited by either, saved on request. */
function NotesEditor({ call }: { call: Call }) {
  const save = useCallChange((body: { notes: string }) => callRequests.saveNotes(call.id, body));
  const form = useForm({
    resolver: zodResolver(callNotesRequestSchema),
    defaultValues: { notes: call.notes?.text ?? '' },
  });
  const notes = useWatch({ control: form.control, name: 'notes' }) ?? '';
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      // What was saved is the new starting point: Saved shows until the next change.
      form.reset({ notes: body.notes });
    } catch {
      // The server's message shows under the box; the text stays to save again.
    }
  });
  const saved = save.isSuccess && !form.formState.isDirty;
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
