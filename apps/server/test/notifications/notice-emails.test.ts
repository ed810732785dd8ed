import {
  emailKinds,
  type AcceptQuoteResponse,
  type NotificationSettings,
  type Quote,
} from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../support/outbox.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  adminUser,
  approvedExpert,
  openProject,
  quoteInput,
  signedInUser,
  type SignedInUser,
} from '../factories.ts';
import { call } from '../support/requests.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t.app);
});
afterAll(() => t.close());

const site = 'http://localhost:3000';

/** E-mail to `email` newest first, without the address confirmation every new account gets. */
async function notices(email: string) {
  return (await mailTo(t.app, admin, email)).filter(
    (mail) => !mail.subject.startsWith('Confirm your e-mail'),
  );
}

async function runJobs() {
  while ((await t.app.jobs.runDue()) > 0);
}

async function turnOff(who: SignedInUser, setting: keyof NotificationSettings) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/me/notification-settings',
    headers: who.headers,
    payload: { [setting]: false },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationSettings>();
}

async function invitation() {
  const owner = await signedInUser(t.app, { firstName: 'Olga' });
  const expert = await approvedExpert(t.app);
  const project = await openProject(t.app, owner);
  return { owner, expert, project };
}

async function invite(owner: SignedInUser, expert: SignedInUser, projectId: string) {
  const response = await call(t.app, 'POST', `/api/projects/${projectId}/invitations`, owner, {
    expertId: expert.id,
    message: 'Your trial work looks like a fit.',
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function quote(expert: SignedInUser, projectId: string) {
  const response = await call(t.app, 'POST', `/api/projects/${projectId}/quotes`, expert, quoteInput());
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Quote>();
}

describe('notice e-mails', () => {
  it('the settings list every e-mail kind, all on for a new account, and a change keeps the others', async () => {
    const person = await signedInUser(t.app);
    const settings = (
      await call(t.app, 'GET', '/api/me/notification-settings', person)
    ).json<NotificationSettings>();
    for (const { setting } of emailKinds) expect(settings[setting]).toBe(true);
    const changed = await turnOff(person, 'emailNewQuotes');
    expect(changed).toEqual({ ...settings, emailNewQuotes: false });
    expect((await call(t.app, 'GET', '/api/me/notification-settings', person)).json()).toEqual(changed);
  });

  it('an invitation to quote e-mails the expert a link to the project', async () => {
    const { owner, expert, project } = await invitation();
    await invite(owner, expert, project.id);
    await runJobs();
    const [mail] = await notices(expert.email);
    expect(mail?.subject).toBe(`You are invited to quote: ${project.title}`);
    expect(mail?.text).toContain('Olga Curie invited you to send a quote');
    expect(mail?.text).toContain('Your trial work looks like a fit.');
    expect(mail?.text).toContain(`Read the brief and quote: ${site}/projects/${project.id}\n`);
    expect(mail?.text).toContain(`${site}/profile/settings#notifications`);
  });

  it('an expert who turned invitations off gets no e-mail, and still the bell notification', async () => {
    const { owner, expert, project } = await invitation();
    await turnOff(expert, 'emailQuoteInvitations');
    await invite(owner, expert, project.id);
    await runJobs();
    expect(await notices(expert.email)).toEqual([]);
    const bell = await call(t.app, 'GET', '/api/notifications', expert);
    expect(bell.json<{ notifications: { kind: string }[] }>().notifications.map((n) => n.kind)).toContain(
      'project_invitation',
    );
  });

  it('a new quote e-mails the client a link to compare quotes; turned off, nothing', async () => {
    const { owner, expert, project } = await invitation();
    await quote(expert, project.id);
    await runJobs();
    const [mail] = await notices(owner.email);
    expect(mail?.subject).toBe(`New quote received: ${project.title}`);
    expect(mail?.text).toMatch(/Ada Expert\w+ quoted \S*2,000/);
    expect(mail?.text).toContain(`Compare the quotes: ${site}/profile/proposals\n`);

    const quiet = await invitation();
    await turnOff(quiet.owner, 'emailNewQuotes');
    await quote(quiet.expert, quiet.project.id);
    await runJobs();
    expect(await notices(quiet.owner.email)).toEqual([]);
  });

  it('accepting e-mails the hired expert a link to the workspace, and the others that they were declined', async () => {
    const { owner, expert, project } = await invitation();
    const other = await approvedExpert(t.app);
    const hired = await quote(expert, project.id);
    await quote(other, project.id);
    const accepted = await call(t.app, 'POST', `/api/quotes/${hired.id}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { contractId } = accepted.json<AcceptQuoteResponse>();
    await runJobs();
    const [mail] = await notices(expert.email);
    expect(mail?.subject).toBe(`Your quote was accepted: ${project.title}`);
    expect(mail?.text).toContain(`Open the workspace: ${site}/profile/workspace/${contractId}\n`);
    const [closed] = await notices(other.email);
    expect(closed?.subject).toBe(`The client chose another expert: ${project.title}`);
    expect(closed?.text).toContain(`See your quotes: ${site}/profile/proposals\n`);
  });

  it('declining e-mails the expert the reason; turned off, nothing', async () => {
    const { owner, expert, project } = await invitation();
    const sent = await quote(expert, project.id);
    const declined = await call(t.app, 'POST', `/api/quotes/${sent.id}/decline`, owner, {
      reason: 'We need someone with oncology trials.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    await runJobs();
    const [mail] = await notices(expert.email);
    expect(mail?.subject).toBe(`Your quote was declined: ${project.title}`);
    expect(mail?.text).toContain('We need someone with oncology trials.');
    expect(mail?.text).toContain(`See your quotes: ${site}/profile/proposals\n`);

    const quiet = await invitation();
    await turnOff(quiet.expert, 'emailQuoteDecisions');
    const quietQuote = await quote(quiet.expert, quiet.project.id);
    await call(t.app, 'POST', `/api/quotes/${quietQuote.id}/decline`, quiet.owner, { reason: 'Too late.' });
    await runJobs();
    expect(await notices(quiet.expert.email)).toEqual([]);
  });

  it('refuses a setting that is not a yes or no', async () => {
    const person = await signedInUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: person.headers,
      payload: { emailQuoteDecisions: 'sometimes' },
    });
    expect(response.statusCode).toBe(400);
  });
});
