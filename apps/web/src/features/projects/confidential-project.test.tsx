import type { ConfidentialityLog, CurrentUser, NdaDocument, ProjectDetails } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aProjectView, aUser } from '../../test/fixtures.ts';
import { fakeApi, PAGE_TEST, stubDialogs } from '../../test/support.tsx';
import { meQueryKey } from '../auth/session.ts';
import { formatLocalTime } from './confidentiality-log.tsx';
import { ProjectDetailPage } from './project-detail-page.tsx';

beforeAll(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = aUser({ id: 'u-1', name: 'Ada Client' });
const expert = aUser({ id: 'u-2', firstName: 'Dana', lastName: 'Whitfield', name: 'Dana Whitfield' });

const SHA = 'a'.repeat(64);
const NEW_SHA = 'b'.repeat(64);
const BRIEF = 'Differential expression for 48 tumours, with figures and a short report.';
const AGREEMENT =
  'Sciwise standard confidentiality agreement (version 1)\n\n1. Parties. This agreement is between…';
const CHANGED =
  'The client changed the agreement while you were reading it. Read the new version, then accept it.';

const lockedFor = (viewer: Partial<ProjectDetails['viewer']> = { actions: ['accept_nda', 'report'] }) =>
  aProjectView(
    {
      description: '',
      attachments: [],
      subjects: ['Transcriptomics'],
      confidentiality: { mode: 'standard', sha256: SHA, unlocked: false, acceptedAt: null },
    },
    viewer,
  );

const structures = {
  id: 'f-1',
  fileName: 'structures.pdf',
  contentType: 'application/pdf',
  sizeBytes: 20_480,
  createdAt: '2026-11-19T10:00:00.000Z',
};

const unlocked = (acceptedAt: string | null, viewer: Partial<ProjectDetails['viewer']> = {}) =>
  aProjectView(
    {
      attachments: [structures],
      confidentiality: { mode: 'standard', sha256: SHA, unlocked: true, acceptedAt },
    },
    { actions: ['quote', 'report'], ...viewer },
  );

const standardAgreement = (sha256 = SHA): NdaDocument => ({
  mode: 'standard',
  sha256,
  text: AGREEMENT,
  file: null,
  acceptance: null,
});

function renderProject(user: CurrentUser, routes: Record<string, unknown>, path = '/projects/p-1') {
  const calls = fakeApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(meQueryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/projects/:id" element={<ProjectDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, sent };
}

const acceptButton = () => screen.getByRole('button', { name: 'Accept and read the brief' });

describe('a confidential brief before the agreement is accepted', PAGE_TEST, () => {
  it('shows the summary, the agreement and why there is no quote form, never the brief', async () => {
    renderProject(expert, {
      'GET /api/projects/p-1': lockedFor(),
      'GET /api/projects/p-1/nda': standardAgreement(),
    });
    const panel = (await screen.findByRole('heading', { name: 'Confidential brief' })).closest('section')!;
    expect(panel.textContent).toContain('you see only the title, category, subjects, budget and deadline');
    expect(within(panel).getByRole('list', { name: 'Subjects' }).textContent).toContain('Transcriptomics');
    const agreement = await screen.findByRole('region', { name: 'The Sciwise standard NDA' });
    expect(agreement.textContent).toContain('Sciwise standard confidentiality agreement (version 1)');
    expect(agreement.tabIndex).toBe(0);
    expect(screen.queryByRole('heading', { name: 'The brief' })).toBeNull();
    expect(screen.queryByText(BRIEF)).toBeNull();
    expect(
      screen.getByText('This brief is confidential. Accept the agreement above to read it and send a quote.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a quote' })).toBeNull();
  });

  it('offers the client’s own PDF to download before accepting', async () => {
    renderProject(expert, {
      'GET /api/projects/p-1': lockedFor(),
      'GET /api/projects/p-1/nda': {
        ...standardAgreement(),
        mode: 'custom',
        text: null,
        file: { name: 'our-nda.pdf', url: '/api/projects/p-1/nda/file' },
      },
    });
    const link = await screen.findByRole('link', { name: 'Download our-nda.pdf' });
    expect(link.getAttribute('href')).toBe('/api/projects/p-1/nda/file');
    expect(screen.getByRole('heading', { name: 'Ada Client’s own agreement' })).toBeTruthy();
  });

  it('asks for the name and the tick with the contract’s words, and sends nothing without them', async () => {
    const { sent } = renderProject(expert, {
      'GET /api/projects/p-1': lockedFor(),
      'GET /api/projects/p-1/nda': standardAgreement(),
      'POST /api/projects/p-1/nda/accept': unlocked('2026-11-20T09:00:00.000Z').details,
    });
    await screen.findByRole('region', { name: 'The Sciwise standard NDA' });
    fireEvent.click(acceptButton());
    expect(await screen.findByText('Type your full name to sign the agreement.')).toBeTruthy();
    expect(
      screen.getByText('Tick the box to confirm that you read the agreement and accept it.'),
    ).toBeTruthy();
    const name = screen.getByLabelText('Your full name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('maxlength')).toBe('120');
    expect(sent('POST', '/api/projects/p-1/nda/accept')).toEqual([]);
  });

  it('accepting sends the typed name and the agreement shown, then opens the brief without loading the page again', async () => {
    const { sent } = renderProject(expert, {
      'GET /api/projects/p-1': lockedFor(),
      'GET /api/projects/p-1/nda': standardAgreement(),
      'POST /api/projects/p-1/nda/accept': unlocked('2026-11-20T09:00:00.000Z').details,
    });
    await screen.findByRole('region', { name: 'The Sciwise standard NDA' });
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: '  Dana Whitfield ' } });
    fireEvent.click(screen.getByLabelText('I have read this agreement and accept it'));
    fireEvent.click(acceptButton());

    const heading = await screen.findByRole('heading', { name: 'The brief' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(BRIEF)).toBeTruthy();
    expect(screen.getByText('Confidential: you accepted the agreement on 20 Nov 2026.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a quote' })).toBeTruthy();
    expect(sent('POST', '/api/projects/p-1/nda/accept').map((c) => c.body)).toEqual([
      { signedName: 'Dana Whitfield', sha256: SHA },
    ]);
    expect(sent('GET', '/api/projects/p-1')).toHaveLength(1);
  });

  it('when the client changed the agreement meanwhile, says so and shows the new version to accept', async () => {
    let version = 0;
    const { sent } = renderProject(expert, {
      'GET /api/projects/p-1': lockedFor(),
      'GET /api/projects/p-1/nda': () => standardAgreement(version++ === 0 ? SHA : NEW_SHA),
      'POST /api/projects/p-1/nda/accept': () =>
        Response.json({ message: CHANGED, code: 'conflict' }, { status: 409 }),
    });
    await screen.findByRole('region', { name: 'The Sciwise standard NDA' });
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Dana Whitfield' } });
    const tick = screen.getByLabelText<HTMLInputElement>('I have read this agreement and accept it');
    fireEvent.click(tick);
    fireEvent.click(acceptButton());

    expect((await screen.findByRole('alert')).textContent).toBe(CHANGED);
    await waitFor(() => expect(sent('GET', '/api/projects/p-1/nda')).toHaveLength(2));
    expect(tick.checked).toBe(false);
    expect(screen.queryByText(BRIEF)).toBeNull();
    // Accepting again accepts the version now on screen.
    fireEvent.click(tick);
    fireEvent.click(acceptButton());
    await waitFor(() => expect(sent('POST', '/api/projects/p-1/nda/accept')).toHaveLength(2));
    expect(sent('POST', '/api/projects/p-1/nda/accept')[1]!.body).toEqual({
      signedName: 'Dana Whitfield',
      sha256: NEW_SHA,
    });
  });
});

describe('a confidential brief once it is open', PAGE_TEST, () => {
  it('tells its owner what experts do first, and that file openings are logged', async () => {
    renderProject(owner, {
      'GET /api/projects/p-1': unlocked(null, { isOwner: true, actions: ['edit', 'cancel'] }),
      'GET /api/projects/p-1/confidentiality-log': { acceptances: [], downloads: [] },
      'GET /api/projects/p-1/matches': { matches: [] },
    });
    await screen.findByRole('heading', { name: 'The brief' });
    expect(
      screen.getByText(
        'Experts accept your agreement (the Sciwise standard NDA) before they read this brief. Every file opening is logged below.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('No expert has accepted the agreement yet.')).toBeTruthy();
  });

  it('downloads a file through a one-time link: asks for it, then goes to it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { sent } = renderProject(expert, {
      'GET /api/projects/p-1': unlocked('2026-11-20T09:00:00.000Z'),
      'POST /api/projects/p-1/attachments/f-1/link': {
        url: '/api/downloads/one-time-token',
        expiresAt: '2026-11-20T09:05:00.000Z',
      },
    });
    await screen.findByRole('heading', { name: 'The brief' });
    // No direct link: the file's name is text, and its button asks for a link.
    expect(screen.queryByRole('link', { name: 'structures.pdf' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download structures.pdf' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/downloads/one-time-token'));
    expect(sent('POST', '/api/projects/p-1/attachments/f-1/link')).toHaveLength(1);
  });

  it('shows why a download could not start', async () => {
    renderProject(expert, {
      'GET /api/projects/p-1': unlocked('2026-11-20T09:00:00.000Z'),
      'POST /api/projects/p-1/attachments/f-1/link': () =>
        Response.json(
          {
            message:
              'Accept the project’s confidentiality agreement first: the brief and its files are confidential.',
            code: 'forbidden',
          },
          { status: 403 },
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download structures.pdf' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Accept the project’s confidentiality agreement first',
    );
  });

  it('says why after an expired link brought the person back', async () => {
    renderProject(
      expert,
      { 'GET /api/projects/p-1': unlocked('2026-11-20T09:00:00.000Z') },
      '/projects/p-1?file=expired',
    );
    await screen.findByRole('heading', { name: 'The brief' });
    expect(
      screen.getByText('That download link has expired: download the file again from the list below.'),
    ).toBeTruthy();
  });
});

describe('who read the brief', PAGE_TEST, () => {
  const log: ConfidentialityLog = {
    acceptances: [
      {
        user: { id: 'u-2', name: 'Dana Whitfield' },
        signedName: 'Dana J. Whitfield',
        acceptedAt: '2026-11-20T09:00:00.000Z',
        ip: '10.9.8.7',
        sha256: SHA,
        current: true,
      },
      {
        user: { id: 'u-4', name: 'Lin Okafor' },
        signedName: 'Lin Okafor',
        acceptedAt: '2026-11-19T16:45:00.000Z',
        ip: '2001:db8::1',
        sha256: NEW_SHA,
        current: false,
      },
    ],
    downloads: [
      {
        user: { id: 'u-2', name: 'Dana Whitfield' },
        fileName: 'structures.pdf',
        openedAt: '2026-11-20T09:02:00.000Z',
      },
    ],
  };

  it('lists acceptances and file openings for the owner', async () => {
    renderProject(owner, {
      'GET /api/projects/p-1': unlocked(null, { isOwner: true, actions: ['edit', 'cancel'] }),
      'GET /api/projects/p-1/confidentiality-log': log,
      'GET /api/projects/p-1/matches': { matches: [] },
    });
    const section = (await screen.findByRole('heading', { name: 'Who read the brief' })).closest('section')!;
    const acceptances = await within(section).findByRole('tab', { name: 'Acceptances (2)' });
    expect(acceptances.getAttribute('aria-selected')).toBe('true');
    const rows = within(within(section).getByRole('tabpanel')).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Dana Whitfield signed as “Dana J. Whitfield”');
    expect(rows[0]!.textContent).toContain(`Accepted ${formatLocalTime('2026-11-20T09:00:00.000Z')}`);
    expect(rows[0]!.textContent).toContain('10.9.8.7');
    expect(rows[0]!.textContent).toContain('Agreement in force');
    expect(rows[1]!.textContent).toContain('An earlier version');

    fireEvent.click(within(section).getByRole('tab', { name: 'Downloads (1)' }));
    const opening = within(within(section).getByRole('tabpanel')).getByRole('listitem');
    expect(opening.textContent).toContain('Dana Whitfield downloaded structures.pdf');
    expect(opening.textContent).toContain(formatLocalTime('2026-11-20T09:02:00.000Z'));
  });

  it('says so when the record cannot be loaded', async () => {
    renderProject(owner, {
      'GET /api/projects/p-1': unlocked(null, { isOwner: true }),
      'GET /api/projects/p-1/confidentiality-log': () =>
        Response.json({ message: 'The server is busy; try again.', code: 'internal' }, { status: 503 }),
      'GET /api/projects/p-1/matches': { matches: [] },
    });
    const section = (await screen.findByRole('heading', { name: 'Who read the brief' })).closest('section')!;
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'The server is busy; try again.',
    );
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is not shown to an expert', async () => {
    renderProject(expert, { 'GET /api/projects/p-1': unlocked('2026-11-20T09:00:00.000Z') });
    await screen.findByRole('heading', { name: 'The brief' });
    expect(screen.queryByRole('heading', { name: 'Who read the brief' })).toBeNull();
  });
});
