import type { Contract } from '@sciwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DocumentList } from './document-list.tsx';
import { documentKeys } from './queries.ts';

/** What moved on a contract's money: when it changes, new documents may have been issued. */
const moneySignature = (contract: Contract) =>
  JSON.stringify([contract.escrow, contract.milestones.map((milestone) => milestone.status)]);

/** The workspace's receipts and invoices: those of this contract addressed to the viewer. */
export function ContractDocuments({ contract }: { contract: Contract }) {
  const queryClient = useQueryClient();
  const signature = moneySignature(contract);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: documentKeys.list(contract.id) });
  }, [queryClient, contract.id, signature]);
  const empty =
    contract.role === 'client'
      ? 'No documents yet. A receipt and an invoice for the marketplace fee are issued each time you fund a milestone.'
      : contract.role === 'expert'
        ? 'No documents yet. An invoice for the service fee is issued each time money is released to you.'
        : 'No documents have been issued on this contract yet.';
  return (
    <section
      aria-labelledby="documents-heading"
      className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5"
    >
      <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
        Receipts &amp; invoices
      </h2>
      <p className="text-xs text-slate-600">
        Issued when money moves, numbered, and never changed afterwards; a correction is a new document.
      </p>
      <div className="mt-3">
        <DocumentList contractId={contract.id} empty={empty} />
      </div>
    </section>
  );
}
