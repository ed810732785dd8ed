import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { revokeAllSessions } from '../accounts/sessions.ts';
import { recordAdminAction } from './audit-log.ts';

interface SuspensionChange {
  adminId: string;
  memberId: string;
  reason: string;
}

/** The member's row, locked for the change; refuses what no administrator may do to it. */
async function lockMember(tx: Executor, { adminId, memberId }: SuspensionChange) {
  if (memberId === adminId) throw forbidden('You cannot suspend or restore your own account.');
  const [member] = await tx
    .select({
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, memberId))
    .for('update');
  if (!member) throw notFound('We could not find that member.');
  if (member.deletedAt) throw conflict('This account was deleted; there is nothing to suspend.');
  // Administrators answer to each other outside the product: one cannot lock another out here.
  if (member.role === 'admin') throw forbidden("An administrator's account cannot be suspended.");
  return member;
}

/**
 * Suspends a member: every session ends (their open sockets close when this commits, see
 * SESSION_ENDED_CHANNEL), sign-in is refused with the reason, and the audit log records it.
 */
export async function suspendMember(ctx: ServiceContext, change: SuspensionChange): Promise<void> {
  const member = await ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, change);
    if (member.suspendedAt) throw conflict('This member is already suspended.');
    await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, suspensionReason: change.reason, updatedAt: sql`now()` })
      .where(eq(users.id, change.memberId));
    await revokeAllSessions(tx, { userId: change.memberId });
    await recordAdminAction(tx, {
      actorId: change.adminId,
      action: 'member_suspended',
      subjectUserId: change.memberId,
      reason: change.reason,
    });
    return member;
  });
  // After the commit, and not part of it: the suspension holds whether or not the e-mail goes out.
  await ctx.mailer
    .send({
      to: member.email,
      subject: 'Your Sciwise account is suspended',
      text: [
        `Hi ${member.firstName},`,
        '',
        'An administrator has suspended your Sciwise account. You have been signed out, and you cannot sign in while the suspension lasts. The reason they gave:',
        '',
        change.reason,
        '',
        'If you think this is a mistake, reply to this e-mail.',
        '',
        '— The Sciwise team',
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: error }, 'suspension e-mail failed'));
}

/** Lifts a suspension: the member can sign in again. The reason goes to the audit log. */
export async function restoreMember(ctx: ServiceContext, change: SuspensionChange): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, change);
    if (!member.suspendedAt) throw conflict('This member is not suspended.');
    await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, change.memberId));
    await recordAdminAction(tx, {
      actorId: change.adminId,
      action: 'member_restored',
      subjectUserId: change.memberId,
      reason: change.reason,
    });
  });
}
