import type { ErrorResponse, ProjectDetails, Quote } from '@sciwise/contracts';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, projectAttachments, projects, quotes } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { docxBytes, storedZip } from '../support/zip.ts';
import {
  approvedExpert,
  createProject,
  openProject,
  projectInput,
  quoteInput,
  signedInUser,
  type SignedInUser,
} from '../factories.ts';
import { call, pdfBytes, upload } from '../support/requests.ts';

let t: TestApp;
let owner: SignedInUser;
let expert: SignedInUser;
let open: ProjectDetails;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app);
  expert = await approvedExpert(t.app);
  open = await openProject(t.app, owner);
});
afterAll(() => t.close());

const message = (response: { json: <T>() => T }) => response.json<ErrorResponse>().message;
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

describe('bad amounts are refused with a readable 400 and nothing is created', () => {
  const badAmounts: [string, unknown, RegExp][] = [
    ['negative', -500, /more than zero/],
    ['zero', 0, /more than zero/],
    ['fractional', 100.5, /whole number of cents/],
    ['huge', 1e12, /at most/],
    ['not a number', '100', /must be a number/],
    ['NaN-like', null, /must be a number/],
  ];

  it.each(badAmounts)('project budget: %s', async (_name, amount, words) => {
    const before = await t.app.db.select({ n: count() }).from(projects).where(eq(projects.ownerId, owner.id));
    const response = await call(t.app, 'POST', '/api/projects', owner, {
      ...projectInput(),
      budgetMaxMinor: amount ?? 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toMatch(words);
    const after = await t.app.db.select({ n: count() }).from(projects).where(eq(projects.ownerId, owner.id));
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each(badAmounts)('quote price: %s', async (_name, amount, words) => {
    const response = await call(t.app, 'POST', `/api/projects/${open.id}/quotes`, expert, {
      ...quoteInput(),
      priceMinor: amount ?? 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toMatch(words);
  });

  it.each(badAmounts)('milestone amount: %s', async (_name, amount, words) => {
    const response = await call(t.app, 'POST', `/api/projects/${open.id}/quotes`, expert, {
      ...quoteInput(),
      milestones: [{ title: 'All of it', amountMinor: amount ?? 'x' }],
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toMatch(words);
    const [row] = await t.app.db.select({ n: count() }).from(quotes).where(eq(quotes.projectId, open.id));
    expect(row!.n).toBe(0);
  });

  it('milestones that do not add up to the price', async () => {
    const response = await call(t.app, 'POST', `/api/projects/${open.id}/quotes`, expert, {
      ...quoteInput({ priceMinor: 200_000 }),
      milestones: [
        { title: 'Plan', amountMinor: 50_000 },
        { title: 'Report', amountMinor: 149_999 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('The milestone amounts must add up to the total price.');
  });

  it('property: a quote is accepted exactly when its milestones add up to its price', async () => {
    const project = await openProject(t.app, owner);
    const amount = fc.integer({ min: 1, max: 5_000_000 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(amount, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -3, max: 3 }),
        async (parts, skew) => {
          const total = parts.reduce((a, b) => a + b, 0);
          const price = total + skew;
          const response = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, {
            ...quoteInput(),
            priceMinor: price,
            milestones: parts.map((amountMinor, n) => ({ title: `Part ${n + 1}`, amountMinor })),
          });
          if (skew === 0) {
            expect(response.statusCode, response.body).toBe(201);
            // Withdraw so the next accepted run may quote again (one live quote per expert).
            await call(t.app, 'POST', `/api/quotes/${response.json<Quote>().id}/withdraw`, expert);
          } else {
            expect(response.statusCode).toBe(400);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('edits must send the price and the milestones together, and they must add up', async () => {
    const project = await openProject(t.app, owner);
    const sent = (
      await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput())
    ).json<Quote>();
    const alone = await call(t.app, 'PATCH', `/api/quotes/${sent.id}`, expert, { priceMinor: 1000 });
    expect(alone.statusCode).toBe(400);
    expect(message(alone)).toMatch(/together with the milestones/);
    const wrong = await call(t.app, 'PATCH', `/api/quotes/${sent.id}`, expert, {
      priceMinor: 1000,
      milestones: [{ title: 'One', amountMinor: 999 }],
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('projects', () => {
  it('a deadline in the past or today is refused on save and on publish', async () => {
    for (const deadline of [yesterday(), today(), '2020-02-30']) {
      const response = await call(t.app, 'POST', '/api/projects', owner, projectInput({ deadline }));
      expect(response.statusCode, deadline).toBe(400);
    }
    expect(
      message(await call(t.app, 'POST', '/api/projects', owner, projectInput({ deadline: yesterday() }))),
    ).toBe('The deadline must be a date after today.');
  });

  it('a future date that does not exist (30 February) is refused with 400, not stored or 500', async () => {
    for (const deadline of ['2099-02-30', '2099-02-31', '2099-04-31', '2099-02-29']) {
      const response = await call(t.app, 'POST', '/api/projects', owner, projectInput({ deadline }));
      expect(response.statusCode, deadline).toBe(400);
      expect(message(response)).toBe('That deadline is not a real date.');
    }
    expect(
      (await call(t.app, 'POST', '/api/projects', owner, projectInput({ deadline: '2096-02-29' })))
        .statusCode,
    ).toBe(201);
  });

  it('minimum budget above the maximum is refused', async () => {
    const response = await call(
      t.app,
      'POST',
      '/api/projects',
      owner,
      projectInput({ budgetMinMinor: 5000, budgetMaxMinor: 4000 }),
    );
    expect(response.statusCode).toBe(400);
    expect(message(response)).toMatch(/minimum budget must not be more than the maximum/);
  });

  it('an incomplete draft cannot be published and says what is missing', async () => {
    const draft = (
      await call(t.app, 'POST', '/api/projects', owner, { title: 'Short' })
    ).json<ProjectDetails>();
    expect(draft.viewer.missing.map((m) => m.field)).toEqual([
      'title',
      'description',
      'category',
      'subjects',
      'budget',
    ]);
    const response = await call(t.app, 'POST', `/api/projects/${draft.id}/publish`, owner);
    expect(response.statusCode).toBe(400);
    expect(message(response)).toMatch(/not ready yet/);
    expect(response.json<ErrorResponse>().details?.length).toBe(5);
  });

  it('unknown fields, control characters and a wrong visibility are refused', async () => {
    for (const body of [
      { ...projectInput(), budget: 5 },
      { ...projectInput(), title: 'Bad\u0007title here' },
      { ...projectInput(), visibility: 'secret' },
      { ...projectInput(), subjects: Array.from({ length: 11 }, (_, n) => `Subject ${n}`) },
    ]) {
      const response = await call(t.app, 'POST', '/api/projects', owner, body);
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBeTruthy();
    }
  });
});

describe('quoting rules', () => {
  it('quoting on your own project, twice, on a closed project, or as a non-expert is refused', async () => {
    const ownerExpert = await approvedExpert(t.app);
    const mine = await openProject(t.app, ownerExpert);
    const own = await call(t.app, 'POST', `/api/projects/${mine.id}/quotes`, ownerExpert, quoteInput());
    expect(own.statusCode).toBe(403);
    expect(message(own)).toBe('You cannot send a quote for your own project.');

    const project = await openProject(t.app, owner);
    const quoter = await approvedExpert(t.app);
    expect(
      (await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, quoter, quoteInput())).statusCode,
    ).toBe(201);
    const twice = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, quoter, quoteInput());
    expect(twice.statusCode).toBe(409);

    const client = await signedInUser(t.app);
    const notExpert = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, client, quoteInput());
    expect(notExpert.statusCode).toBe(403);
    expect(message(notExpert)).toMatch(/Only approved experts/);

    const closed = await openProject(t.app, owner);
    await call(t.app, 'POST', `/api/projects/${closed.id}/cancel`, owner);
    const late = await call(t.app, 'POST', `/api/projects/${closed.id}/quotes`, quoter, quoteInput());
    expect(late.statusCode).toBe(409);
    expect(message(late)).toMatch(/cancelled/);

    const draft = await createProject(t.app, owner);
    expect(
      (await call(t.app, 'POST', `/api/projects/${draft.id}/quotes`, quoter, quoteInput())).statusCode,
    ).toBe(404);
    const [made] = await t.app.db
      .select({ n: count() })
      .from(contracts)
      .where(eq(contracts.projectId, project.id));
    expect(made!.n).toBe(0);
  });
});

describe('attachments', () => {
  const attachmentCount = async (projectId: string) =>
    (
      await t.app.db
        .select({ n: count() })
        .from(projectAttachments)
        .where(eq(projectAttachments.projectId, projectId))
    )[0]!.n;

  it('stores a real PDF and serves it back as a download', async () => {
    const draft = await createProject(t.app, owner);
    const response = await upload(t.app, owner, draft.id, 'Brief (v2).pdf', pdfBytes());
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const download = await call(t.app, 'GET', `/api/projects/${draft.id}/attachments/${id}`, owner);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Brief%20(v2).pdf");
    expect(download.rawPayload.equals(pdfBytes())).toBe(true);
  });

  it('stores a real Word document with its type', async () => {
    const draft = await createProject(t.app, owner);
    const response = await upload(t.app, owner, draft.id, 'Method.docx', docxBytes('Sampling plan'));
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const download = await call(t.app, 'GET', `/api/projects/${draft.id}/attachments/${id}`, owner);
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(download.rawPayload.equals(docxBytes('Sampling plan'))).toBe(true);
  });

  it('refuses a 50 MB file with 413 and stores nothing', async () => {
    const draft = await createProject(t.app, owner);
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(50 * 1024 * 1024, 0x20)]);
    const response = await upload(t.app, owner, draft.id, 'huge.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(message(response)).toMatch(/at most 20 MB/);
    expect(await attachmentCount(draft.id)).toBe(0);
  });

  it('refuses an executable renamed .pdf, and other disguises, with 415', async () => {
    const draft = await createProject(t.app, owner);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200, 2)]);
    for (const [name, data] of [
      ['report.pdf', exe],
      ['data.csv', elf],
      ['photo.png', pdfBytes()],
      ['setup.exe', exe],
      ['letter.docx', Buffer.from('PK\x03\x04 not really a document', 'latin1')],
      ['notes.docx', storedZip({ 'word/readme.txt': 'a zip that only has a folder named word' })],
    ] as const) {
      const response = await upload(t.app, owner, draft.id, name, data);
      expect(response.statusCode, name).toBe(415);
      expect(message(response)).toMatch(/does not match its name/);
    }
    expect(await attachmentCount(draft.id)).toBe(0);
  });

  it('a malformed or cut-off multipart body is a 400 and stores nothing', async () => {
    const draft = await createProject(t.app, owner);
    const part = `Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 cut off`;
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=xyz', 'not multipart at all'],
      ['multipart/form-data', 'no boundary given'],
      ['multipart/form-data; boundary=xyz', `--xyz\r\n${part}`],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${draft.id}/attachments`,
        headers: { ...owner.headers, 'content-type': contentType! },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(message(response)).toMatch(/incomplete or malformed/);
    }
    expect(await attachmentCount(draft.id)).toBe(0);
  });

  it('only the owner attaches, and only while the project is a draft or open', async () => {
    const project = await openProject(t.app, owner);
    expect((await upload(t.app, expert, project.id, 'x.pdf', pdfBytes())).statusCode).toBe(403);
    expect((await upload(t.app, null, project.id, 'x.pdf', pdfBytes())).statusCode).toBe(401);
    await call(t.app, 'POST', `/api/projects/${project.id}/cancel`, owner);
    expect((await upload(t.app, owner, project.id, 'x.pdf', pdfBytes())).statusCode).toBe(409);
  });
});
