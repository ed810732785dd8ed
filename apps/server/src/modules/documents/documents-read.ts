import type { DocumentListQuery, DocumentListResponse, DocumentSummary } from '@sciwise/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contracts, issuedDocuments } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { DocumentFacts } from './facts.ts';

/*
 * Who may read a document: the person it is addressed to (the client their receipts, invoices and
 * credit notes; the expert their fee invoices and payout statements), and admins. Anyone else gets
 * the same 404 as for a document that does not exist.
 */

const PAGE = 50;
export const DOCUMENT_NOT_FOUND = 'We could not find that document.';

function visibleTo(user: SessionUser): SQL | undefined {
  return user.role === 'admin' ? undefined : eq(issuedDocuments.recipientId, user.id);
}

export const downloadUrl = (id: string) => `/api/documents/${id}/pdf`;

/**
 * Newest first, paged by (issue time, id). Without a contract: the documents addressed to the
 * viewer. With one: the viewer's documents on it (an admin sees all of that contract's).
 */
export async function listDocuments(
  db: Executor,
  user: SessionUser,
  query: DocumentListQuery,
): Promise<DocumentListResponse> {
  const conditions: Array<SQL | undefined> = query.contractId
    ? [eq(issuedDocuments.contractId, query.contractId), visibleTo(user)]
    : [eq(issuedDocuments.recipientId, user.id)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, 'documents');
    conditions.push(
      sql`(${issuedDocuments.issuedAt}, ${issuedDocuments.id}) < (to_timestamp(${cursor.key}::float8 / 1000000), ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      document: issuedDocuments,
      contractTitle: contracts.title,
      corrects: sql<
        string | null
      >`(select c.number from issued_documents c where c.id = ${issuedDocuments.correctsId})`,
      micros: sql<string>`(extract(epoch from ${issuedDocuments.issuedAt}) * 1000000)::bigint::text`,
    })
    .from(issuedDocuments)
    .leftJoin(contracts, eq(contracts.id, issuedDocuments.contractId))
    .where(and(...conditions))
    .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    documents: page.map((row) => present(row.document, row.contractTitle, row.corrects)),
    nextCursor:
      rows.length > PAGE && last
        ? encodeCursor({ sort: 'documents', key: Number(last.micros), id: last.document.id })
        : null,
  };
}

function present(
  document: typeof issuedDocuments.$inferSelect,
  contractTitle: string | null,
  corrects: string | null,
): DocumentSummary {
  const facts = document.facts as DocumentFacts;
  return {
    id: document.id,
    kind: document.kind,
    number: document.number,
    description: facts.summary,
    total: { amountMinor: document.totalMinor, currency: document.currency },
    issuedAt: document.issuedAt.toISOString(),
    contract: document.contractId && contractTitle ? { id: document.contractId, title: contractTitle } : null,
    corrects,
    downloadUrl: downloadUrl(document.id),
  };
}

/** One document the viewer may read, with the facts it prints; a 404 otherwise. */
export async function readableDocument(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<{ number: string; facts: DocumentFacts }> {
  const [row] = await db
    .select({ number: issuedDocuments.number, facts: issuedDocuments.facts })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.id, id), visibleTo(user)));
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return { number: row.number, facts: row.facts as DocumentFacts };
}
