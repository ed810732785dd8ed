import type {
  AcceptQuoteResponse,
  Attachment,
  Conversation,
  Invitation,
  NotificationListResponse,
  Quote,
} from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  devOutbox,
  emailVerificationTokens,
  expertProfiles,
  passwordResetTokens,
  savedCards,
  sessions,
  users,
} from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';
import type { IdentityProvider } from '../support/identity-provider.ts';
import { savedCard } from '../payments/helpers.ts';
import { fileUpload } from './multipart.ts';
import type { Secret } from './leaks.ts';
import type { Operation } from './operations.ts';
import type { CursorPage, WorldIds } from './request-arbitrary.ts';
import {
  adminUser,
  approvedExpert,
  createProject,
  openProject,
  quoteInput,
  signedInUser,
  type SignedInUser,
} from '../factories.ts';
import { call, pdfBytes, upload } from '../support/requests.ts';

/**
 * A small marketplace for the attack to walk through: a member who owns projects in every
 * state, an approved expert who quoted on them and chats with the member, an applicant waiting
 * for vetting, and an admin. The attack uses their real ids so handlers get past the 404.
 */
export interface World {
  member: SignedInUser;
  expert: SignedInUser;
  applicant: SignedInUser;
  admin: SignedInUser;
  ids: WorldIds;
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d494844520000000100000001080600000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ),
]);

async function ok<T>(
  response: Promise<{ statusCode: number; body: string; json: <J>() => J }>,
  status = 200,
): Promise<T> {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`world setup: ${answer.statusCode} ${answer.body}`);
  return answer.json<T>();
}

const application = {
  headline: 'Food scientist and formulator',
  bio: 'I formulate plant-based foods and take them from the bench to the pilot plant for start-ups.',
  category: 'product_developers',
  subjects: ['Food science'],
  hourlyRateMinor: 12_000,
  currency: 'EUR',
  country: 'FR',
  languages: ['en', 'fr'],
  availability: 'available',
};

async function quotedProject(
  app: FastifyInstance,
  member: SignedInUser,
  expert: SignedInUser,
  accept: boolean,
) {
  const project = await openProject(app, member, { visibility: 'invite_only' });
  const invitation = await ok<Invitation>(
    call(app, 'POST', `/api/projects/${project.id}/invitations`, member, { expertId: expert.id }),
    201,
  );
  const quote = await ok<Quote>(
    call(app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput()),
    201,
  );
  const contract = accept
    ? await ok<AcceptQuoteResponse>(call(app, 'POST', `/api/quotes/${quote.id}/accept`, member))
    : null;
  return { project: project.id, invitation: invitation.id, quote: quote.id, contract: contract?.contractId };
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const member = await signedInUser(app);
  const expert = await approvedExpert(app);
  const applicant = await signedInUser(app);
  const admin = await adminUser(app);

  await approvedExpert(app, { category: 'researchers', rateMinor: 20_000 });
  await openProject(app, member, { visibility: 'public' });
  const open = await openProject(app, member, { visibility: 'public' });
  const attachment = await upload(app, member, open.id, 'brief.pdf', pdfBytes());
  const draft = await createProject(app, member);
  const quoted = await quotedProject(app, member, expert, false);
  const contracted = await quotedProject(app, member, expert, true);

  const conversation = await ok<Conversation>(
    call(app, 'POST', '/api/conversations', member, { userId: expert.id }),
  );
  await ok(
    call(app, 'POST', `/api/conversations/${conversation.id}/messages`, member, { text: 'Hello there' }),
    201,
  );
  const notifications = await ok<NotificationListResponse>(call(app, 'GET', '/api/notifications', member));

  await ok(call(app, 'PATCH', '/api/expert-application', applicant, application));
  await ok(call(app, 'POST', '/api/expert-application/submit', applicant));
  const [applicantProfile] = await app.db
    .select({ id: expertProfiles.id })
    .from(expertProfiles)
    .where(eq(expertProfiles.userId, applicant.id));
  const [expertProfile] = await app.db
    .select({ slug: expertProfiles.slug })
    .from(expertProfiles)
    .where(eq(expertProfiles.userId, expert.id));
  const otherDevice = await createSession(app.db, { userId: member.id, ttlMs: 86_400_000 });
  const { cards } = await savedCard(app, member);

  const avatar = fileUpload('me.png', PNG, 'image/png');
  await ok(
    app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...member.headers, 'content-type': avatar.contentType },
      payload: avatar.payload,
    }),
  );

  return {
    member,
    expert,
    applicant,
    admin,
    ids: {
      projects: [open.id, draft.id, quoted.project, contracted.project],
      attachmentId: [(await attachment.json<Attachment>()).id],
      invitations: [quoted.invitation, contracted.invitation],
      quotes: [quoted.quote, contracted.quote],
      contracts: [contracted.contract!],
      conversations: [conversation.id],
      notifications: notifications.notifications.map((n) => n.id).slice(0, 3),
      'expert-applications': [applicantProfile!.id],
      sessionId: [otherDevice.sessionId],
      cardId: cards.map((card) => card.id),
      userId: [member.id, expert.id, applicant.id, admin.id],
      slug: [expertProfile!.slug],
    },
  };
}

/** A live reset link for the account: what an attacker who reads it could take the account with. */
export async function issueResetToken(app: FastifyInstance, userId: string): Promise<string> {
  const token = newToken();
  await app.db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/**
 * Everything that must never leave the server: session and reset tokens (and their digests),
 * passwords and password hashes. Read fresh from the database, so tokens issued while the
 * attack ran (reset links in the outbox, new sessions) are included.
 */
export async function secretsOf(
  app: FastifyInstance,
  world: World,
  resetTokens: string[],
): Promise<Secret[]> {
  const people = [world.member, world.expert, world.applicant, world.admin];
  const hashes = await app.db.select({ value: users.passwordHash }).from(users);
  const sessionHashes = await app.db.select({ value: sessions.tokenHash }).from(sessions);
  const resetHashes = await app.db.select({ value: passwordResetTokens.tokenHash }).from(passwordResetTokens);
  const verificationHashes = await app.db
    .select({ value: emailVerificationTokens.tokenHash })
    .from(emailVerificationTokens);
  const cardTokens = await app.db.select({ value: savedCards.providerToken }).from(savedCards);
  const mail = await app.db.select({ text: devOutbox.text }).from(devOutbox);
  const mailed = mail.flatMap((row) => [...row.text.matchAll(/token=([\w%-]{20,})/g)]);
  const all: Array<[string, Array<string | null>]> = [
    ['session token', people.map((person) => person.token)],
    ['password', people.map((person) => person.password)],
    ['password hash', hashes.map((row) => row.value)],
    ['session token digest', sessionHashes.map((row) => row.value)],
    ['reset token digest', resetHashes.map((row) => row.value)],
    ['e-mail verification token digest', verificationHashes.map((row) => row.value)],
    ['saved card processor token', cardTokens.map((row) => row.value)],
    ['reset token', [...resetTokens, ...mailed.map((match) => decodeURIComponent(match[1]!))]],
  ];
  return all.flatMap(([kind, values]) =>
    values
      .filter((value): value is string => !!value && value.length >= 12)
      .map((value) => ({ kind, value })),
  );
}

/**
 * Access tokens the identity provider really signed, for people whose provider data is hostile:
 * what the provider says is input too.
 */
export async function hostileIdentityTokens(provider: IdentityProvider, world: World): Promise<string[]> {
  const profiles: Array<[string, Record<string, unknown>]> = [
    ['auth0|nul', { email: 'nul\u0000@lab.test', email_verified: true, name: 'Nul' }],
    ['auth0|bidi', { email: 'bidi\u202e@lab.test', email_verified: true, given_name: '\u202eevil' }],
    [
      'auth0|long',
      { email: `${'l'.repeat(300)}@lab.test`, email_verified: true, family_name: 'f'.repeat(10_000) },
    ],
    [
      'auth0|control',
      { email: 'ctl@lab.test', email_verified: true, given_name: 'a\u0007b', family_name: '\u0000' },
    ],
    ['auth0|takeover', { email: world.member.email, email_verified: true, name: 'Mallory' }],
    ['auth0|types', { email: 42, email_verified: 'yes', name: ['x'] }],
    [`auth0|${'s'.repeat(2_000)}`, { email: 'long-subject@lab.test', email_verified: true }],
    ['auth0|sub\u0000nul', { email: 'subnul@lab.test', email_verified: true }],
  ];
  return Promise.all(
    profiles.map(async ([subject, info]) => {
      const token = await provider.accessToken(subject);
      provider.userInfo.set(token, info);
      return token;
    }),
  );
}

/**
 * The next-page cursors the list routes hand out (first pages of one item, every sort), for the
 * attack to forge: found from the document, so a new paged list is covered without a change here.
 */
export async function collectCursors(
  app: FastifyInstance,
  world: World,
  operations: Operation[],
): Promise<CursorPage[]> {
  const pages: CursorPage[] = [];
  for (const operation of operations) {
    if (operation.method !== 'GET' || !operation.queryParams.some((p) => p.name === 'cursor')) continue;
    if (operation.pathParams.length > 0) continue;
    const sorts = operation.queryParams.find((p) => p.name === 'sort')?.schema.enum ?? [undefined];
    for (const sort of sorts) {
      for (const person of [world.member, world.admin]) {
        const query: Record<string, string> = { limit: '1', ...(sort ? { sort: String(sort) } : {}) };
        const url = `${operation.path}?${new URLSearchParams(query).toString()}`;
        const response = await call(app, 'GET', url, person);
        const next =
          response.statusCode === 200 ? response.json<{ nextCursor?: unknown }>().nextCursor : null;
        if (typeof next === 'string') pages.push({ path: operation.path, query, cursor: next });
      }
    }
  }
  return pages;
}
