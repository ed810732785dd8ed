import { currentUserSchema } from '@sciwise/contracts';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from '../../src/http/response-serializer.ts';

/*
 * Answers are written from the contract's schema compiled to JSON Schema. What a person would
 * check: nothing the schema does not declare leaves the server, and the answer reads back as the
 * contract says.
 */
const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(responseSerializerCompiler);

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
  owner: z.union([
    z.object({ kind: z.literal('person'), name: z.string() }),
    z.object({ kind: z.literal('team') }),
  ]),
});
app.get('/nested', { schema: { response: { 200: nested } } }, async () => ({
  items: [{ id: 'a', tags: ['x'], internal: 1 } as { id: string; tags: string[] }],
  next: null,
  owner: { kind: 'person' as const, name: 'Grace', email: 'grace@example.test' } as {
    kind: 'person';
    name: string;
  },
}));

// JSON Schema cannot say what a transform does: such a schema keeps zod's checked serializer.
const transformed = z.object({ at: z.string().transform((value) => value.length) });
app.get('/transformed', { schema: { response: { 200: transformed } } }, async () => ({ at: 3 }) as never);

afterAll(() => app.close());

describe('answers written from compiled schemas', () => {
  it('writes every declared field and nothing else', async () => {
    const response = await app.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual(row);
    expect(response.body).not.toContain('argon2id');
    expect(response.body).not.toContain('deletedAt');
  });

  it('drops undeclared keys inside lists and unions too', async () => {
    const response = await app.inject({ method: 'GET', url: '/nested' });
    expect(JSON.parse(response.body)).toEqual({
      items: [{ id: 'a', tags: ['x'] }],
      next: null,
      owner: { kind: 'person', name: 'Grace' },
    });
  });

  it('falls back to the checked zod serializer for a schema JSON Schema cannot express', async () => {
    const response = await app.inject({ method: 'GET', url: '/transformed' });
    expect(response.statusCode).toBe(500);
  });
});
