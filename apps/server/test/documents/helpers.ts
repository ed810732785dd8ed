import type { DocumentListResponse, DocumentSummary } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { pdfText } from '../support/pdf-text.ts';
import { call, type Who } from '../support/requests.ts';

export const institution = {
  organisationName: 'Karolinska Institutet',
  address: 'Nobels väg 6\n171 77 Solna\nSweden',
  taxId: 'SE202100297301',
  defaultCostCentre: 'CC-4410 Epidemiology',
};

export async function documentsOf(
  app: FastifyInstance,
  who: Who,
  contractId?: string,
): Promise<DocumentSummary[]> {
  const response = await call(
    app,
    'GET',
    `/api/documents${contractId ? `?contractId=${contractId}` : ''}`,
    who,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DocumentListResponse>().documents;
}

/** Downloads a document and reads it back with a PDF parser. */
export async function downloadText(
  app: FastifyInstance,
  who: Who,
  document: Pick<DocumentSummary, 'downloadUrl'>,
) {
  const response = await app.inject({ method: 'GET', url: document.downloadUrl, headers: who?.headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { text: await pdfText(response.rawPayload), response };
}
