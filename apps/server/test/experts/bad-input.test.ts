import type { ErrorResponse, ExpertSearchResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSubjectCatalogue } from '../../src/db/seed/experts.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeExperts } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await refreshSubjectCatalogue(t.app.db);
  await makeExperts(t.app.db, [{ subjects: ['Bioinformatics'] }, { subjects: ['Food science'] }]);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('hostile or broken input to the public search', () => {
  it('answers 400 with a message naming the problem', async () => {
    const cases: [string, RegExp][] = [
      [`q=${'a'.repeat(10 * 1024)}`, /at most 200 characters/],
      ['limit=0', /limit/],
      ['limit=-5', /limit/],
      ['limit=51', /limit/],
      ['limit=99999999999999999999', /limit/],
      ['limit=ten', /limit/],
      ['sort=cheapest', /sort must be one of/],
      ['category=wizards', /category must be one of/],
      ['country=Narnia', /country/],
      ['minRate=-1', /minRate/],
      ['minRate=50&maxRate=10', /minRate must not be greater than maxRate/],
      ['minRating=6', /minRating/],
      ['availability=sometimes', /availability/],
      ['subject=Data%20Analysis!', /subject slug/],
      ['colour=blue', /Unknown field/],
      ['q=a&q=b', /q/],
      [`cursor=${'x'.repeat(400)}`, /page link/],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/experts?${query}`);
      expect(response.statusCode, query.slice(0, 60)).toBe(400);
      const body = response.json<ErrorResponse>();
      expect(body.code).toBe('invalid_input');
      expect(body.message, query.slice(0, 60)).toMatch(message);
    }
  });

  it('treats operators, punctuation, unicode and control characters as text: 200 with honest results, never 5xx', async () => {
    const queries = [
      `&|!():*<>'"\\`,
      'bioinformatics & !',
      '"unterminated quote',
      '!!!(((',
      'a:* | b:*',
      "'; drop table users; --",
      '%_\\%',
      'the and of',
      '生物信息学',
      'Ünïcödé façade 😀',
      '\u0000\u0001bioinformatics',
      'OR AND NOT -',
      'x'.repeat(200),
    ];
    for (const q of queries) {
      const response = await get(`/api/experts?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, JSON.stringify(q)).toBe(200);
      expect(Array.isArray(response.json<ExpertSearchResponse>().experts)).toBe(true);
    }
    // A lone surrogate, percent-encoded as a browser never would.
    expect((await get('/api/experts?q=%ED%A0%80')).statusCode).toBe(200);
    const found = await get(`/api/experts?q=${encodeURIComponent('\u0000bioinformatics!!')}`);
    expect(found.json<ExpertSearchResponse>().experts.length).toBeGreaterThan(0);
  });

  it('keeps subject suggestions and profile lookups safe too', async () => {
    for (const prefix of ['%', '_', '\\', `&|!():*<>'"`, '生物', '\u0000']) {
      expect((await get(`/api/subjects?prefix=${encodeURIComponent(prefix)}`)).statusCode, prefix).toBe(200);
    }
    expect((await get(`/api/subjects?prefix=${'b'.repeat(61)}`)).statusCode).toBe(400);
    expect((await get('/api/subjects?limit=501')).statusCode).toBe(400);
    expect((await get('/api/subjects?limit=0')).statusCode).toBe(400);
    expect((await get(`/api/experts/${'a'.repeat(150)}`)).statusCode).toBe(400);
    expect((await get(`/api/experts/${encodeURIComponent("x'; select 1")}`)).statusCode).toBe(400);
    expect((await get('/api/experts/UPPER-case')).statusCode).toBe(400);
  });
});
