import { CONCIERGE_USER_ID } from '@sciwise/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { expertProfiles, users } from '../../db/schema/index.ts';
import type { AppError } from '../../errors.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { usersShareWork } from '../projects/relationships.ts';

/**
 * Who may open a new conversation with whom. Once a conversation exists both people may
 * write in it (that is how an expert answers), so this is only asked for a first message:
 *   - anyone may write to Sciwise Concierge, and the concierge (an administrator) to anyone;
 *   - anyone may write to an approved expert;
 *   - an expert may write to anyone they share a project, proposal or contract with.
 */
export async function checkCanStartConversation(
  db: Executor,
  { senderId, receiverId }: { senderId: string; receiverId: string },
): Promise<void> {
  if (senderId === receiverId) throw invalid("You can't send a message to yourself.");
  const [receiver] = await db
    .select({ id: users.id, expertStatus: expertProfiles.status })
    .from(users)
    .leftJoin(expertProfiles, eq(expertProfiles.userId, users.id))
    .where(and(eq(users.id, receiverId), isNull(users.deletedAt)))
    .limit(1);
  if (!receiver) throw notFound('That person does not exist.');
  if (receiverId === CONCIERGE_USER_ID || senderId === CONCIERGE_USER_ID) return;
  if (receiver.expertStatus === 'approved') return;
  if (await usersShareWork(db, { userId: senderId, otherUserId: receiverId })) return;
  throw refusal();
}

function refusal(): AppError {
  return forbidden(
    'You can message approved experts, Sciwise Concierge, or people you work with on a project.',
  );
}

/**
 * Whom a signed-in person speaks as: themselves, or (administrators only) the concierge.
 * A senderId naming anyone else is refused: the session decides who sends.
 */
export function actingSenderId(
  user: { userId: string; isAdmin: boolean },
  claimedSenderId: string | undefined,
): string {
  if (claimedSenderId === undefined || claimedSenderId === user.userId) return user.userId;
  if (claimedSenderId === CONCIERGE_USER_ID && user.isAdmin) return CONCIERGE_USER_ID;
  throw forbidden('You can only send messages as yourself.');
}

/** The identities whose conversations a person sees: administrators also see the concierge's. */
export function identitiesOf(user: { userId: string; isAdmin: boolean }): string[] {
  return user.isAdmin ? [user.userId, CONCIERGE_USER_ID] : [user.userId];
}
