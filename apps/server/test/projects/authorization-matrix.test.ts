import type { AcceptQuoteResponse, Attachment, Invitation, ProjectView, Quote } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMatrix } from '../support/authorization-table.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  adminUser,
  approvedExpert,
  createProject,
  openProject,
  projectInput,
  quoteInput,
  signedInUser,
  type SignedInUser,
} from '../factories.ts';
import { call, pdfBytes, upload, type Who } from '../support/requests.ts';

/**
 * Every project, invitation, quote and contract call against every kind of person:
 * anonymous, the owner, another client, the invited expert, another (approved) expert, an admin.
 * Each call runs on a fresh fixture, so a success of one role never changes what the next sees.
 */
type Role = 'anonymous' | 'owner' | 'otherClient' | 'invited' | 'otherExpert' | 'admin';
const roles: Role[] = ['anonymous', 'owner', 'otherClient', 'invited', 'otherExpert', 'admin'];

let t: TestApp;
let people: Record<Role, Who>;
beforeAll(async () => {
  t = await createTestApp();
  people = {
    anonymous: null,
    owner: await signedInUser(t.app),
    otherClient: await signedInUser(t.app),
    invited: await approvedExpert(t.app),
    otherExpert: await approvedExpert(t.app),
    admin: await adminUser(t.app),
  };
});
afterAll(() => t.close());

interface Fixture {
  projectId: string;
  invitationId: string;
  quoteId: string | null;
  contractId: string | null;
  attachmentId: string | null;
}

type Setup = 'invite_only' | 'public' | 'draft';
interface FixtureOptions {
  setup?: Setup;
  quote?: boolean;
  accepted?: boolean;
  attachment?: boolean;
}

async function fixture(options: FixtureOptions): Promise<Fixture> {
  const owner = people.owner as SignedInUser;
  const setup = options.setup ?? 'invite_only';
  const visibility = setup === 'public' ? 'public' : 'invite_only';
  const project =
    setup === 'draft'
      ? await createProject(t.app, owner, { visibility })
      : await openProject(t.app, owner, { visibility });
  let attachmentId: string | null = null;
  if (options.attachment) {
    const response = await upload(t.app, owner, project.id, 'brief.pdf', pdfBytes());
    expect(response.statusCode, response.body).toBe(201);
    attachmentId = response.json<Attachment>().id;
  }
  if (setup === 'draft')
    return { projectId: project.id, invitationId: '', quoteId: null, contractId: null, attachmentId };
  const invitation = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
    expertId: (people.invited as SignedInUser).id,
  });
  expect(invitation.statusCode, invitation.body).toBe(201);
  let quoteId: string | null = null;
  let contractId: string | null = null;
  if (options.quote || options.accepted) {
    const quote = await call(
      t.app,
      'POST',
      `/api/projects/${project.id}/quotes`,
      people.invited,
      quoteInput(),
    );
    expect(quote.statusCode, quote.body).toBe(201);
    quoteId = quote.json<Quote>().id;
  }
  if (options.accepted) {
    const accepted = await call(t.app, 'POST', `/api/quotes/${quoteId}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    contractId = accepted.json<AcceptQuoteResponse>().contractId;
  }
  return {
    projectId: project.id,
    invitationId: invitation.json<Invitation>().id,
    quoteId,
    contractId,
    attachmentId,
  };
}

interface Row {
  name: string;
  options?: FixtureOptions;
  request: (f: Fixture) => {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: string;
    body?: object;
    /** Sent as a multipart upload of a small PDF instead of JSON. */
    file?: true;
  };
  expected: Record<Role, number>;
}

const expect6 = (
  anonymous: number,
  owner: number,
  otherClient: number,
  invited: number,
  otherExpert: number,
  admin: number,
): Record<Role, number> => ({ anonymous, owner, otherClient, invited, otherExpert, admin });

const rows: Row[] = [
  {
    name: 'POST a new project',
    request: () => ({ method: 'POST', url: '/api/projects', body: projectInput() }),
    expected: expect6(401, 201, 201, 201, 201, 201),
  },
  {
    name: 'upload an attachment',
    request: (f) => ({ method: 'POST', url: `/api/projects/${f.projectId}/attachments`, file: true }),
    expected: expect6(401, 201, 404, 403, 404, 403),
  },
  {
    name: 'GET an invite-only project',
    request: (f) => ({ method: 'GET', url: `/api/projects/${f.projectId}` }),
    expected: expect6(404, 200, 404, 200, 404, 200),
  },
  {
    name: 'GET a public project (summary for anonymous)',
    options: { setup: 'public' },
    request: (f) => ({ method: 'GET', url: `/api/projects/${f.projectId}` }),
    expected: expect6(200, 200, 200, 200, 200, 200),
  },
  {
    name: 'GET a draft',
    options: { setup: 'draft' },
    request: (f) => ({ method: 'GET', url: `/api/projects/${f.projectId}` }),
    expected: expect6(404, 200, 404, 404, 404, 200),
  },
  {
    name: 'PATCH a project',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/projects/${f.projectId}`,
      body: { title: 'A better title for it' },
    }),
    expected: expect6(401, 200, 404, 403, 404, 403),
  },
  {
    name: 'PATCH a public project',
    options: { setup: 'public' },
    request: (f) => ({
      method: 'PATCH',
      url: `/api/projects/${f.projectId}`,
      body: { title: 'A better title for it' },
    }),
    expected: expect6(401, 200, 403, 403, 403, 403),
  },
  {
    name: 'publish a draft',
    options: { setup: 'draft' },
    request: (f) => ({ method: 'POST', url: `/api/projects/${f.projectId}/publish` }),
    expected: expect6(401, 200, 404, 404, 404, 403),
  },
  {
    name: 'cancel a project',
    request: (f) => ({ method: 'POST', url: `/api/projects/${f.projectId}/cancel` }),
    expected: expect6(401, 200, 404, 403, 404, 200),
  },
  {
    name: 'GET matches',
    request: (f) => ({ method: 'GET', url: `/api/projects/${f.projectId}/matches` }),
    expected: expect6(401, 200, 404, 403, 404, 403),
  },
  {
    name: 'invite an expert',
    request: (f) => ({
      method: 'POST',
      url: `/api/projects/${f.projectId}/invitations`,
      body: { expertId: (people.otherExpert as SignedInUser).id },
    }),
    expected: expect6(401, 201, 404, 403, 404, 403),
  },
  {
    name: "GET a project's invitations",
    request: (f) => ({ method: 'GET', url: `/api/projects/${f.projectId}/invitations` }),
    expected: expect6(401, 200, 404, 403, 404, 403),
  },
  {
    name: 'accept an invitation',
    request: (f) => ({ method: 'POST', url: `/api/invitations/${f.invitationId}/accept` }),
    expected: expect6(401, 404, 404, 200, 404, 404),
  },
  {
    name: 'decline an invitation',
    request: (f) => ({
      method: 'POST',
      url: `/api/invitations/${f.invitationId}/decline`,
      body: { reason: 'Too busy' },
    }),
    expected: expect6(401, 404, 404, 200, 404, 404),
  },
  {
    name: 'send a quote',
    request: (f) => ({ method: 'POST', url: `/api/projects/${f.projectId}/quotes`, body: quoteInput() }),
    expected: expect6(401, 403, 404, 201, 404, 403),
  },
  {
    name: 'send a quote on a public project',
    options: { setup: 'public' },
    request: (f) => ({ method: 'POST', url: `/api/projects/${f.projectId}/quotes`, body: quoteInput() }),
    expected: expect6(401, 403, 403, 201, 201, 403),
  },
  {
    name: "GET a project's quotes",
    options: { quote: true },
    request: (f) => ({ method: 'GET', url: `/api/projects/${f.projectId}/quotes` }),
    expected: expect6(401, 200, 404, 403, 404, 200),
  },
  {
    name: 'edit a quote',
    options: { quote: true },
    request: (f) => ({ method: 'PATCH', url: `/api/quotes/${f.quoteId}`, body: { durationDays: 30 } }),
    expected: expect6(401, 403, 404, 200, 404, 404),
  },
  {
    name: 'withdraw a quote',
    options: { quote: true },
    request: (f) => ({ method: 'POST', url: `/api/quotes/${f.quoteId}/withdraw` }),
    expected: expect6(401, 403, 404, 200, 404, 404),
  },
  {
    name: 'decline a quote',
    options: { quote: true },
    request: (f) => ({
      method: 'POST',
      url: `/api/quotes/${f.quoteId}/decline`,
      body: { reason: 'Over our budget' },
    }),
    expected: expect6(401, 200, 404, 403, 404, 404),
  },
  {
    name: 'accept a quote',
    options: { quote: true },
    request: (f) => ({ method: 'POST', url: `/api/quotes/${f.quoteId}/accept` }),
    expected: expect6(401, 200, 404, 403, 404, 404),
  },
  {
    name: 'GET a contract',
    options: { accepted: true },
    request: (f) => ({ method: 'GET', url: `/api/contracts/${f.contractId}` }),
    expected: expect6(401, 200, 404, 200, 404, 200),
  },
  {
    name: 'download an attachment of an invite-only project',
    options: { attachment: true },
    request: (f) => ({ method: 'GET', url: `/api/projects/${f.projectId}/attachments/${f.attachmentId}` }),
    expected: expect6(401, 200, 404, 200, 404, 200),
  },
  {
    name: 'download an attachment of a public project',
    options: { setup: 'public', attachment: true },
    request: (f) => ({ method: 'GET', url: `/api/projects/${f.projectId}/attachments/${f.attachmentId}` }),
    expected: expect6(401, 200, 200, 200, 200, 200),
  },
  {
    name: 'remove an attachment',
    options: { attachment: true },
    request: (f) => ({ method: 'DELETE', url: `/api/projects/${f.projectId}/attachments/${f.attachmentId}` }),
    expected: expect6(401, 204, 404, 403, 404, 403),
  },
];

const ownLists = [
  '/api/projects/mine',
  '/api/projects/browse',
  '/api/quotes/mine',
  '/api/quotes/received',
  '/api/invitations',
  '/api/contracts',
];

describe('route x role x ownership', () => {
  testMatrix<Role, Fixture>({
    roles,
    fixture: () => fixture({}),
    rows: rows.map((row) => ({
      action: row.name,
      expected: row.expected,
      fixture: () => fixture(row.options ?? {}),
      async attempt(f, role) {
        const { method, url, body, file } = row.request(f);
        const response = file
          ? await upload(t.app, people[role], f.projectId, 'brief.pdf', pdfBytes())
          : await call(t.app, method, url, people[role], body);
        if (response.statusCode >= 400) expect(response.json<{ message: string }>().message).toBeTruthy();
        return response.statusCode;
      },
    })),
  });

  it('anonymous visitors see only the summary of a public project', async () => {
    const f = await fixture({ setup: 'public' });
    const view = (await call(t.app, 'GET', `/api/projects/${f.projectId}`, null)).json<ProjectView>();
    expect(view.details).toBeNull();
    expect(Object.keys(view.summary).sort()).toEqual(['budget', 'category', 'id', 'publishedAt', 'title']);
    const signedIn = (
      await call(t.app, 'GET', `/api/projects/${f.projectId}`, people.otherClient)
    ).json<ProjectView>();
    expect(signedIn.details?.description).toContain('biostatistician');
  });

  it('personal lists: 401 signed out, 200 for everyone signed in', async () => {
    for (const url of ownLists) {
      for (const role of roles) {
        const response = await call(t.app, 'GET', url, people[role]);
        expect(response.statusCode, `${role} ${url}`).toBe(role === 'anonymous' ? 401 : 200);
      }
    }
  });

  it('public list: open to everyone, never lists invite-only projects or drafts', async () => {
    const hidden = await fixture({});
    const draft = await fixture({ setup: 'draft' });
    const shown = await fixture({ setup: 'public' });
    for (const role of roles) {
      const response = await call(t.app, 'GET', '/api/projects?limit=50', people[role]);
      expect(response.statusCode).toBe(200);
      const ids = response.json<{ projects: { id: string }[] }>().projects.map((p) => p.id);
      expect(ids).toContain(shown.projectId);
      expect(ids).not.toContain(hidden.projectId);
      expect(ids).not.toContain(draft.projectId);
    }
  });
});
