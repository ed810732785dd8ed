import type { Contract, ContractAction } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { BriefcaseIcon } from '../../components/ui/app-icons.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { ContractStatusBadge } from './contract-status-badge.tsx';
import { ContractCalls } from '../calls/contract-calls.tsx';
import { DirectChat } from '../chat/direct-chat.tsx';
import { ContractBillingCard } from '../documents/contract-billing-card.tsx';
import { ContractDocuments } from '../documents/contract-documents.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { ContractReviewsCard } from '../reviews/contract-reviews-card.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ActivityLog } from './activity-log.tsx';
import { contractActionCopy } from './consequences.ts';
import { DialogHost, type OpenDialog } from './dialogs/dialog-host.tsx';
import { counterpart, formatDate, money, percent } from './format.ts';
import { useContractLiveUpdates, useNow } from './live-updates.ts';
import { MilestoneCard, milestoneHeadingId } from './milestone-card.tsx';
import { contractQuery } from './queries.ts';

function EscrowSummary({ contract }: { contract: Contract }) {
  const figures = [
    { label: 'Contract price', value: money(contract.price) },
    { label: 'Held in escrow', value: money(contract.escrow.held) },
    { label: 'Released', value: money(contract.escrow.released) },
    { label: 'Refunded', value: money(contract.escrow.refunded) },
  ];
  return (
    <section
      aria-label="Money"
      className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5"
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-xs text-slate-600">{figure.label}</dt>
            <dd className="text-base font-bold text-slate-900 sm:text-lg">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        The client pays a {percent(contract.fees.clientFeeBps)} marketplace fee when funding; the expert pays
        a {percent(contract.fees.expertFeeBps)} service fee on release. Submitted work is released
        automatically {contract.autoReleaseDays} days after submission unless the client approves or asks for
        changes first.
      </p>
    </section>
  );
}

const contractActionOrder: ContractAction[] = ['propose_milestone', 'end', 'cancel'];

function Workspace({ contract }: { contract: Contract }) {
  const now = useNow();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const other = counterpart(contract);
  const onClosed = useCallback(() => {
    const closed = dialog;
    setDialog(null);
    // The button that opened the dialog may be gone now (the step is done): land on its milestone.
    requestAnimationFrame(() => {
      if (closed?.kind === 'milestone' && document.activeElement === document.body)
        document.getElementById(milestoneHeadingId(closed.milestoneId))?.focus();
    });
  }, [dialog]);
  const contractActions = contractActionOrder.filter((action) => contract.actions.includes(action));
  const next = contract.nextStep;
  return (
    <>
      <PageHeading
        title={contract.title}
        actions={contractActions.map((action) => (
          <Button
            key={action}
            variant={action === 'propose_milestone' ? 'secondary' : 'ghost'}
            onClick={() => setDialog({ kind: 'contract', action })}
          >
            {contractActionCopy(action, contract).button}
          </Button>
        ))}
      >
        <ContractStatusBadge status={contract.status} className="mr-2 align-middle" />
        {contract.role === 'admin'
          ? `${contract.client.name} hired ${contract.expert.name}`
          : contract.role === 'client'
            ? `Your expert: ${contract.expert.name}`
            : `Your client: ${contract.client.name}`}{' '}
        · agreed {formatDate(contract.createdAt)} · {contract.durationDays} days ·{' '}
        <Link to={`/projects/${contract.project.id}`} className="font-medium text-brand-700 underline">
          project brief
        </Link>
      </PageHeading>

      {next && (
        <Alert
          tone={next.yours ? 'info' : 'warning'}
          title={next.yours ? 'Your next step' : 'Waiting'}
          className="mb-6"
        >
          {next.text}
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)]">
        <div className="min-w-0 space-y-6">
          <ContractReviewsCard contract={contract} />
          <EscrowSummary contract={contract} />
          <section aria-labelledby="milestones-heading">
            <h2 id="milestones-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Milestones
            </h2>
            {contract.milestones.length === 0 ? (
              <EmptyState icon={<BriefcaseIcon />} title="No milestones yet">
                Propose one to agree the next piece of work and its price.
              </EmptyState>
            ) : (
              <ol className="space-y-4">
                {contract.milestones.map((milestone) => (
                  <MilestoneCard
                    key={milestone.id}
                    milestone={milestone}
                    contract={contract}
                    now={now}
                    onAction={(action) => setDialog({ kind: 'milestone', action, milestoneId: milestone.id })}
                  />
                ))}
              </ol>
            )}
          </section>
          {contract.role !== 'admin' && (
            <ContractCalls contractId={contract.id} withPerson={{ id: other.id, name: other.name }} />
          )}
        </div>
        <div className="min-w-0 space-y-6">
          {contract.role !== 'admin' && (
            <DirectChat withUserId={other.id} className="h-[30rem] lg:h-[34rem]" />
          )}
          <ContractDocuments contract={contract} />
          <ContractBillingCard contract={contract} />
          <ActivityLog contractId={contract.id} />
        </div>
      </div>
      <DialogHost contract={contract} dialog={dialog} onClosed={onClosed} />
    </>
  );
}

/** `/profile/workspace/:contractId`: one contract, its money, its work and its conversation. */
export function ContractWorkspacePage() {
  const { contractId = '' } = useParams();
  const contract = useQuery(contractQuery(contractId));
  useContractLiveUpdates(contractId);
  if (contract.isError && isApiError(contract.error) && [400, 403, 404].includes(contract.error.status))
    return (
      <>
        <PageHeading title="Contract not found" />
        <Alert
          action={
            <ButtonLink to="/profile/workspace" variant="secondary" size="sm">
              Your contracts
            </ButtonLink>
          }
        >
          This contract does not exist, or you are not part of it.
        </Alert>
      </>
    );
  return (
    <QueryState query={contract} label="Loading the contract...">
      {() => <Workspace contract={contract.data!} />}
    </QueryState>
  );
}
