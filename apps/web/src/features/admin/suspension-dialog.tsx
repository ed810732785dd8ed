import {
  SUSPENSION_REASON_MAX,
  SUSPENSION_REASON_MIN,
  restoreRequestSchema,
  suspensionRequestSchema,
  type AdminPerson,
} from '@sciwise/contracts';
import { useSuspensionChange, type SuspensionChange } from './queries.ts';
import { ReasonDialog, type ReasonCopy } from '../../components/reason-dialog.tsx';
import { fullName } from './words.ts';

export function suspensionCopy(change: SuspensionChange, person: AdminPerson): ReasonCopy {
  const name = fullName(person);
  if (change === 'suspend')
    return {
      title: `Suspend ${name}’s account`,
      consequences: [
        'They are signed out on every device at once, and cannot sign in again until an administrator restores the account.',
        'We e-mail them the reason below, word for word, and show it to them when they try to sign in.',
        'The suspension and its reason go into the audit log under your name, for good.',
      ],
      label: 'Reason for the member',
      hint: `At least ${SUSPENSION_REASON_MIN} characters. ${person.firstName} reads this, so write it to them.`,
      placeholder: 'e.g. You asked two clients to pay you outside Sciwise, which our terms do not allow.',
      confirm: 'Suspend account',
      done: `${name} is suspended and signed out everywhere.`,
      danger: true,
    };
  return {
    title: `Restore ${name}’s account`,
    consequences: [
      'They can sign in again at once; their projects, contracts and money are as they were.',
      'No e-mail goes to them: tell them yourself if they are waiting.',
      'The restoration and its reason go into the audit log under your name, for good.',
    ],
    label: 'Reason for the audit log',
    hint: `At least ${SUSPENSION_REASON_MIN} characters: what changed since the suspension.`,
    placeholder: 'e.g. They confirmed the payments were refunded and agreed to the terms.',
    confirm: 'Restore account',
    done: `${name} can sign in again.`,
    danger: false,
  };
}

/** Suspend or restore, with the reason the audit log keeps (and a suspended member reads). */
export function SuspensionDialog({
  change,
  person,
  onClosed,
}: {
  change: SuspensionChange;
  person: AdminPerson;
  onClosed: () => void;
}) {
  const mutation = useSuspensionChange(person.id, change);
  return (
    <ReasonDialog
      copy={suspensionCopy(change, person)}
      field="reason"
      schema={change === 'suspend' ? suspensionRequestSchema : restoreRequestSchema}
      limit={SUSPENSION_REASON_MAX}
      action={mutation}
      onClosed={onClosed}
    />
  );
}
