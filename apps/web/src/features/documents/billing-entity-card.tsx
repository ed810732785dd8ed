import { zodResolver } from '@hookform/resolvers/zod';
import {
  BILLING_ADDRESS_MAX,
  billingEntityRequestSchema,
  COST_CENTRE_MAX,
  ORGANISATION_NAME_MAX,
  TAX_ID_MAX,
  type BillingEntity,
} from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { billingEntityQuery, useSaveBillingEntity } from './queries.ts';

const fields = ['organisationName', 'address', 'taxId', 'defaultCostCentre'] as const;

function EntityForm({ entity }: { entity: BillingEntity | null }) {
  const save = useSaveBillingEntity();
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(billingEntityRequestSchema),
    defaultValues: {
      organisationName: entity?.organisationName ?? '',
      address: entity?.address ?? '',
      taxId: entity?.taxId ?? '',
      defaultCostCentre: entity?.defaultCostCentre ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setDone(null);
    try {
      await save.mutateAsync(values);
      setDone('Saved. Receipts and invoices issued from now on are addressed to this organisation.');
    } catch (error) {
      if (isApiError(error))
        for (const detail of error.details)
          if ((fields as readonly string[]).includes(detail.field))
            setError(detail.field as (typeof fields)[number], { message: detail.message });
    }
  });
  const remove = async () => {
    setDone(null);
    await save.mutateAsync(null).catch(() => {});
    reset({ organisationName: '', address: '', taxId: '', defaultCostCentre: '' });
    setDone(
      'Removed. New documents are addressed to you by name; documents already issued keep what they printed.',
    );
  };
  const addressError = errors.address?.message;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-4"
      aria-label="Billing entity"
    >
      <InputField
        label="Organisation name"
        autoComplete="organization"
        maxLength={ORGANISATION_NAME_MAX}
        error={errors.organisationName?.message}
        {...register('organisationName')}
      />
      <TextareaField
        id="billing-address"
        label="Billing address"
        rows={4}
        maxLength={BILLING_ADDRESS_MAX}
        autoComplete="street-address"
        error={addressError}
        hint="As it should appear on invoices, one line per line (at most 8)."
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="VAT or tax number (optional)"
          maxLength={TAX_ID_MAX}
          autoComplete="off"
          error={errors.taxId?.message}
          {...register('taxId')}
        />
        <InputField
          label="Default cost centre (optional)"
          maxLength={COST_CENTRE_MAX}
          autoComplete="off"
          hint="Printed when a contract names no cost centre of its own."
          error={errors.defaultCostCentre?.message}
          {...register('defaultCostCentre')}
        />
      </div>
      {save.isError && <Alert>{errorMessage(save.error)}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={save.isPending} disabled={save.isPending}>
          Save billing details
        </Button>
        {entity && (
          <Button variant="ghost" disabled={save.isPending} onClick={() => void remove()}>
            Stop billing an organisation
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The organisation a client buys for (universities, companies): printed on every receipt and
 * invoice issued after it is saved, with each contract's purchase order.
 */
export function BillingEntityCard() {
  const entity = useQuery(billingEntityQuery());
  return (
    <Card
      id="billing-entity"
      title="Billing details for invoices"
      description="If an organisation pays for your projects, name it here. Receipts and invoices issued from now on are addressed to it; documents already issued never change. Set a purchase-order number on each contract's workspace."
    >
      {entity.isPending ? (
        <Spinner label="Loading your billing details..." />
      ) : entity.isError ? (
        <RetryAlert onRetry={entity.refetch}>{errorMessage(entity.error)}</RetryAlert>
      ) : (
        <EntityForm entity={entity.data.billingEntity} />
      )}
    </Card>
  );
}
