import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshSubjectCatalogue } from '../../src/db/seed/experts.ts';
import { forgetSubjectsMeant, subjectsMeant } from '../../src/modules/experts/subjects-meant.ts';
import { adminUser, makeExperts, type SignedInUser, uniqueWord } from '../factories.ts';
import { call, search } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t.app);
  await refreshSubjectCatalogue(t.app.db);
});
afterAll(() => t.close());

describe('the subjects a search means', () => {
  it('asks the database once a minute per query, and again once the catalogue has grown', async () => {
    const asked = vi.spyOn(t.app.db, 'select');
    const at = Date.now();
    try {
      expect(await subjectsMeant(t.app.db, 'bioinformatcs', at)).toEqual(['Bioinformatics']);
      expect(await subjectsMeant(t.app.db, 'bioinformatcs', at + 59_000)).toEqual(['Bioinformatics']);
      expect(asked).toHaveBeenCalledTimes(1);

      expect(await subjectsMeant(t.app.db, 'epidemology', at)).toEqual(['Epidemiology']);
      expect(asked).toHaveBeenCalledTimes(2);

      expect(await subjectsMeant(t.app.db, 'bioinformatcs', at + 61_000)).toEqual(['Bioinformatics']);
      expect(asked).toHaveBeenCalledTimes(3);

      forgetSubjectsMeant();
      await subjectsMeant(t.app.db, 'bioinformatcs', at + 62_000);
      expect(asked).toHaveBeenCalledTimes(4);
    } finally {
      asked.mockRestore();
    }
  });

  it('a subject an approval brings is meant by its misspelling at once, though that was searched before', async () => {
    const word = uniqueWord();
    const subject = `${word[0]!.toUpperCase()}${word.slice(1)} spectroscopy`;
    const typo = `${word} spectrscopy`;
    const [applicant] = await makeExperts(t.app.db, [{ subjects: [subject], status: 'submitted' }]);
    const before = await search(t.app, { q: typo });
    expect(before.body.matchedSubjects).toEqual([]);

    const approved = await call(
      t.app,
      'POST',
      `/api/admin/expert-applications/${applicant!.id}/approve`,
      admin,
    );
    expect(approved.statusCode).toBe(200);

    const after = await search(t.app, { q: typo });
    expect(after.body.matchedSubjects).toEqual([subject]);
    expect(after.body.experts.map((expert) => expert.slug)).toEqual([applicant!.slug]);
  });
});
