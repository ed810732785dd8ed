import { zodResolver } from '@hookform/resolvers/zod';
import {
  contractBillingRequestSchema,
  COST_CENTRE_MAX,
  PURCHASE_ORDER_MAX,
  type Contract,
  type ContractBilling,
} from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { contractBillingQuery, useSaveContractBilling } from './queries.ts';

function BillingForm({ contractId, billing }: { contractId: string; billing: ContractBilling }) {
  const save = useSaveContractBilling(contractId);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm({
    resolver: zodResolver(contractBillingRequestSchema),
    defaultValues: {
      purchaseOrderNumber: billing.purchaseOrderNumber ?? '',
      costCentre: billing.costCentre ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const answer = await save.mutateAsync(values);
      reset({ purchaseOrderNumber: answer.purchaseOrderNumber ?? '', costCentre: answer.costCentre ?? '' });
      setSaved(true);
    } catch (error) {
      if (isApiError(error))
        for (const detail of error.details)
          if (detail.field === 'purchaseOrderNumber' || detail.field === 'costCentre')
            setError(detail.field, { message: detail.message });
    }
  });
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-3"
      aria-label="Purchase order and cost centre"
    >
      <InputField
        label="Purchase-order number"
        maxLength={PURCHASE_ORDER_MAX}
        autoComplete="off"
        error={errors.purchaseOrderNumber?.message}
        {...register('purchaseOrderNumber')}
      />
      <InputField
        label="Cost centre"
        maxLength={COST_CENTRE_MAX}
        autoComplete="off"
        hint={
          billing.defaultCostCentre
            ? `Leave empty to use your organisation's default, ${billing.defaultCostCentre}.`
            : undefined
        }
        error={errors.costCentre?.message}
        {...register('costCentre')}
      />
      {save.isError && <Alert>{errorMessage(save.error)}</Alert>}
      {saved && !isDirty && (
        <Alert tone="success">Saved. Receipts and invoices issued from now on print these.</Alert>
      )}
      <Button type="submit" size="sm" variant="secondary" loading={save.isPending} disabled={save.isPending}>
        Save
      </Button>
    </form>
  );
}

function ReadOnly({ billing }: { billing: ContractBilling }) {
  const costCentre = billing.costCentre ?? billing.defaultCostCentre;
  if (!billing.purchaseOrderNumber && !costCentre)
    return <p className="text-sm text-slate-600">No purchase order or cost centre is set.</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {billing.purchaseOrderNumber && (
        <>
          <dt className="text-slate-600">Purchase order</dt>
          <dd className="text-slate-900">{billing.purchaseOrderNumber}</dd>
        </>
      )}
      {costCentre && (
        <>
          <dt className="text-slate-600">Cost centre</dt>
          <dd className="text-slate-900">{costCentre}</dd>
        </>
      )}
    </dl>
  );
}

/** The purchase order and cost centre printed on this contract's receipts and invoices. */
export function ContractBillingCard({ contract }: { contract: Contract }) {
  const billing = useQuery(contractBillingQuery(contract.id));
  // The other side only needs the card when there is something to read on it.
  if (
    contract.role !== 'client' &&
    billing.data &&
    !billing.data.purchaseOrderNumber &&
    !(billing.data.costCentre ?? billing.data.defaultCostCentre)
  )
    return null;
  return (
    <section
      aria-labelledby="contract-billing-heading"
      className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5"
    >
      <h2 id="contract-billing-heading" className="text-lg font-semibold text-slate-900">
        Purchase order
      </h2>
      <p className="mb-3 text-xs text-slate-600">
        {contract.role === 'client'
          ? 'For your finance team: printed on every receipt and invoice issued after you save it.'
          : 'The client’s purchase order, printed on their receipts and invoices.'}
      </p>
      {billing.isPending ? (
        <Spinner label="Loading the purchase order..." />
      ) : billing.isError ? (
        <RetryAlert onRetry={billing.refetch}>{errorMessage(billing.error)}</RetryAlert>
      ) : billing.data.canEdit ? (
        <BillingForm contractId={contract.id} billing={billing.data} />
      ) : (
        <ReadOnly billing={billing.data} />
      )}
    </section>
  );
}
