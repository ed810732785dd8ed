import type { NdaDocument } from '@sciwise/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aProjectView, aUser } from '../../test/fixtures.ts';
import { fakeApi, PAGE_TEST, renderPage, stubDialogs } from '../../test/support.tsx';
import { AuthModalProvider } from '../auth/auth-modal-context.tsx';
import { ProjectEditor } from './project-editor.tsx';
import { emptyValues, type ProjectFormValues } from './project-form-values.ts';

beforeAll(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const filled: ProjectFormValues = {
  ...emptyValues,
  title: 'Confidential assay analysis',
  description: 'We need a pharmacologist to review dose–response curves for three unpublished compounds.',
  category: 'data_analysts',
  subjects: ['Pharmacology'],
  budgetMin: '1500',
  budgetMax: '4000',
};

const SHA = 'c'.repeat(64);
const STANDARD_TEXT = 'Sciwise standard confidentiality agreement (version 1)\n\n1. Parties.';
const standard: NdaDocument = {
  mode: 'standard',
  sha256: SHA,
  text: STANDARD_TEXT,
  file: null,
  acceptance: null,
};
const custom: NdaDocument = {
  mode: 'custom',
  sha256: 'd'.repeat(64),
  text: null,
  file: { name: 'our-nda.pdf', url: '/api/projects/p-1/nda/file' },
  acceptance: null,
};

function renderEditor(routes: Record<string, unknown>, initial: ProjectFormValues = filled) {
  const calls = fakeApi({ 'PATCH /api/projects/p-1': aProjectView().details, ...routes });
  renderPage(
    <AuthModalProvider>
      <ProjectEditor
        initial={initial}
        signedIn
        projectId="p-1"
        attachments={[]}
        onPublished={() => undefined}
      />
    </AuthModalProvider>,
    '/create-project',
    aUser(),
  );
  // Straight to "Budget and timing", where the choice sits beside the visibility.
  fireEvent.click(screen.getByRole('button', { name: 'Next: Expertise' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next: Budget and timing' }));
  const patches = () => calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
  return { calls, patches, choice: () => screen.getByRole('group', { name: 'Confidentiality' }) };
}

describe('the editor’s confidentiality choice', PAGE_TEST, () => {
  it('says what an agreement does, and saves the standard NDA as the draft’s ndaMode', async () => {
    const { patches, choice } = renderEditor({ 'GET /api/projects/p-1/nda': standard });
    expect(choice().textContent).toContain(
      'experts see only the title, category, subjects, budget and deadline until they accept it. Every file opening is logged for you.',
    );
    const none = within(choice()).getByLabelText<HTMLInputElement>(
      'No agreement: signed-in experts read the full brief.',
    );
    expect(none.checked).toBe(true);
    fireEvent.click(within(choice()).getByLabelText(/^Sciwise standard NDA/));
    await waitFor(() => expect(patches().at(-1)).toMatchObject({ ndaMode: 'standard' }), { timeout: 5000 });

    fireEvent.click(within(choice()).getByRole('button', { name: 'Read the standard agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'The Sciwise standard NDA' });
    expect(
      await within(dialog).findByText(/Sciwise standard confidentiality agreement \(version 1\)/),
    ).toBeTruthy();
  });

  it('uploads the owner’s PDF, shows it in force, and never sends custom as a draft field', async () => {
    let uploaded = false;
    const { calls, patches, choice } = renderEditor(
      {
        'POST /api/projects/p-1/nda': () => {
          uploaded = true;
          return aProjectView({
            confidentiality: { mode: 'custom', sha256: custom.sha256, unlocked: true, acceptedAt: null },
          }).details;
        },
        'GET /api/projects/p-1/nda': () => (uploaded ? custom : standard),
      },
      { ...filled, ndaMode: 'standard' },
    );
    fireEvent.click(within(choice()).getByLabelText(/^Our own NDA \(PDF\)/));
    expect(choice().textContent).toContain('Until you upload it, experts accept the Sciwise standard NDA.');
    const pdf = new File(['%PDF-1.4\n'], 'our-nda.pdf', { type: 'application/pdf' });
    fireEvent.change(within(choice()).getByLabelText('Your agreement (PDF)'), { target: { files: [pdf] } });

    expect(await within(choice()).findByRole('link', { name: 'our-nda.pdf' })).toBeTruthy();
    expect(within(choice()).getByLabelText('Replace your agreement (PDF)')).toBeTruthy();
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === '/api/projects/p-1/nda'),
    ).toHaveLength(1);
    // The form now holds the PDF's mode: a later save must leave the PDF in force.
    fireEvent.change(screen.getByLabelText('Deadline (optional)'), { target: { value: '2099-01-31' } });
    await waitFor(() => expect(patches().at(-1)).toMatchObject({ deadline: '2099-01-31' }), {
      timeout: 5000,
    });
    for (const body of patches()) expect(body).not.toMatchObject({ ndaMode: 'custom' });
    expect(patches().at(-1)).not.toHaveProperty('ndaMode');
  });

  it('shows the server’s refusal of a file in place', async () => {
    const { choice } = renderEditor({
      'POST /api/projects/p-1/nda': () =>
        Response.json(
          { message: 'Upload your agreement as a PDF file.', code: 'unsupported_media_type' },
          { status: 415 },
        ),
    });
    fireEvent.click(within(choice()).getByLabelText(/^Our own NDA \(PDF\)/));
    const csv = new File(['a,b\n'], 'terms.csv', { type: 'text/csv' });
    fireEvent.change(within(choice()).getByLabelText('Your agreement (PDF)'), { target: { files: [csv] } });
    expect((await within(choice()).findByRole('alert')).textContent).toBe(
      'Upload your agreement as a PDF file.',
    );
    expect(within(choice()).queryByText(/In force/)).toBeNull();
  });
});
