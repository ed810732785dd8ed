import { afterAll, beforeAll, expect, it } from 'vitest';
import { usersShareWork } from '../../src/modules/projects/relationships.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { approvedExpert, openProject, quoteInput, signedInUser } from '../factories.ts';
import { call } from '../support/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('usersShareWork: invited, quoted or contracted, in either direction; strangers and oneself never', async () => {
  const owner = await signedInUser(t.app);
  const invited = await approvedExpert(t.app);
  const quoter = await approvedExpert(t.app);
  const stranger = await approvedExpert(t.app);
  const project = await openProject(t.app, owner, { visibility: 'invite_only' });
  const share = (a: string, b: string) => usersShareWork(t.app.db, { userId: a, otherUserId: b });

  expect(await share(owner.id, invited.id)).toBe(false);
  await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, { expertId: invited.id });
  expect(await share(owner.id, invited.id)).toBe(true);
  expect(await share(invited.id, owner.id)).toBe(true);

  const open = await openProject(t.app, owner);
  expect(await share(quoter.id, owner.id)).toBe(false);
  await call(t.app, 'POST', `/api/projects/${open.id}/quotes`, quoter, quoteInput());
  expect(await share(quoter.id, owner.id)).toBe(true);

  expect(await share(stranger.id, owner.id)).toBe(false);
  expect(await share(invited.id, quoter.id)).toBe(false);
  expect(await share(owner.id, owner.id)).toBe(false);
});
