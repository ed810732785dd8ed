import { createHash } from 'node:crypto';
import {
  DOWNLOAD_LINK_TTL_SECONDS,
  type ConfidentialityLog,
  type DownloadLink,
  type NdaDocument,
  type ProjectDetails,
  type ProjectListResponse,
  type ProjectView,
} from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.ts';
import { call, multipartFile, pdfBytes, upload, type Who } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  adminUser,
  approvedExpert,
  openProject,
  quoteInput,
  signedInUser,
  uniqueWord,
  type SignedInUser,
} from '../factories.ts';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  t = await createTestApp({ overrides: { clock } });
});
afterAll(() => t.close());

const ACCEPT_FIRST =
  'Accept the project’s confidentiality agreement first: the brief and its files are confidential.';
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const refusal = (response: Awaited<ReturnType<typeof call>>) => response.json<{ message: string }>().message;

async function view(who: Who, id: string): Promise<ProjectView> {
  const response = await call(t.app, 'GET', `/api/projects/${id}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProjectView>();
}

async function agreement(who: SignedInUser, id: string): Promise<NdaDocument> {
  const response = await call(t.app, 'GET', `/api/projects/${id}/nda`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NdaDocument>();
}

const accept = (who: SignedInUser, id: string, hash: string, signedName = 'Ada Expert') =>
  call(t.app, 'POST', `/api/projects/${id}/nda/accept`, who, { signedName, sha256: hash });

const askLink = (who: SignedInUser, id: string, attachmentId: string) =>
  call(t.app, 'POST', `/api/projects/${id}/attachments/${attachmentId}/link`, who);

const open = (app: FastifyInstance, who: SignedInUser, url: string) =>
  app.inject({ method: 'GET', url, headers: who.headers });

/** A published project that requires the standard agreement, with one attached PDF. */
async function confidentialProject(owner: SignedInUser) {
  const secret = uniqueWord();
  const project = await openProject(t.app, owner, {
    description: `The assay targets the ${secret} pathway; the compound structures are in the attached file and must not leave the team.`,
    ndaMode: 'standard',
  });
  const attached = await upload(t.app, owner, project.id, 'structures.pdf', pdfBytes());
  expect(attached.statusCode, attached.body).toBe(201);
  return { project, secret, attachmentId: attached.json<{ id: string }>().id };
}

describe('who reads a confidential brief', () => {
  it('without acceptance an expert sees the summary only and cannot quote or open files; after it, everything', async () => {
    const owner = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const admin = await adminUser(t.app);
    const { project, secret, attachmentId } = await confidentialProject(owner);

    // The owner and administrators always read it.
    for (const who of [owner, admin]) {
      const details = (await view(who, project.id)).details!;
      expect(details.description).toContain(secret);
      expect(details.attachments).toHaveLength(1);
      expect(details.confidentiality).toMatchObject({ mode: 'standard', unlocked: true });
    }

    // An expert who has not accepted: the summary, the agreement to read, nothing else.
    const locked = (await view(expert, project.id)).details!;
    expect(locked.title).toBe(project.title);
    expect(locked.description).toBe('');
    expect(locked.attachments).toEqual([]);
    expect(locked.confidentiality).toMatchObject({ mode: 'standard', unlocked: false, acceptedAt: null });
    expect(locked.viewer.actions).toContain('accept_nda');
    expect(locked.viewer.actions).not.toContain('quote');
    const lockedBody = (await call(t.app, 'GET', `/api/projects/${project.id}`, expert)).body;
    expect(lockedBody).not.toContain(secret);
    const quoted = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput());
    expect(quoted.statusCode).toBe(403);
    expect(refusal(quoted)).toBe(ACCEPT_FIRST);
    for (const refused of [
      await call(t.app, 'GET', `/api/projects/${project.id}/attachments/${attachmentId}`, expert),
      await askLink(expert, project.id, attachmentId),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refusal(refused)).toBe(ACCEPT_FIRST);
    }
    // Visitors still see only the public summary, as for every project.
    expect((await view(null, project.id)).details).toBeNull();

    // Accepting the agreement as shown opens the brief.
    const document = await agreement(expert, project.id);
    expect(document.mode).toBe('standard');
    expect(document.text).toMatch(/^Sciwise standard confidentiality agreement/);
    expect(document.sha256).toBe(sha256(document.text!));
    expect(document.acceptance).toBeNull();
    const accepted = await accept(expert, project.id, document.sha256);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const unlocked = accepted.json<ProjectDetails>();
    expect(unlocked.description).toContain(secret);
    expect(unlocked.attachments).toHaveLength(1);
    expect(unlocked.confidentiality?.unlocked).toBe(true);
    expect(unlocked.viewer.actions).toContain('quote');
    expect((await agreement(expert, project.id)).acceptance).toMatchObject({ signedName: 'Ada Expert' });
    const sent = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput());
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('lists and searches a confidential project without giving its brief away', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const { project, secret } = await confidentialProject(owner);
    const search = async (q: string) => {
      const response = await call(t.app, 'GET', `/api/projects?q=${encodeURIComponent(q)}`, member);
      return response.json<ProjectListResponse>().projects;
    };
    // A word only in the confidential description finds nothing: no probing the brief by search.
    expect(await search(secret)).toEqual([]);
    const [listed] = (await search(project.title)).filter((item) => item.id === project.id);
    expect(listed).toMatchObject({ confidential: true, excerpt: '' });
  });

  it('records the acceptance as evidence, and refuses an agreement other than the one in force', async () => {
    const owner = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const { project } = await confidentialProject(owner);
    const { sha256: hash } = await agreement(expert, project.id);

    const stale = await accept(expert, project.id, sha256('an older agreement'));
    expect(stale.statusCode).toBe(409);
    expect(refusal(stale)).toMatch(/changed the agreement while you were reading it/);
    const unsigned = await accept(expert, project.id, hash, ' ');
    expect(unsigned.statusCode).toBe(400);
    expect(refusal(unsigned)).toMatch(/Type your full name to sign the agreement\./);
    const own = await accept(owner, project.id, hash);
    expect(own.statusCode).toBe(403);

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/nda/accept`,
      headers: { ...expert.headers, 'user-agent': 'ConfidentialityTest/1.0' },
      payload: { signedName: 'Ada Lovelace', sha256: hash },
      remoteAddress: '10.9.8.7',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const log = await call(t.app, 'GET', `/api/projects/${project.id}/confidentiality-log`, owner);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<ConfidentialityLog>().acceptances).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: expert.id }) as object,
        signedName: 'Ada Lovelace',
        ip: '10.9.8.7',
        sha256: hash,
        current: true,
      }),
    ]);
    // The record is evidence: the database refuses to change it.
    // Drizzle wraps the database's refusal; the trigger's words are in its cause.
    const edit = t.app.db.execute(
      sql`update nda_acceptances set signed_name = 'Someone else' where project_id = ${project.id}::uuid`,
    );
    expect(
      await edit.then(
        () => 'updated',
        (error: unknown) => String((error as { cause?: unknown }).cause),
      ),
    ).toMatch(/nda_acceptances is append-only: UPDATE refused/);
    const notOwner = await call(t.app, 'GET', `/api/projects/${project.id}/confidentiality-log`, expert);
    expect(notOwner.statusCode).toBe(403);
  });

  it('the client’s own PDF replaces the standard text; experts who accepted the old one accept again', async () => {
    const owner = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const { project } = await confidentialProject(owner);
    expect((await accept(expert, project.id, (await agreement(expert, project.id)).sha256)).statusCode).toBe(
      200,
    );

    const notPdf = multipartFile('terms.csv', Buffer.from('a,b\n1,2\n'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/nda`,
      headers: { ...owner.headers, ...notPdf.headers },
      payload: notPdf.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refusal(refused)).toBe('Upload your agreement as a PDF file.');

    const pdf = Buffer.concat([pdfBytes(), Buffer.from(`% ${uniqueWord()}\n`)]);
    const body = multipartFile('our-nda.pdf', pdf);
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/nda`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<ProjectDetails>().confidentiality).toMatchObject({
      mode: 'custom',
      sha256: sha256(pdf),
    });

    // Locked again until the new agreement is accepted; the PDF itself can be read first.
    expect((await view(expert, project.id)).details!.confidentiality).toMatchObject({ unlocked: false });
    const document = await agreement(expert, project.id);
    expect(document).toMatchObject({ mode: 'custom', text: null, sha256: sha256(pdf), acceptance: null });
    const file = await open(t.app, expert, document.file!.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await accept(expert, project.id, document.sha256)).statusCode).toBe(200);
    expect((await view(expert, project.id)).details!.confidentiality).toMatchObject({ unlocked: true });

    // Going back to the standard agreement lets the PDF go; the standard text's hash is in force.
    const standard = await call(t.app, 'PATCH', `/api/projects/${project.id}`, owner, {
      ndaMode: 'standard',
    });
    expect(standard.json<ProjectDetails>().confidentiality?.mode).toBe('standard');
    expect((await call(t.app, 'GET', document.file!.url, expert)).statusCode).toBe(404);
  });
});

describe('the files of a confidential project', () => {
  it('open through one-time links that expire, and every opening is in the owner’s log', async () => {
    const owner = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const other = await approvedExpert(t.app);
    const { project, attachmentId } = await confidentialProject(owner);
    expect((await accept(expert, project.id, (await agreement(expert, project.id)).sha256)).statusCode).toBe(
      200,
    );

    // The direct route is closed for confidential files, even to those who may read them.
    const direct = await call(
      t.app,
      'GET',
      `/api/projects/${project.id}/attachments/${attachmentId}`,
      expert,
    );
    expect(direct.statusCode).toBe(403);

    const first = (await askLink(expert, project.id, attachmentId)).json<DownloadLink>();
    expect(Date.parse(first.expiresAt) - clock.now().getTime()).toBe(DOWNLOAD_LINK_TTL_SECONDS * 1000);
    // Someone else holding the link gets nothing.
    expect((await open(t.app, other, first.url)).statusCode).toBe(404);
    const downloaded = await open(t.app, expert, first.url);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(pdfBytes())).toBe(true);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment;.*structures\.pdf/);
    expect(downloaded.headers['cache-control']).toBe('private, no-store');
    // Once only: the second opening goes back to the project page, which says why.
    const reused = await open(t.app, expert, first.url);
    expect(reused.statusCode).toBe(303);
    expect(reused.headers.location).toBe(`/projects/${project.id}?file=used`);

    const second = (await askLink(expert, project.id, attachmentId)).json<DownloadLink>();
    expect((await open(t.app, expert, second.url)).statusCode).toBe(200);
    const late = (await askLink(owner, project.id, attachmentId)).json<DownloadLink>();
    clock.advance(DOWNLOAD_LINK_TTL_SECONDS * 1000 + 1);
    const expired = await open(t.app, owner, late.url);
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toBe(`/projects/${project.id}?file=expired`);
    expect(expired.rawPayload.length).toBe(0);

    const log = (
      await call(t.app, 'GET', `/api/projects/${project.id}/confidentiality-log`, owner)
    ).json<ConfidentialityLog>();
    // Two openings, both by the expert; the expired link and the refused ones opened nothing.
    expect(log.downloads).toHaveLength(2);
    for (const entry of log.downloads)
      expect(entry).toMatchObject({ user: { id: expert.id }, fileName: 'structures.pdf' });
  });

  it('a project without an agreement keeps its direct downloads and has no agreement to accept', async () => {
    const owner = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const project = await openProject(t.app, owner);
    const attached = await upload(t.app, owner, project.id, 'plan.pdf', pdfBytes());
    const id = attached.json<{ id: string }>().id;
    expect((await view(expert, project.id)).details!.confidentiality).toBeNull();
    const file = await call(t.app, 'GET', `/api/projects/${project.id}/attachments/${id}`, expert);
    expect(file.statusCode).toBe(200);
    const none = await call(t.app, 'GET', `/api/projects/${project.id}/nda`, expert);
    expect(none.statusCode).toBe(404);
    expect(refusal(none)).toBe('This project has no confidentiality agreement.');
  });
});
