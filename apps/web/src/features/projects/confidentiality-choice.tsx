import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_MB, type NdaMode } from '@sciwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { DocumentIcon } from '../../components/ui/app-icons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { confidentialityKeys, ndaDocumentQuery, uploadNda } from './confidentiality-queries.ts';

export const ndaModeLabels: Record<NdaMode, string> = {
  none: 'No agreement',
  standard: 'Sciwise standard NDA',
  custom: 'Your own NDA (PDF)',
};

const fileInputClasses =
  'block w-full text-sm text-slate-700 file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100';

interface ChoiceProps {
  /** The agreement the server has: `custom` only once the owner's PDF is uploaded. */
  value: NdaMode;
  onChange: (mode: NdaMode) => void;
  signedIn: boolean;
  projectId: string | null;
  /** Saves the form now; resolves the project's id once the server has the latest values. */
  save: () => Promise<string | null>;
}

/**
 * The project editor's confidentiality choice (decision 064): none or the standard NDA are draft
 * fields the autosave sends; the owner's own PDF is uploaded, and only then is it the agreement.
 */
export function ConfidentialityChoice({ value, onChange, signedIn, projectId, save }: ChoiceProps) {
  const id = useId();
  // "Our own NDA" picked, its PDF not uploaded yet: the server keeps the agreement it has.
  const [wantsOwn, setWantsOwn] = useState(false);
  const ownChosen = value === 'custom' || wantsOwn;
  const choose = (mode: 'none' | 'standard') => {
    setWantsOwn(false);
    onChange(mode);
  };
  return (
    <fieldset aria-describedby={`${id}-what`}>
      <legend className="text-sm font-medium text-slate-800">Confidentiality</legend>
      <p id={`${id}-what`} className="mt-1 text-xs text-slate-600">
        With an agreement, experts see only the title, category, subjects, budget and deadline until they
        accept it. Every file opening is logged for you.
      </p>
      <div className="mt-2 space-y-2">
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name={`${id}-nda`}
            checked={!ownChosen && value === 'none'}
            onChange={() => choose('none')}
            className="mt-0.5 accent-brand-700"
          />
          <span>
            <strong className="font-semibold">No agreement</strong>: signed-in experts read the full brief.
          </span>
        </label>
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={`${id}-nda`}
              checked={!ownChosen && value === 'standard'}
              onChange={() => choose('standard')}
              className="mt-0.5 accent-brand-700"
            />
            <span>
              <strong className="font-semibold">Sciwise standard NDA</strong>: experts accept our
              confidentiality agreement, typing their name, before they read the brief.
            </span>
          </label>
          {!ownChosen && value === 'standard' && (
            <div className="mt-1 pl-6">
              {signedIn ? (
                <ReadStandardAgreement save={save} />
              ) : (
                <p className="text-xs text-slate-600">Sign in to read the agreement’s text here.</p>
              )}
            </div>
          )}
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={`${id}-nda`}
              checked={ownChosen}
              disabled={!signedIn}
              onChange={() => setWantsOwn(true)}
              className="mt-0.5 accent-brand-700"
            />
            <span>
              <strong className="font-semibold">Our own NDA (PDF)</strong>: experts download your agreement
              and accept it before they read the brief.
              {!signedIn && ' Sign in to upload it.'}
            </span>
          </label>
          {ownChosen && signedIn && (
            <div className="mt-2 pl-6">
              <OwnAgreement
                inForce={value === 'custom'}
                fallback={value}
                projectId={projectId}
                save={save}
                onUploaded={() => {
                  setWantsOwn(false);
                  onChange('custom');
                }}
              />
            </div>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** Saves the choice first (the server shows the agreement the project has), then shows its text. */
function ReadStandardAgreement({ save }: { save: () => Promise<string | null> }) {
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async () => {
    setProblem(null);
    setSaving(true);
    const projectId = await save();
    setSaving(false);
    if (projectId) setShown(projectId);
    else
      setProblem('Your project could not be saved yet, so the agreement cannot be shown. Please try again.');
  };
  return (
    <>
      <Button variant="ghost" size="sm" className="-ml-3" loading={saving} onClick={() => void open()}>
        <DocumentIcon className="size-4" />
        Read the standard agreement
      </Button>
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {problem}
        </p>
      )}
      {shown && (
        <Modal
          open
          onClose={() => setShown(null)}
          title="The Sciwise standard NDA"
          showTitle
          className="max-w-xl"
        >
          <StandardText projectId={shown} />
        </Modal>
      )}
    </>
  );
}

function StandardText({ projectId }: { projectId: string }) {
  const agreement = useQuery(ndaDocumentQuery(projectId));
  if (agreement.isError)
    return <RetryAlert onRetry={agreement.refetch}>{errorMessage(agreement.error)}</RetryAlert>;
  if (!agreement.data?.text) return <Spinner label="Loading the agreement..." />;
  return (
    <div className="space-y-4 text-sm text-slate-800">
      <p className="text-slate-600">
        Experts read this text and type their name to accept it. It names no project or person, so it is the
        same for every project that uses it.
      </p>
      <div className="whitespace-pre-line">{agreement.data.text}</div>
    </div>
  );
}

/** The owner's PDF: the one in force with a way to replace it, or the upload that makes it so. */
function OwnAgreement({
  inForce,
  fallback,
  projectId,
  save,
  onUploaded,
}: {
  inForce: boolean;
  fallback: NdaMode;
  projectId: string | null;
  save: () => Promise<string | null>;
  onUploaded: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const current = useQuery({ ...ndaDocumentQuery(projectId ?? ''), enabled: inForce && projectId !== null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setError(`“${file.name}” is larger than ${ATTACHMENT_MAX_MB} MB.`);
      if (input.current) input.current.value = '';
      return;
    }
    setBusy(true);
    try {
      // The latest choice reaches the server first, so a save on its way cannot undo the upload.
      const savedId = await save();
      if (!savedId) throw new Error('Your project could not be saved yet. Please try again.');
      await uploadNda(savedId, file);
      onUploaded();
      await queryClient.invalidateQueries({ queryKey: confidentialityKeys.agreement(savedId) });
    } catch (failure) {
      setError(errorMessage(failure, 'We could not upload your agreement.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const file = inForce ? current.data?.file : null;
  return (
    <div className="space-y-2">
      {file && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <DocumentIcon className="size-4 shrink-0 text-slate-500" />
          <span>In force:</span>
          <a
            href={file.url}
            download
            className="font-medium break-words text-brand-700 underline underline-offset-2"
          >
            {file.name}
          </a>
        </p>
      )}
      {inForce && current.isError && <Alert>{errorMessage(current.error)}</Alert>}
      <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
        {inForce ? 'Replace your agreement (PDF)' : 'Your agreement (PDF)'}
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="application/pdf,.pdf"
        disabled={busy}
        onChange={(event) => void onPick(event.target.files?.[0])}
        aria-describedby={`${id}-hint`}
        className={fileInputClasses}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {inForce
          ? 'Experts who accepted an earlier version accept the new one before they read on. Choosing another option removes this PDF.'
          : `A PDF up to ${ATTACHMENT_MAX_MB} MB. Until you upload it, ${
              fallback === 'standard'
                ? 'experts accept the Sciwise standard NDA'
                : 'experts read the brief without an agreement'
            }.`}
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
    </div>
  );
}
