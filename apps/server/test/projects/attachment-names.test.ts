import { UNSAFE_TEXT_CHARS, type ProjectDetails } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAttachments } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createProject, type SignedInUser, signedInUser } from '../factories.ts';
import { call, pdfBytes, upload } from '../support/requests.ts';

/*
 * A right-to-left override makes "invoice\u202Efdp.exe" display as "invoiceexe.pdf" ("Trojan
 * Source"). Upload names are kept for people to read, so the stored and served name must hold
 * no bidi or control characters, and the download header must stay one well-formed header.
 */

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app);
});
afterAll(() => t.close());

describe('attachment names', () => {
  it.each([
    ['a right-to-left override', 'report\u202Etxt.pdf', 'reporttxt.pdf'],
    ['isolates and embeddings', '\u2067budget\u2069 \u202Bplan\u202C.pdf', 'budget plan.pdf'],
    ['C1 controls', 'notes\u0085\u009b.pdf', 'notes.pdf'],
    ['a tab and folders', 'C:\\Users\\ada/My\tBrief.pdf', 'My Brief.pdf'],
  ])('%s: stored, listed and served without them', async (_case, sent, shown) => {
    const draft = await createProject(t.app, owner);
    const response = await upload(t.app, owner, draft.id, sent, pdfBytes());
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();

    const [row] = await t.app.db.select().from(projectAttachments).where(eq(projectAttachments.id, id));
    expect(row!.fileName).toBe(shown);
    const details = (await call(t.app, 'GET', `/api/projects/${draft.id}`, owner)).json<{
      details: ProjectDetails;
    }>().details;
    expect(details.attachments.map((a) => a.fileName)).toEqual([shown]);

    const download = await call(t.app, 'GET', `/api/projects/${draft.id}/attachments/${id}`, owner);
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(shown)}`);
    expect(decodeURIComponent(disposition.split("''")[1]!)).not.toMatch(UNSAFE_TEXT_CHARS);
  });

  it('a name that is nothing but such characters becomes attachment.pdf', async () => {
    const draft = await createProject(t.app, owner);
    const response = await upload(t.app, owner, draft.id, '\u202E\u202E.pdf', pdfBytes());
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await t.app.db.select().from(projectAttachments).where(eq(projectAttachments.id, id));
    expect(row!.fileName).toBe('attachment.pdf');
  });
});
