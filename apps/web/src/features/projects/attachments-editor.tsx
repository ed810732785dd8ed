import { ATTACHMENT_MAX_MB, ATTACHMENT_MAX_BYTES, type Attachment } from '@sciwise/contracts';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DocumentIcon } from '../../components/ui/app-icons.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { removeAttachment, uploadAttachment } from './queries.ts';

export const ATTACHMENT_ACCEPT =
  '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.csv,.tsv,.txt,.md,.png,.jpg,.jpeg,.webp,.gif';

export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The owner's attachments: upload one file at a time, checked by the server, removable. */
export function AttachmentsEditor({ projectId, initial }: { projectId: string; initial: Attachment[] }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setError(
        `“${file.name}” is larger than ${ATTACHMENT_MAX_MB} MB. Share bigger files through a link in the description.`,
      );
      return;
    }
    setBusy(true);
    try {
      const saved = await uploadAttachment(projectId, file);
      setFiles((current) => [...current, saved]);
    } catch (failure) {
      setError(errorMessage(failure, 'We could not attach that file.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onRemove = async (attachment: Attachment) => {
    setError(null);
    try {
      await removeAttachment(projectId, attachment.id);
      setFiles((current) => current.filter((f) => f.id !== attachment.id));
    } catch (failure) {
      setError(errorMessage(failure, 'We could not remove that file.'));
    }
  };

  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
        Attachments (optional)
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        disabled={busy}
        onChange={(event) => void onPick(event.target.files?.[0])}
        aria-describedby={`${id}-hint`}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        PDF, Word, Excel, PowerPoint, CSV, text or images, up to {ATTACHMENT_MAX_MB} MB each. Only signed-in
        people who can see the project can download them.
      </p>
      {busy && (
        <p role="status" className="text-sm text-slate-600">
          Uploading…
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-control border border-slate-200">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <DocumentIcon className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1 truncate">{file.fileName}</span>
              <span className="text-xs text-slate-500">{fileSize(file.sizeBytes)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${file.fileName}`}
                onClick={() => void onRemove(file)}
              >
                <CloseIcon className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
