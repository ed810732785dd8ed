import { currentUserSchema } from '@sciwise/contracts';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from '../../src/http/response-serializer.ts';

/*
 * Answers are written from the contract's schema compiled to JSON Schema. What a person would
 * check: nothing the schema does not declare leaves the server, and the answer reads back as the
 * contract says.
 */
function appWith(checkAnswers: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checkAnswers }));
  return app;
}
const app = appWith(false);
const checking = appWith(true);
afterAll(() => Promise.all([app.close(), checking.close()]));

const row = {
  id: 'c0a8b7e2-1f3a-4b5c-9d8e-0123456789ab',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  phoneNumber: null,
  role: 'member' as const,
  avatarUrl: null,
  emailVerified: true,
  heardFrom: null,
  newsletterOptIn: false,
  hasPassword: true,
  dashboardMode: 'owner' as const,
  createdAt: '2026-11-29T10:00:00.000Z',
};
// A handler that returns more than it should, as a mistake in a presenter would.
app.get('/me', { schema: { response: { 200: currentUserSchema } } }, async () => ({
  ...row,
  passwordHash: '$argon2id$secret',
  deletedAt: null,
}));

const nested = z.object({
  items: z.array(z.object({ id: z.string(), tags: z.array(z.string()) })),
  next: z.string().nullable(),
  at: z.iso.datetime().nullable(),
  owner: z.union([
    z.object({ kind: z.literal('person'), name: z.string() }),
    z.object({ kind: z.literal('team') }),
  ]),
});
app.get('/nested', { schema: { response: { 200: nested } } }, async () => ({
  items: [{ id: 'a', tags: ['x'], internal: 1 } as { id: string; tags: string[] }],
  next: null,
  // Valid for zod, though a stricter idea of a date-time wants seconds.
  at: '2026-11-29T10:00Z',
  owner: { kind: 'person' as const, name: 'Grace', email: 'grace@example.test' } as {
    kind: 'person';
    name: string;
  },
}));

// Only zod can write these: a codec's encode, and a date.
const coded = z.object({
  code: z.codec(z.string(), z.number(), { decode: (text) => Number(text.slice(1)), encode: (n) => `#${n}` }),
});
app.get('/coded', { schema: { response: { 200: coded } } }, async () => ({ code: 3 }));
const dated = z.object({ at: z.date() });
app.get('/dated', { schema: { response: { 200: dated } } }, async () => ({
  at: new Date('2026-11-29T10:00:00.000Z'),
}));

// The test apps check each answer: a value the schema does not allow is refused, not rewritten.
const amount = z.object({ amountMinor: z.number().int() });
for (const target of [app, checking]) {
  target.get('/amount', { schema: { response: { 200: amount } } }, async () => ({ amountMinor: 1250.5 }));
  target.get('/whole', { schema: { response: { 200: amount } } }, async () => ({ amountMinor: 1250 }));
}

app.get('/missing', { schema: { response: { 200: amount } } }, async () => ({}) as never);
app.get(
  '/worded',
  { schema: { response: { 200: amount } } },
  async () => ({ amountMinor: 'twelve' }) as never,
);

describe('answers written from compiled schemas', () => {
  it('writes every declared field and nothing else', async () => {
    const response = await app.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual(row);
    expect(response.body).not.toContain('argon2id');
    expect(response.body).not.toContain('deletedAt');
  });

  it('drops undeclared keys inside lists and unions too, and writes what zod accepts', async () => {
    const response = await app.inject({ method: 'GET', url: '/nested' });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      items: [{ id: 'a', tags: ['x'] }],
      next: null,
      at: '2026-11-29T10:00Z',
      owner: { kind: 'person', name: 'Grace' },
    });
  });

  it('leaves a codec and a date to zod, whose encode runs', async () => {
    expect(JSON.parse((await app.inject({ method: 'GET', url: '/coded' })).body)).toEqual({ code: '#3' });
    expect(JSON.parse((await app.inject({ method: 'GET', url: '/dated' })).body)).toEqual({
      at: '2026-11-29T10:00:00.000Z',
    });
  });

  it('in the test apps, refuses an answer zod would refuse instead of rewriting it', async () => {
    expect(JSON.parse((await checking.inject({ method: 'GET', url: '/whole' })).body)).toEqual({
      amountMinor: 1250,
    });
    expect((await checking.inject({ method: 'GET', url: '/amount' })).statusCode).toBe(500);
    // What production would write instead: why the check runs wherever tests run.
    expect(JSON.parse((await app.inject({ method: 'GET', url: '/amount' })).body)).toEqual({
      amountMinor: 1250,
    });
  });

  it('in production too, refuses an answer missing a field or with a value of another type', async () => {
    expect((await app.inject({ method: 'GET', url: '/missing' })).statusCode).toBe(500);
    const wrongType = await app.inject({ method: 'GET', url: '/worded' });
    expect(wrongType.statusCode).toBe(500);
  });
});
