import type { CurrentUser, ErrorResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePathOf } from '../../src/modules/accounts/dashboard-mode.ts';
import { users } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { eq } from 'drizzle-orm';
import { adminUser, approvedExpert, signedInUser } from '../factories.ts';
import { call } from '../support/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (who: Awaited<ReturnType<typeof signedInUser>>) =>
  (await call(t.app, 'GET', '/api/me', who)).json<CurrentUser>();

async function userRow(id: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('the remembered Freelancer / Project Owner mode', () => {
  it('starts as Project Owner for a client and Freelancer for an expert', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    expect((await me(client)).dashboardMode).toBe('owner');
    expect((await me(expert)).dashboardMode).toBe('freelancer');
    expect(await homePathOf(t.app.db, await userRow(client.id))).toBe('/profile/project-owner-dashboard');
    expect(await homePathOf(t.app.db, await userRow(expert.id))).toBe('/profile/freelancer-dashboard');
  });

  it('sends an administrator to the admin home whatever the mode', async () => {
    const admin = await adminUser(t.app);
    expect(await homePathOf(t.app.db, await userRow(admin.id))).toBe('/profile/admin');
  });

  it('keeps the last choice on the account, for every session', async () => {
    const expert = await approvedExpert(t.app);
    const chosen = await call(t.app, 'PATCH', '/api/me', expert, { dashboardMode: 'owner' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<CurrentUser>().dashboardMode).toBe('owner');
    expect((await me(expert)).dashboardMode).toBe('owner');
    expect(await homePathOf(t.app.db, await userRow(expert.id))).toBe('/profile/project-owner-dashboard');

    // A second device: a new session sees the same choice.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { email: expert.email, password: expert.password },
    });
    const token = again.json<{ token: string }>().token;
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.json<CurrentUser>().dashboardMode).toBe('owner');

    await call(t.app, 'PATCH', '/api/me', expert, { dashboardMode: 'freelancer' });
    expect((await me(expert)).dashboardMode).toBe('freelancer');
  });

  it('refuses an unknown mode with 400 and needs a session', async () => {
    const client = await signedInUser(t.app);
    const refused = await call(t.app, 'PATCH', '/api/me', client, { dashboardMode: 'admin' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().message).toContain('dashboardMode must be freelancer or owner.');
    expect((await me(client)).dashboardMode).toBe('owner');
    expect((await call(t.app, 'PATCH', '/api/me', null, { dashboardMode: 'owner' })).statusCode).toBe(401);
  });
});
