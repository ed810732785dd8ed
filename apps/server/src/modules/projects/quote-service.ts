import {
  formatAmount,
  formatFeeRate,
  type AcceptQuoteRequest,
  type Quote,
  type quoteRequestSchema,
  type quoteUpdateSchema,
} from '@sciwise/contracts';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  contractMilestones,
  contracts,
  expertProfiles,
  projectInvitations,
  projects,
  quotes as q,
  users,
} from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { assertEmailVerified } from '../accounts/email-verification.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { avatarUrl } from '../accounts/presenter.ts';
import { expertAvatarUrl, wholeStars } from '../experts/presenter.ts';
import { logActivity } from '../contracts/activity.ts';
import { openAccounts } from '../payments/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { emailAbout } from '../notifications/email-notices.ts';
import { notify } from '../notifications/service.ts';
import { assertOpenFiles, findProject, visibleProject } from './access.ts';
import { formatMoney } from './matching.ts';
import { ownedProject } from './project-service.ts';
import { assertProjectQuotable, projectTransition } from './project-states.ts';
import { assertQuoteEditable, quoteActions, quoteTransition } from './quote-states.ts';

const QUOTE_NOT_FOUND = 'We could not find that quote.';
const CHANGED_SINCE_SEEN =
  'The expert changed this quote after you opened it. Review the new terms, then accept again.';
const TERMS_CHANGED =
  'The marketplace fees or escrow terms changed after you opened this quote. Review the new figures, then hire again.';
const ALREADY_QUOTED = 'You have already sent a quote for this project; edit it instead of sending another.';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Quotes with their project, expert card fields and contract: one statement for any list. */
async function selectQuotes(db: Executor, viewer: Pick<SessionUser, 'id'>, where: SQL, newestFirst = true) {
  const rows = await db
    .select({
      quote: q,
      project: { id: projects.id, title: projects.title, status: projects.status, ownerId: projects.ownerId },
      expert: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        avatarKey: users.avatarKey,
      },
      profile: {
        slug: expertProfiles.slug,
        headline: expertProfiles.headline,
        ratingCenti: expertProfiles.ratingCenti,
        ratingCount: expertProfiles.ratingCount,
      },
      contractId: contracts.id,
    })
    .from(q)
    .innerJoin(projects, eq(projects.id, q.projectId))
    .innerJoin(users, eq(users.id, q.expertId))
    .leftJoin(expertProfiles, eq(expertProfiles.userId, q.expertId))
    .leftJoin(contracts, eq(contracts.quoteId, q.id))
    .where(where)
    .orderBy(newestFirst ? desc(q.createdAt) : asc(q.createdAt), desc(q.id))
    .limit(500);
  return rows.map((row): Quote => {
    const role =
      row.quote.expertId === viewer.id ? 'expert' : row.project.ownerId === viewer.id ? 'owner' : 'other';
    return {
      id: row.quote.id,
      status: row.quote.status,
      coverLetter: row.quote.coverLetter,
      price: { amountMinor: row.quote.priceMinor, currency: row.quote.currency },
      durationDays: row.quote.durationDays,
      milestones: row.quote.milestones.map((m) => ({ ...m, criteria: m.criteria ?? [] })),
      declineReason: row.quote.declineReason,
      createdAt: row.quote.createdAt.toISOString(),
      updatedAt: row.quote.updatedAt.toISOString(),
      decidedAt: row.quote.decidedAt?.toISOString() ?? null,
      project: { id: row.project.id, title: row.project.title, status: row.project.status },
      expert: {
        id: row.expert.id,
        name: fullName(row.expert),
        slug: row.profile?.slug ?? null,
        avatarUrl: row.profile
          ? expertAvatarUrl({
              userId: row.expert.id,
              avatarKey: row.expert.avatarKey,
              slug: row.profile.slug,
            })
          : (avatarUrl(row.expert) ?? ''),
        headline: row.profile?.headline ?? null,
        rating: row.profile ? wholeStars(row.profile.ratingCenti, row.profile.ratingCount) : 0,
        reviewCount: row.profile?.ratingCount ?? 0,
      },
      contractId: row.contractId,
      actions: row.project.status === 'open' ? quoteActions(row.quote.status, role) : [],
    };
  });
}

async function oneQuote(db: Executor, viewer: Pick<SessionUser, 'id'>, id: string): Promise<Quote> {
  const [quote] = await selectQuotes(db, viewer, eq(q.id, id));
  if (!quote) throw notFound(QUOTE_NOT_FOUND);
  return quote;
}

/** An approved expert quotes on an open project they can see; never their own, never twice. */
export async function sendQuote(
  db: Executor,
  expert: SessionUser,
  projectId: string,
  input: z.output<typeof quoteRequestSchema>,
  clock: Clock,
): Promise<Quote> {
  try {
    const id = await db.transaction(async (tx) => {
      const { project, relation } = await visibleProject(tx, projectId, expert, true);
      if (relation.isOwner) throw forbidden('You cannot send a quote for your own project.');
      if (!relation.approvedExpert)
        throw forbidden('Only approved experts can send quotes. Apply to join as an expert first.');
      assertOpenFiles(project, relation);
      assertEmailVerified(expert, 'quote');
      assertProjectQuotable(project.status);
      if (relation.liveQuoteId) throw conflict(ALREADY_QUOTED);
      const [created] = await tx
        .insert(q)
        .values({
          projectId,
          expertId: expert.id,
          coverLetter: input.coverLetter,
          priceMinor: input.priceMinor,
          currency: project.currency,
          durationDays: input.durationDays,
          milestones: input.milestones,
        })
        .returning({ id: q.id });
      // Quoting answers an invitation as surely as accepting it.
      await tx
        .update(projectInvitations)
        .set({ status: 'accepted', respondedAt: sql`now()` })
        .where(
          and(
            eq(projectInvitations.projectId, projectId),
            eq(projectInvitations.expertId, expert.id),
            eq(projectInvitations.status, 'pending'),
          ),
        );
      const received = {
        title: 'New quote received',
        body: `${fullName(expert)} quoted ${formatMoney(input.priceMinor, project.currency)} for “${project.title}”.`,
      };
      await notify(tx, project.ownerId, { kind: 'quote_received', ...received, link: '/profile/proposals' });
      await emailAbout(tx, clock, [
        {
          userId: project.ownerId,
          kind: 'new_quote',
          subject: `${received.title}: ${project.title}`,
          body: received.body,
          link: '/profile/proposals',
          action: 'Compare the quotes',
        },
      ]);
      return created!.id;
    });
    return oneQuote(db, expert, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_QUOTED);
    throw error;
  }
}

/**
 * Locks the quote's project, then the quote, in that order everywhere, so an accept and a
 * withdraw (or two accepts) on one project queue up instead of deadlocking.
 */
async function lockQuote(tx: Executor, user: SessionUser, quoteId: string) {
  const [peek] = await tx.select({ projectId: q.projectId }).from(q).where(eq(q.id, quoteId));
  if (!peek) throw notFound(QUOTE_NOT_FOUND);
  const project = await findProject(tx, peek.projectId, true);
  const [quote] = await tx.select().from(q).where(eq(q.id, quoteId)).for('update');
  if (!quote) throw notFound(QUOTE_NOT_FOUND);
  const role = quote.expertId === user.id ? 'expert' : project.ownerId === user.id ? 'owner' : null;
  // Quotes are private to the two sides: anyone else learns nothing, not even that it exists.
  if (!role) throw notFound(QUOTE_NOT_FOUND);
  return { project, quote, role } as const;
}

export async function updateQuote(
  db: Executor,
  expert: SessionUser,
  quoteId: string,
  input: z.output<typeof quoteUpdateSchema>,
): Promise<Quote> {
  await db.transaction(async (tx) => {
    const { project, quote, role } = await lockQuote(tx, expert, quoteId);
    if (role !== 'expert') throw forbidden('Only the expert who sent this quote can change it.');
    assertQuoteEditable(quote.status);
    assertProjectQuotable(project.status);
    await tx
      .update(q)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(q.id, quoteId));
    await notify(tx, project.ownerId, {
      kind: 'quote_updated',
      title: 'A quote was updated',
      body: `${fullName(expert)} updated their quote for “${project.title}”.`,
      link: '/profile/proposals',
    });
  });
  return oneQuote(db, expert, quoteId);
}

export async function withdrawQuote(db: Executor, expert: SessionUser, quoteId: string): Promise<Quote> {
  await db.transaction(async (tx) => {
    const { project, quote, role } = await lockQuote(tx, expert, quoteId);
    const status = quoteTransition('withdraw', quote.status, role === 'expert' ? 'expert' : 'owner');
    await tx
      .update(q)
      .set({ status, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(q.id, quoteId));
    await notify(tx, project.ownerId, {
      kind: 'quote_withdrawn',
      title: 'A quote was withdrawn',
      body: `${fullName(expert)} withdrew their quote for “${project.title}”.`,
      link: '/profile/proposals',
    });
  });
  return oneQuote(db, expert, quoteId);
}

export async function declineQuote(
  db: Executor,
  owner: SessionUser,
  quoteId: string,
  reason: string,
  clock: Clock,
): Promise<Quote> {
  await db.transaction(async (tx) => {
    const { project, quote, role } = await lockQuote(tx, owner, quoteId);
    const status = quoteTransition('decline', quote.status, role === 'owner' ? 'owner' : 'expert');
    await tx
      .update(q)
      .set({ status, declineReason: reason, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(q.id, quoteId));
    const declined = {
      title: 'Your quote was declined',
      body: `Your quote for “${project.title}” was declined: ${reason}`,
      link: '/profile/proposals',
    };
    await notify(tx, quote.expertId, { kind: 'quote_declined', ...declined });
    await emailAbout(tx, clock, [
      {
        userId: quote.expertId,
        kind: 'quote_decision',
        subject: `${declined.title}: ${project.title}`,
        body: declined.body,
        link: declined.link,
        action: 'See your quotes',
      },
    ]);
  });
  return oneQuote(db, owner, quoteId);
}

/**
 * Accepting makes the contract (milestones pending, not funded), declines the other waiting
 * quotes with a notification and starts the project, all in one transaction. Concurrent accepts
 * queue on the project's row lock; the loser finds the project in progress and gets 409, and the
 * unique index on contracts.project_id backs that up. With `seenUpdatedAt` and `seenTerms` (the
 * web always sends both) an edit the expert made, or a fee the marketplace changed, after the owner
 * looked is a 409 too, not a contract on terms nobody saw.
 */
export interface ContractTerms {
  fees: { clientFeeBps: number; expertFeeBps: number };
  autoReleaseDays: number;
}

export async function acceptQuote(
  db: Executor,
  owner: SessionUser,
  quoteId: string,
  terms: ContractTerms,
  clock: Clock,
  seen: AcceptQuoteRequest = {},
) {
  try {
    const contractId = await db.transaction(async (tx) => {
      const { project, quote, role } = await lockQuote(tx, owner, quoteId);
      if (role === 'owner' && project.status !== 'open')
        throw conflict(
          project.status === 'in_progress'
            ? 'You have already accepted a quote for this project.'
            : `This project is ${project.status.replace('_', ' ')}, so no quote can be accepted.`,
        );
      const status = quoteTransition('accept', quote.status, role === 'owner' ? 'owner' : 'expert');
      const projectStatus = projectTransition('start', project.status, 'system');
      // Checked on the locked row: an edit can't slip in between this check and the contract.
      if (seen.seenUpdatedAt !== undefined && quote.updatedAt.toISOString() !== seen.seenUpdatedAt)
        throw conflict(CHANGED_SINCE_SEEN);
      const shown = seen.seenTerms;
      if (
        shown &&
        (shown.clientFeeBps !== terms.fees.clientFeeBps ||
          shown.expertFeeBps !== terms.fees.expertFeeBps ||
          shown.autoReleaseDays !== terms.autoReleaseDays)
      )
        throw conflict(TERMS_CHANGED);
      await tx
        .update(q)
        .set({ status, decidedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(q.id, quoteId));
      const [contract] = await tx
        .insert(contracts)
        .values({
          projectId: project.id,
          quoteId,
          clientId: project.ownerId,
          expertId: quote.expertId,
          title: project.title,
          priceMinor: quote.priceMinor,
          currency: quote.currency,
          // The fees both sides saw when hiring stay the contract's, whatever the settings later.
          clientFeeBps: terms.fees.clientFeeBps,
          expertFeeBps: terms.fees.expertFeeBps,
          autoReleaseDays: terms.autoReleaseDays,
        })
        .returning({ id: contracts.id });
      await tx.insert(contractMilestones).values(
        quote.milestones.map((m, index) => ({
          contractId: contract!.id,
          position: index + 1,
          title: m.title,
          amountMinor: m.amountMinor,
          currency: quote.currency,
          criteria: m.criteria ?? [],
        })),
      );
      await tx
        .update(projects)
        .set({ status: projectStatus, updatedAt: sql`now()` })
        .where(eq(projects.id, project.id));
      await openAccounts(
        tx,
        [
          { kind: 'client_funding', userId: project.ownerId },
          { kind: 'expert_available', userId: quote.expertId },
          { kind: 'platform_fees' },
        ],
        quote.currency,
      );
      const [expert] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, quote.expertId));
      await logActivity(tx, {
        contractId: contract!.id,
        actorId: owner.id,
        kind: 'contract_created',
        text: `${fullName(owner)} hired ${fullName(expert!)} on their quote of ${formatAmount(quote.priceMinor, quote.currency)} in ${quote.milestones.length} milestone${quote.milestones.length === 1 ? '' : 's'}. Each milestone is funded into escrow (plus a ${formatFeeRate(terms.fees.clientFeeBps)} marketplace fee) before work on it starts.`,
      });
      const others = await tx
        .update(q)
        .set({
          status: quoteTransition('close', 'submitted', 'system'),
          declineReason: 'The client accepted another quote.',
          decidedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(q.projectId, project.id), eq(q.status, 'submitted'), ne(q.id, quoteId)))
        .returning({ expertId: q.expertId });
      const closed = {
        title: 'The client chose another expert',
        body: `“${project.title}” went to another expert, so your quote was closed. Thank you for quoting.`,
        link: '/profile/proposals',
      };
      await notify(
        tx,
        others.map((other) => other.expertId),
        { kind: 'quote_declined', ...closed },
      );
      const accepted = {
        title: 'Your quote was accepted',
        body: `${fullName(owner)} accepted your quote for “${project.title}”. Start work once the first milestone is funded: we will tell you as soon as the money is in escrow.`,
        link: `/profile/workspace/${contract!.id}`,
      };
      await notify(tx, quote.expertId, { kind: 'quote_accepted', ...accepted });
      await emailAbout(tx, clock, [
        {
          userId: quote.expertId,
          kind: 'quote_decision',
          subject: `${accepted.title}: ${project.title}`,
          body: accepted.body,
          link: accepted.link,
          action: 'Open the workspace',
        },
        ...others.map((other) => ({
          userId: other.expertId,
          kind: 'quote_decision' as const,
          subject: `${closed.title}: ${project.title}`,
          body: closed.body,
          link: closed.link,
          action: 'See your quotes',
        })),
      ]);
      return contract!.id;
    });
    return { contractId, quote: await oneQuote(db, owner, quoteId) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You have already accepted a quote for this project.');
    throw error;
  }
}

/** The owner (or an admin) compares every quote of a project, oldest first. */
export async function listProjectQuotes(
  db: Executor,
  user: SessionUser,
  projectId: string,
): Promise<Quote[]> {
  if (user.role !== 'admin') await ownedProject(db, projectId, user);
  else await findProject(db, projectId);
  return selectQuotes(db, user, and(eq(q.projectId, projectId), ne(q.status, 'withdrawn'))!, false);
}

/** The quotes the expert sent, newest first. */
export async function listMyQuotes(db: Executor, expert: SessionUser): Promise<Quote[]> {
  return selectQuotes(db, expert, eq(q.expertId, expert.id));
}

/** Every quote on the owner's projects (the proposals page's "received" side). */
export async function listReceivedQuotes(db: Executor, owner: SessionUser): Promise<Quote[]> {
  return selectQuotes(db, owner, and(eq(projects.ownerId, owner.id), ne(q.status, 'withdrawn'))!, false);
}
