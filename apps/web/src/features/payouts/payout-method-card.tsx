import { zodResolver } from '@hookform/resolvers/zod';
import {
  payoutMethodRequestSchema,
  type PayoutMethod,
  type PayoutMethodRequest,
  type SandboxBankAccount,
} from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CurrencyOptions } from '../../components/currency-options.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { formatDate } from './payout-words.ts';
import { payoutMethodQuery, useSavePayoutMethod } from './queries.ts';

function TestBankAccounts({ accounts }: { accounts: SandboxBankAccount[] }) {
  if (accounts.length === 0) return null;
  return (
    <div className="rounded-control border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
      <p className="font-semibold">Sandbox: no real money moves. Test account numbers:</p>
      <ul className="mt-1 space-y-0.5">
        {accounts.map((account) => (
          <li key={account.accountNumber}>
            <span className="font-mono break-all">{account.accountNumber}</span> — {account.description}
          </li>
        ))}
      </ul>
    </div>
  );
}

function BankAccountForm({
  accounts,
  defaultCurrency,
  onDone,
  onCancel,
}: {
  accounts: SandboxBankAccount[];
  defaultCurrency: PayoutMethodRequest['currency'];
  onDone: () => void;
  onCancel?: () => void;
}) {
  const save = useSavePayoutMethod();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(payoutMethodRequestSchema),
    defaultValues: { accountHolderName: '', accountNumber: '', currency: defaultCurrency },
  });
  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync(values);
      onDone();
    } catch (error) {
      const field = isApiError(error) ? error.details.find((d) => d.field === 'accountNumber') : undefined;
      if (field) setError('accountNumber', { message: field.message });
      else setServerError(errorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-4"
      aria-label="Bank account for payouts"
    >
      {serverError && <Alert>{serverError}</Alert>}
      <TestBankAccounts accounts={accounts} />
      <InputField
        label="Name on the account"
        autoComplete="name"
        maxLength={100}
        error={errors.accountHolderName?.message}
        {...register('accountHolderName')}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <InputField
          label="Account number or IBAN"
          autoComplete="off"
          spellCheck={false}
          hint="Sent to the payment processor; Sciwise keeps only the last four digits."
          error={errors.accountNumber?.message}
          {...register('accountNumber')}
        />
        <SelectField label="Currency" error={errors.currency?.message} {...register('currency')}>
          <CurrencyOptions />
        </SelectField>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={save.isPending}>
          Save bank account
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function SavedAccount({ method }: { method: PayoutMethod }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-600">Account</dt>
        <dd className="font-medium text-slate-900">
          {method.bankName ?? 'Bank account'} ending in <span className="font-mono">{method.last4}</span>
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Name on the account</dt>
        <dd className="font-medium break-words text-slate-900">{method.accountHolderName}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Paid out in</dt>
        <dd className="font-medium text-slate-900">{method.currency}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Added</dt>
        <dd className="font-medium text-slate-900">{formatDate(method.addedAt)}</dd>
      </div>
    </dl>
  );
}

/** The expert's bank account: add one, or replace it (the processor issues a new token). */
export function PayoutMethodCard() {
  const query = useQuery(payoutMethodQuery);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const method = query.data?.method ?? null;
  return (
    <Card
      id="payout-method"
      title="Payout method"
      description="The bank account your earnings are paid out to. The payment processor holds its details; only the last four digits are shown here."
    >
      {query.isPending ? (
        <Spinner label="Loading your bank account…" />
      ) : query.isError ? (
        <RetryAlert onRetry={query.refetch}>
          {errorMessage(query.error, 'We could not load your bank account.')}
        </RetryAlert>
      ) : method && !editing ? (
        <div className="space-y-4">
          {saved && <Alert tone="success">Your bank account is saved. Payouts go to it from now on.</Alert>}
          <SavedAccount method={method} />
          <Button
            variant="secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Replace bank account
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          {!method && (
            <p className="text-sm text-slate-700">
              You have no bank account yet. Add one to take your available balance out.
            </p>
          )}
          <BankAccountForm
            accounts={query.data.testBankAccounts}
            defaultCurrency={method?.currency ?? 'USD'}
            onDone={() => {
              setEditing(false);
              setSaved(true);
            }}
            {...(method ? { onCancel: () => setEditing(false) } : {})}
          />
        </div>
      )}
    </Card>
  );
}
