import type { Submission, SubmissionFile } from '@sciwise/contracts';
import { useState } from 'react';
import { DocumentIcon } from '../../components/ui/app-icons.tsx';
import { fileSize, formatDateTime, shortHash } from './format.ts';

function FileHash({ file }: { file: SubmissionFile }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(file.sha256);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="mt-1 text-xs text-slate-600">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>
          SHA-256 <code className="font-mono text-slate-800">{shortHash(file.sha256)}…</code>
        </span>
        <button
          type="button"
          onClick={() => void copy()}
          className="-my-1 inline-flex min-h-6 items-center rounded px-1.5 font-semibold text-brand-700 hover:bg-brand-50 hover:underline"
          aria-label={`Copy the SHA-256 of ${file.name}`}
        >
          Copy
        </button>
        <span aria-live="polite" className="text-slate-600">
          {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed: open the full hash' : ''}
        </span>
      </div>
      <details>
        <summary className="w-fit cursor-pointer py-1 font-medium text-brand-700">Full hash</summary>
        <code className="mt-1 block font-mono break-all text-slate-800">{file.sha256}</code>
      </details>
    </div>
  );
}

function FileRow({ file }: { file: SubmissionFile }) {
  return (
    <li className="flex items-start gap-3 rounded-control border border-slate-200 bg-white p-3">
      <DocumentIcon className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <a
            href={file.url}
            download={file.name}
            className="font-medium break-all text-brand-800 underline-offset-2 hover:underline"
          >
            {file.name}
          </a>
          <span className="text-xs text-slate-600">{fileSize(file.sizeBytes)}</span>
        </div>
        <FileHash file={file} />
      </div>
    </li>
  );
}

/** Every version the expert delivered, newest first, with its note and files. */
export function Submissions({
  submissions,
  milestoneTitle,
}: {
  submissions: Submission[];
  milestoneTitle: string;
}) {
  if (submissions.length === 0) return null;
  const newestFirst = [...submissions].sort((a, b) => b.version - a.version);
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">Submissions</h4>
      <ol className="mt-2 space-y-3" aria-label={`Submissions for ${milestoneTitle}`}>
        {newestFirst.map((submission, index) => (
          <li key={submission.id} className="rounded-control bg-slate-50 p-3">
            <p className="text-sm">
              <span className="font-semibold text-slate-900">Version {submission.version}</span>
              {index === 0 && newestFirst.length > 1 && (
                <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  Latest
                </span>
              )}
              <span className="text-slate-600">
                {' '}
                · <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
              </span>
            </p>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{submission.note}</p>
            {submission.files.length > 0 ? (
              <ul className="mt-2 space-y-2" aria-label={`Files of version ${submission.version}`}>
                {submission.files.map((file) => (
                  <FileRow key={file.id} file={file} />
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-xs text-slate-600">No files with this version.</p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
