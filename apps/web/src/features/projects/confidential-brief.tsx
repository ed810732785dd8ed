import { zodResolver } from '@hookform/resolvers/zod';
import {
  NDA_SIGNED_NAME_MAX,
  ndaAcceptRequestSchema,
  type NdaDocument,
  type ProjectDetails,
} from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { DocumentIcon, LockIcon } from '../../components/ui/app-icons.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { CheckboxField, InputField } from '../../components/ui/field.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { ndaDocumentQuery, useAcceptNda } from './confidentiality-queries.ts';
import { formatDate } from './format.ts';

/** The sentence where the quote form would be, while the brief is locked. */
export const QUOTE_AFTER_ACCEPTING =
  'This brief is confidential. Accept the agreement above to read it and send a quote.';

/** The subjects of a project, as small tags: part of the summary, so shown locked or not. */
export function SubjectTags({ subjects }: { subjects: string[] }) {
  if (subjects.length === 0) return null;
  return (
    <ul aria-label="Subjects" className="mt-4 flex flex-wrap gap-1.5">
      {subjects.map((subject) => (
        <li key={subject} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
          {subject}
        </li>
      ))}
    </ul>
  );
}

/**
 * In place of the brief, until this viewer accepts the agreement in force: why, the agreement
 * itself, and the form that signs it. Accepting puts the unlocked project in the page's cache.
 */
export function LockedBrief({ project, onUnlocked }: { project: ProjectDetails; onUnlocked: () => void }) {
  const agreement = useQuery(ndaDocumentQuery(project.id));
  return (
    <section
      aria-labelledby="confidential-heading"
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6"
    >
      <h2 id="confidential-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <LockIcon className="size-5 text-brand-700" />
        Confidential brief
      </h2>
      <p className="mt-3 text-sm text-slate-700">
        {project.owner.name} asks experts to accept a confidentiality agreement before they read the brief and
        open its files. Until you accept it, you see only the title, category, subjects, budget and deadline.
      </p>
      <SubjectTags subjects={project.subjects} />
      <div className="mt-6">
        {agreement.isPending ? (
          <Spinner label="Loading the agreement..." />
        ) : agreement.isError ? (
          <RetryAlert onRetry={agreement.refetch}>{errorMessage(agreement.error)}</RetryAlert>
        ) : (
          <>
            <Agreement document={agreement.data} ownerName={project.owner.name} />
            <AcceptForm projectId={project.id} document={agreement.data} onUnlocked={onUnlocked} />
          </>
        )}
      </div>
    </section>
  );
}

function Agreement({ document, ownerName }: { document: NdaDocument; ownerName: string }) {
  return (
    <div>
      <h3 id="agreement-heading" className="text-base font-semibold text-slate-900">
        {document.mode === 'standard' ? 'The Sciwise standard NDA' : `${ownerName}’s own agreement`}
      </h3>
      {document.text !== null ? (
        <div
          role="region"
          aria-labelledby="agreement-heading"
          // Scrolls on its own: focusable, so a keyboard can scroll it too.
          tabIndex={0}
          className="mt-2 max-h-80 overflow-y-auto rounded-control border border-slate-200 bg-slate-50 p-4 text-sm whitespace-pre-line text-slate-800 focus:outline-2 focus:outline-brand-600"
        >
          {document.text}
        </div>
      ) : document.file ? (
        <div className="mt-2 space-y-3 text-sm text-slate-700">
          <p>It is a PDF: download it and read it before you accept.</p>
          <a href={document.file.url} download className={buttonClasses('secondary', 'md', 'max-w-full')}>
            <DocumentIcon className="size-4 shrink-0" />
            <span className="truncate">Download {document.file.name}</span>
          </a>
        </div>
      ) : null}
    </div>
  );
}

const acceptFormSchema = ndaAcceptRequestSchema.extend({
  accepted: z.boolean().refine(Boolean, 'Tick the box to confirm that you read the agreement and accept it.'),
});
type AcceptFormInput = z.input<typeof acceptFormSchema>;

function AcceptForm({
  projectId,
  document,
  onUnlocked,
}: {
  projectId: string;
  document: NdaDocument;
  onUnlocked: () => void;
}) {
  const accept = useAcceptNda(projectId);
  const form = useForm<AcceptFormInput, unknown, z.output<typeof acceptFormSchema>>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { signedName: '', sha256: document.sha256, accepted: false },
  });
  const { errors } = form.formState;
  // The agreement reloaded after the client changed it: what is accepted now is the new version.
  useEffect(() => form.setValue('sha256', document.sha256), [form, document.sha256]);

  const submit = form.handleSubmit(async ({ signedName, sha256 }) => {
    try {
      await accept.mutateAsync({ signedName, sha256 });
      onUnlocked();
    } catch (error) {
      // A different agreement is on screen now: it has to be read, and ticked, again.
      if (isApiError(error) && error.status === 409) form.setValue('accepted', false);
      const detail = isApiError(error)
        ? error.details.find((item) => item.field === 'signedName')
        : undefined;
      if (detail) form.setError('signedName', { message: detail.message }, { shouldFocus: true });
    }
  });
  const fieldRefusal =
    isApiError(accept.error) && accept.error.details.some((item) => item.field === 'signedName');

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="accept-heading"
      className="mt-6 space-y-4 border-t border-slate-200 pt-5"
    >
      <h3 id="accept-heading" className="text-base font-semibold text-slate-900">
        Accept the agreement
      </h3>
      {document.acceptance && (
        <p className="text-sm text-slate-700">
          You accepted it on {formatDate(document.acceptance.acceptedAt)} as {document.acceptance.signedName}.
        </p>
      )}
      <InputField
        label="Your full name"
        autoComplete="name"
        maxLength={NDA_SIGNED_NAME_MAX}
        hint="Typed as your signature."
        error={errors.signedName?.message}
        wrapperClassName="max-w-md"
        {...form.register('signedName')}
      />
      <CheckboxField
        label="I have read this agreement and accept it"
        error={errors.accepted?.message}
        {...form.register('accepted')}
      />
      <p className="text-xs text-slate-600">
        Sciwise keeps the name you type, the time, your network address and a fingerprint of this exact
        agreement as the record of your acceptance, and shows that record to the client.
      </p>
      {accept.isError && !fieldRefusal && <Alert>{errorMessage(accept.error)}</Alert>}
      <Button type="submit" loading={accept.isPending}>
        Accept and read the brief
      </Button>
    </form>
  );
}

/**
 * Above an unlocked confidential brief: for an expert, when they accepted; for the owner, what
 * experts do before reading it and that file openings are logged.
 */
export function ConfidentialNote({ project }: { project: ProjectDetails }) {
  const confidentiality = project.confidentiality;
  if (!confidentiality) return null;
  let text: string;
  if (project.viewer.isOwner)
    text = `Experts accept your agreement (${
      confidentiality.mode === 'standard' ? 'the Sciwise standard NDA' : 'your PDF'
    }) before they read this brief. Every file opening is logged below.`;
  else if (confidentiality.acceptedAt)
    text = `Confidential: you accepted the agreement on ${formatDate(confidentiality.acceptedAt)}.`;
  else text = `Confidential: experts accept ${project.owner.name}’s agreement before they read this brief.`;
  return (
    <p className="mt-2 flex items-start gap-2 text-sm text-slate-600">
      <LockIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>{text}</span>
    </p>
  );
}
