import { documentKindLabels, type DocumentSummary } from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDate, money } from '../../lib/format.ts';
import { documentsQuery } from './queries.ts';

function DocumentRow({ document, showContract }: { document: DocumentSummary; showContract: boolean }) {
  const label = documentKindLabels[document.kind];
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {label} <span className="font-mono text-xs text-slate-700">{document.number}</span>
        </p>
        <p className="text-sm text-slate-700">{document.description}</p>
        <p className="text-xs text-slate-600">
          <time dateTime={document.issuedAt}>{formatDate(document.issuedAt)}</time>
          {showContract && document.contract ? ` · ${document.contract.title}` : ''}
          {document.corrects ? ` · corrects ${document.corrects}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-sm font-semibold text-slate-900 tabular-nums">{money(document.total)}</span>
        <a
          href={document.downloadUrl}
          download
          className="rounded-control border border-slate-300 px-2.5 py-1 text-xs font-medium text-brand-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Download ${label.toLowerCase()} ${document.number} (PDF)`}
        >
          PDF
        </a>
      </div>
    </li>
  );
}

/** Receipts, invoices, credit notes and statements, newest first, with older ones on demand. */
export function DocumentList({ contractId, empty }: { contractId: string | null; empty: string }) {
  const documents = useInfiniteQuery(documentsQuery(contractId));
  if (documents.isPending) return <Spinner label="Loading the documents..." />;
  if (!documents.data)
    return <RetryAlert onRetry={documents.refetch}>{errorMessage(documents.error)}</RetryAlert>;
  const all = documents.data.pages.flatMap((page) => page.documents);
  if (all.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="Documents">
        {all.map((document) => (
          <DocumentRow key={document.id} document={document} showContract={contractId === null} />
        ))}
      </ul>
      {documents.isFetchNextPageError && <Alert className="mt-3">{errorMessage(documents.error)}</Alert>}
      {documents.hasNextPage && (
        <Button
          className="mt-3"
          size="sm"
          variant="secondary"
          loading={documents.isFetchingNextPage}
          onClick={() => void documents.fetchNextPage()}
        >
          Show older documents
        </Button>
      )}
    </>
  );
}
