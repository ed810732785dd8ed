import type { Attachment, ProjectDetails } from '@sciwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { DocumentIcon } from '../../components/ui/app-icons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fileSize } from './attachments-editor.tsx';
import { askDownloadLink } from './confidentiality-queries.ts';

/**
 * A project's files beneath its brief. Those of a confidential project open through a one-time
 * link asked for on each click (each opening lands in the owner's log); others download directly.
 */
export function ProjectAttachments({ project }: { project: ProjectDetails }) {
  const [, setParams] = useSearchParams();
  const download = useMutation({
    mutationFn: (file: Attachment) => askDownloadLink(project.id, file.id),
    onSuccess: ({ url }) => {
      // A notice about an earlier, spent link no longer applies to this one.
      setParams(
        (current) => {
          current.delete('file');
          return current;
        },
        { replace: true },
      );
      // The file comes as an attachment: the browser saves it and this page stays.
      window.location.assign(url);
    },
  });
  if (project.attachments.length === 0) return null;
  const confidential = project.confidentiality !== null;
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-slate-900">Attachments</h3>
      <ul className="mt-2 space-y-1">
        {project.attachments.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <DocumentIcon className="size-4 shrink-0 text-slate-500" />
            {confidential ? (
              <>
                <span className="min-w-0 font-medium break-words text-slate-900">{file.fileName}</span>
                <span className="text-xs text-slate-500">{fileSize(file.sizeBytes)}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  className="ml-auto"
                  loading={download.isPending && download.variables.id === file.id}
                  disabled={download.isPending}
                  aria-label={`Download ${file.fileName}`}
                  onClick={() => download.mutate(file)}
                >
                  Download
                </Button>
              </>
            ) : (
              <>
                <a
                  href={`/api/projects/${project.id}/attachments/${file.id}`}
                  className="font-medium break-words text-brand-700 underline underline-offset-2"
                  download
                >
                  {file.fileName}
                </a>
                <span className="text-xs text-slate-500">{fileSize(file.sizeBytes)}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      {confidential && (
        <p className="mt-2 text-xs text-slate-600">
          {project.viewer.isOwner
            ? 'Each download uses a link that works once, for a few minutes; every opening is logged below.'
            : 'Each download uses a link that works once, for a few minutes, and is logged for the client.'}
        </p>
      )}
      {download.isError && (
        <Alert className="mt-3">
          {errorMessage(download.error, `We could not prepare “${download.variables.fileName}”.`)}
        </Alert>
      )}
    </div>
  );
}

const spentLinks = {
  used: 'That download link was already used: download the file again from the list below.',
  expired: 'That download link has expired: download the file again from the list below.',
} as const;

/** Back from a one-time link that was spent (?file=used) or too old (?file=expired): why. */
export function SpentLinkNotice() {
  const [params] = useSearchParams();
  const reason = params.get('file');
  if (reason !== 'used' && reason !== 'expired') return null;
  return <Alert tone="warning">{spentLinks[reason]}</Alert>;
}
