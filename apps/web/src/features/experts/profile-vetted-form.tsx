import {
  profileChangeRequestSchema,
  type ExpertCategory,
  type MyExpertProfile,
  type ProfileChangeRequest,
} from '@sciwise/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { EducationEditor, PublicationsEditor } from './application-editors.tsx';
import {
  fromEducationRows,
  fromPublicationRows,
  toEducationRows,
  toPublicationRows,
  type EducationRow,
  type PublicationRow,
} from './application-values.ts';
import { CategoryOptions } from './category-options.tsx';
import { ProfileChangeSummary, vettedFieldLabels } from './profile-change-summary.tsx';
import { useProposeProfileChange, useWithdrawProfileChange } from './profile-edit-queries.ts';
import { SubjectPicker } from './subject-picker.tsx';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'long', year: 'numeric' });

/** The vetted fields: sent to the vetting team, public only once it approves. */
export function VettedFieldsCard({ profile }: { profile: MyExpertProfile }) {
  const pending = profile.pendingChange;
  return (
    <Card
      id="vetted"
      title="Subjects and credentials"
      description="Our vetting team checks changes to these before your public profile shows them. You stay listed with your approved subjects meanwhile."
    >
      {pending ? (
        <PendingChange profile={profile} />
      ) : (
        // A fresh form from the approved values after every send or withdrawal.
        <VettedForm key={profile.lastDeclined?.id ?? 'approved'} profile={profile} />
      )}
    </Card>
  );
}

function PendingChange({ profile }: { profile: MyExpertProfile }) {
  const change = profile.pendingChange!;
  const withdraw = useWithdrawProfileChange();
  return (
    <div className="space-y-4">
      <Alert tone="info" title="Changes to subjects/credentials awaiting review">
        Sent on {formatDate(change.createdAt)}. Your public profile shows your approved subjects and
        credentials until the vetting team has looked at them; we will tell you here and in your
        notifications.
      </Alert>
      <ProfileChangeSummary change={change} />
      {withdraw.isError && <Alert>{errorMessage(withdraw.error)}</Alert>}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        <Button
          variant="secondary"
          loading={withdraw.isPending}
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate(change.id)}
        >
          Withdraw these changes
        </Button>
      </div>
    </div>
  );
}

interface VettedValues {
  category: ExpertCategory;
  subjects: string[];
  education: EducationRow[];
  publications: PublicationRow[];
  orcid: string;
}

function VettedForm({ profile }: { profile: MyExpertProfile }) {
  const [values, setValues] = useState<VettedValues>(() => ({
    category: profile.category,
    subjects: profile.subjects,
    education: toEducationRows(profile.education),
    publications: toPublicationRows(profile.publications),
    orcid: profile.orcid ?? '',
  }));
  const [problems, setProblems] = useState<string[]>([]);
  const propose = useProposeProfileChange();
  const set = <K extends keyof VettedValues>(key: K, value: VettedValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const declined = profile.lastDeclined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ProfileChangeRequest = {
      category: values.category,
      subjects: values.subjects,
      education: fromEducationRows(values.education),
      publications: fromPublicationRows(values.publications),
      orcid: values.orcid.trim() ? values.orcid.trim() : null,
    };
    const result = profileChangeRequestSchema.safeParse(body);
    if (!result.success) {
      setProblems(
        result.error.issues.map((issue) => {
          const field = issue.path[0] as keyof typeof vettedFieldLabels;
          return `${vettedFieldLabels[field] ?? 'This form'}: ${issue.message}`;
        }),
      );
      return;
    }
    setProblems([]);
    propose.mutate(body);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {declined && (
        <Alert tone="warning" title="Your last changes were not approved">
          <p>Reason: {declined.declineReason}</p>
          <p className="mt-1">
            Your profile kept its approved subjects and credentials. You can send new changes below.
          </p>
        </Alert>
      )}
      <SelectField
        label="Category"
        value={values.category}
        onChange={(event) => set('category', event.target.value as ExpertCategory)}
      >
        <CategoryOptions />
      </SelectField>
      <SubjectPicker
        subjects={values.subjects}
        onChange={(next) => set('subjects', next)}
        label="Subject areas"
        listLabel="Your subjects"
        hint="Type a subject and press Enter. Clients search by these."
        placeholder="e.g. Bioinformatics"
      />
      <EducationEditor rows={values.education} onChange={(rows) => set('education', rows)} />
      <PublicationsEditor rows={values.publications} onChange={(rows) => set('publications', rows)} />
      <InputField
        label="ORCID iD (optional)"
        placeholder="0000-0002-1825-0097"
        value={values.orcid}
        maxLength={19}
        onChange={(event) => set('orcid', event.target.value)}
      />
      {problems.length > 0 && (
        <Alert title="Check these before sending">
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
      {propose.isError && <Alert>{errorMessage(propose.error)}</Alert>}
      <div className="flex justify-end border-t border-slate-200 pt-5">
        <Button type="submit" loading={propose.isPending} disabled={propose.isPending}>
          Send for review
        </Button>
      </div>
    </form>
  );
}
