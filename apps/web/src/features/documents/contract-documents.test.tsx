import type { ContractBilling, DocumentListResponse } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testContract } from '../../test/test-contract.ts';
import { ContractBillingCard } from './contract-billing-card.tsx';
import { ContractDocuments } from './contract-documents.tsx';

beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const contract = testContract();
const receipt: DocumentListResponse['documents'][number] = {
  id: '0b6f6a53-1d3c-4a57-9a55-5f2d8c1e9a01',
  kind: 'funding_receipt',
  number: 'SW-R-2026-000007',
  description: 'Payment for “Analysis and figures”',
  total: { amountMinor: 105_000, currency: 'USD' },
  issuedAt: '2026-03-02T09:00:00.000Z',
  contract: { id: '5d0f3c1e-8a41-4f7e-9b2a-6c1d2e3f4a5b', title: contract.title },
  corrects: null,
  downloadUrl: '/api/documents/0b6f6a53-1d3c-4a57-9a55-5f2d8c1e9a01/pdf',
};

function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = Object.keys(answers).find((prefix) => url.startsWith(prefix));
      return new Response(JSON.stringify(path ? answers[path] : { message: 'Not found' }), {
        status: path ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

// The first render parses the components on a busy machine: room before the test gives up.
describe('the workspace’s receipts and invoices', { timeout: 20_000 }, () => {
  it('lists each document with its amount and a PDF link named after it', async () => {
    serve({ '/api/documents': { documents: [receipt], nextCursor: null } });
    renderWith(<ContractDocuments contract={contract} />);
    const list = await screen.findByRole('list', { name: 'Documents' });
    expect(within(list).getByText('SW-R-2026-000007')).toBeTruthy();
    expect(within(list).getByText('$1,050.00')).toBeTruthy();
    const link = within(list).getByRole('link', { name: 'Download receipt SW-R-2026-000007 (PDF)' });
    expect(link.getAttribute('href')).toBe(receipt.downloadUrl);
  });

  it('tells an expert what they will find here before anything is issued', async () => {
    serve({ '/api/documents': { documents: [], nextCursor: null } });
    renderWith(<ContractDocuments contract={testContract({ role: 'expert' })} />);
    expect(
      await screen.findByText(
        'No documents yet. An invoice for the service fee is issued each time money is released to you.',
      ),
    ).toBeTruthy();
  });
});

describe('the purchase order card', { timeout: 20_000 }, () => {
  const billing = (overrides: Partial<ContractBilling>): ContractBilling => ({
    purchaseOrderNumber: 'PO-2026-0042',
    costCentre: null,
    defaultCostCentre: 'CC-4410',
    canEdit: false,
    ...overrides,
  });

  it('offers the client a form while the contract runs, with the default cost centre as a hint', async () => {
    serve({ [`/api/contracts/${contract.id}/billing`]: billing({ canEdit: true }) });
    renderWith(<ContractBillingCard contract={contract} />);
    const field = await screen.findByLabelText('Purchase-order number');
    expect((field as HTMLInputElement).value).toBe('PO-2026-0042');
    expect(screen.getByText("Leave empty to use your organisation's default, CC-4410.")).toBeTruthy();
  });

  it('shows the expert the purchase order read-only', async () => {
    serve({ [`/api/contracts/${contract.id}/billing`]: billing({}) });
    renderWith(<ContractBillingCard contract={testContract({ role: 'expert' })} />);
    expect(await screen.findByText('PO-2026-0042')).toBeTruthy();
    expect(screen.getByText('CC-4410')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
