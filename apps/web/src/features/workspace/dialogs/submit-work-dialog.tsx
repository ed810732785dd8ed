import { zodResolver } from '@hookform/resolvers/zod';
import {
  ATTACHMENT_MAX_MB,
  ATTACHMENT_MAX_BYTES,
  SUBMISSION_FILES_MAX,
  submissionNoteSchema,
} from '@sciwise/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { ATTACHMENT_ACCEPT } from '../../projects/attachments-editor.tsx';
import { milestoneActionCopy } from '../consequences.ts';
import { fileSize } from '../format.ts';
import { contractCalls, useContractChange } from '../queries.ts';
import { ActionDialog, useActionDialog } from './action-dialog.tsx';
import type { MilestoneDialogProps } from './types.ts';

const noteFormSchema = z.object({ note: submissionNoteSchema });

/** The client's checklist, as a reminder; the items they marked as not met stand out. */
function CriteriaReminder({ criteria, unmet }: { criteria: string[]; unmet: number[] }) {
  if (criteria.length === 0) return null;
  return (
    <div>
      <p className="text-sm font-semibold text-slate-900">Check your work against the acceptance criteria</p>
      <p className="text-xs text-slate-600">The client ticks each one before approving.</p>
      <ul className="mt-2 space-y-1.5 text-sm">
        {criteria.map((criterion, index) => (
          <li key={index} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-0.5 size-4 shrink-0 rounded border border-slate-400" />
            <span className="text-slate-800">
              {criterion}
              {unmet.includes(index) && (
                <span className="ml-2 rounded-full bg-warning-50 px-2 py-0.5 text-xs font-semibold text-warning-800">
                  Marked as not met
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The expert delivers: a note and files, sent as one new version, with upload progress. */
export function SubmitWorkDialog({ contract, milestone, onClosed }: MilestoneDialogProps) {
  const dialog = useActionDialog();
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submit = useContractChange(contract.id, (input: { note: string; files: File[] }) =>
    contractCalls.submitWork(milestone.id, input, setProgress),
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(noteFormSchema), defaultValues: { note: '' } });

  const addFiles = (picked: FileList | null) => {
    setFileProblem(null);
    const chosen = [...files, ...Array.from(picked ?? [])];
    const tooBig = chosen.find((file) => file.size > ATTACHMENT_MAX_BYTES);
    if (tooBig)
      setFileProblem(
        `“${tooBig.name}” is larger than ${ATTACHMENT_MAX_MB} MB. Share bigger files through a link in the note.`,
      );
    else if (chosen.length > SUBMISSION_FILES_MAX)
      setFileProblem(`A submission can have at most ${SUBMISSION_FILES_MAX} files.`);
    else setFiles(chosen);
  };

  return (
    <ActionDialog
      wide
      dialog={dialog}
      onClosed={onClosed}
      copy={milestoneActionCopy('submit', milestone, contract)}
      onSubmit={handleSubmit((values) =>
        dialog.run(
          async () => {
            setProgress(0);
            try {
              await submit.mutateAsync({ note: values.note, files });
            } finally {
              setProgress(null);
            }
          },
          `Version ${milestone.submissions.length + 1} of “${milestone.title}” is with the client.`,
        ),
      )}
    >
      {milestone.revisionRequest && milestone.status === 'revision_requested' && (
        <div className="rounded-control border border-warning-800/30 bg-warning-50 px-4 py-3 text-sm text-warning-800">
          <p className="font-semibold">What the client asked you to change</p>
          <p className="mt-1 whitespace-pre-line">{milestone.revisionRequest.reason}</p>
        </div>
      )}
      <CriteriaReminder
        criteria={milestone.criteria}
        unmet={milestone.revisionRequest?.unmetCriteria ?? []}
      />
      <TextareaField
        label="Note to the client"
        placeholder="What you are delivering, and how it meets each criterion."
        error={errors.note?.message}
        {...register('note')}
      />
      <div className="space-y-2">
        <label htmlFor={`${id}-files`} className="block text-sm font-medium text-slate-800">
          Files (up to {SUBMISSION_FILES_MAX}, {ATTACHMENT_MAX_MB} MB each)
        </label>
        <input
          id={`${id}-files`}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          disabled={dialog.busy}
          aria-describedby={fileProblem ? `${id}-files-error` : undefined}
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
        />
        {fileProblem && (
          <p id={`${id}-files-error`} className="text-xs font-medium text-danger-700">
            {fileProblem}
          </p>
        )}
        {files.length > 0 && (
          <ul className="space-y-1" aria-label="Files to send">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-slate-800">{file.name}</span>
                <span className="text-xs text-slate-600">{fileSize(file.size)}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${file.name}`}
                  disabled={dialog.busy}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                >
                  <CloseIcon className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {progress !== null && (
        <div className="space-y-1">
          <label htmlFor={`${id}-progress`} className="text-xs text-slate-700">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking the files…'}
          </label>
          <progress
            id={`${id}-progress`}
            max={1}
            value={progress}
            className="block h-2 w-full accent-brand-700"
          />
        </div>
      )}
    </ActionDialog>
  );
}
