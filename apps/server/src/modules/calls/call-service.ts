import {
  CONCIERGE_USER_ID,
  RESCHEDULE_REASON_REQUIRED,
  type Call,
  type CallCancelRequest,
  type CallConfirmRequest,
  type CallNotesRequest,
  type CallProposalRequest,
  type CallTimesRequest,
} from '@sciwise/contracts';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { calls, contracts, users } from '../../db/schema/index.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { usersShareWork } from '../projects/relationships.ts';
import { callOf, presentCalls, type CallRow } from './call-read.ts';
import { callTimeText, scheduleReminders, tellAboutCall } from './call-notices.ts';
import { offeredInstants } from './offered-times.ts';

type Ctx = Pick<ServiceContext, 'db' | 'config' | 'clock'>;

const NOT_WITH_THEM =
  'You can propose a call to people you work with on a project or contract, or already talk to in Messages.';

/** The rooms a call gets by default: a name nobody can guess on the configured video service. */
function generatedRoom(ctx: Ctx): string {
  return `${ctx.config.videoRoomBaseUrl}/sciwise-${randomBytes(12).toString('hex')}`;
}

async function present(ctx: Ctx, db: Executor, row: CallRow, userId: string): Promise<Call> {
  const [call] = await presentCalls(db, [row], userId, ctx.clock.now());
  return call!;
}

async function nameOf(db: Executor, userId: string): Promise<string> {
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return person ? `${person.firstName} ${person.lastName}`.trim() : 'Someone';
}

/** Whether these two may arrange a call: they share work, or already have a conversation. */
async function mayCall(db: Executor, userId: string, otherId: string): Promise<boolean> {
  if (await usersShareWork(db, { userId, otherUserId: otherId })) return true;
  const [low, high] = userId < otherId ? [userId, otherId] : [otherId, userId];
  const rows = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from conversations where user_low_id = ${low}::uuid and user_high_id = ${high}::uuid) as found`,
  );
  return rows[0]?.found === true;
}

/** The one contract a call may be about: one both people are parties to. */
async function contractBetween(db: Executor, contractId: string, userId: string, otherId: string) {
  const [contract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.id, contractId),
        or(
          and(eq(contracts.clientId, userId), eq(contracts.expertId, otherId)),
          and(eq(contracts.clientId, otherId), eq(contracts.expertId, userId)),
        ),
      ),
    );
  if (!contract) throw notFound('We could not find that contract between the two of you.');
  return contract.id;
}

export async function proposeCall(ctx: Ctx, userId: string, input: CallProposalRequest): Promise<Call> {
  // Ids are compared as strings here and as uuids in the database: one spelling for both.
  const otherId = input.withUserId.toLowerCase();
  if (otherId === userId) throw invalid('You cannot propose a call to yourself.');
  if (otherId === CONCIERGE_USER_ID)
    throw forbidden('Sciwise Concierge answers in Messages; it does not take calls.');
  const offered = offeredInstants(input.slots, input.timeZone, ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [other] = await tx
      .select({ id: users.id, suspendedAt: users.suspendedAt })
      .from(users)
      .where(and(eq(users.id, otherId), isNull(users.deletedAt)));
    if (!other) throw notFound('That person does not exist.');
    if (other.suspendedAt) throw conflict('This member’s account is suspended; they cannot take calls now.');
    const contractId = input.contractId
      ? await contractBetween(tx, input.contractId.toLowerCase(), userId, otherId)
      : null;
    if (!contractId && !(await mayCall(tx, userId, otherId))) throw forbidden(NOT_WITH_THEM);
    const [call] = await tx
      .insert(calls)
      .values({
        organizerId: userId,
        attendeeId: otherId,
        contractId,
        topic: input.topic,
        agenda: input.agenda,
        durationMinutes: input.durationMinutes,
        offeredStarts: offered,
        offeredBy: userId,
        offeredTimeZone: input.timeZone,
        sortAt: offered[0]!,
        meetingUrl: input.meetingUrl ?? generatedRoom(ctx),
      })
      .returning();
    const proposer = await nameOf(tx, userId);
    await tellAboutCall(tx, ctx, call!, [
      {
        to: 'attendee',
        title: `${proposer} proposed a call`,
        body: `${proposer} would like a ${input.durationMinutes}-minute call about “${input.topic}” and offers ${offered.length} times. Pick one, or offer others.`,
      },
    ]);
    return present(ctx, tx, call!, userId);
  });
}

/** What a call holds once no times wait for an answer: picked, or called off. */
const NOTHING_ON_OFFER = {
  offeredStarts: [],
  offeredBy: null,
  offeredTimeZone: null,
  rescheduleReason: null,
};

const other = (call: CallRow, userId: string) => (call.organizerId === userId ? 'attendee' : 'organizer');
const self = (call: CallRow, userId: string) => (call.organizerId === userId ? 'organizer' : 'attendee');

function refuseIfCancelled(call: CallRow) {
  if (call.status === 'cancelled') throw conflict('This call was cancelled.');
}

function refuseIfOver(call: CallRow, now: Date) {
  if (call.endsAt !== null && call.endsAt.getTime() <= now.getTime())
    throw conflict('This call has already taken place.');
}

/** The person who did not offer the times picks one; a confirmed call moved this way is updated. */
export async function confirmCall(
  ctx: Ctx,
  userId: string,
  callId: string,
  input: CallConfirmRequest,
): Promise<Call> {
  const chosen = new Date(input.startsAt);
  return ctx.db.transaction(async (tx) => {
    const call = await callOf(tx, callId, userId, { lock: true });
    const now = ctx.clock.now();
    refuseIfCancelled(call);
    refuseIfOver(call, now);
    if (call.offeredBy === null) throw conflict('No times are waiting for an answer on this call.');
    if (call.offeredBy === userId) throw forbidden('You offered these times; the other side picks one.');
    if (!call.offeredStarts.some((start) => start.getTime() === chosen.getTime()))
      throw invalid('Choose one of the times offered.');
    if (chosen.getTime() <= now.getTime()) throw conflict('That time has passed; offer new times instead.');
    const moved = call.status === 'confirmed';
    const [updated] = await tx
      .update(calls)
      .set({
        status: 'confirmed',
        startsAt: chosen,
        endsAt: new Date(chosen.getTime() + call.durationMinutes * 60_000),
        timeZone: call.offeredTimeZone,
        ...NOTHING_ON_OFFER,
        sortAt: chosen,
        sequence: moved ? call.sequence + 1 : call.sequence,
        updatedAt: now,
      })
      .where(eq(calls.id, call.id))
      .returning();
    const picker = await nameOf(tx, userId);
    const when = callTimeText(chosen, call.durationMinutes, call.offeredTimeZone!);
    await tellAboutCall(tx, ctx, updated!, [
      {
        to: other(call, userId),
        title: moved ? `${picker} accepted the new time` : `${picker} confirmed your call`,
        body: `“${call.topic}” is on ${when}. The invitation is attached; join with ${call.meetingUrl}.`,
        calendar: 'REQUEST',
      },
      {
        to: self(call, userId),
        title: moved ? 'Your call has moved' : 'Your call is confirmed',
        body: `“${call.topic}” is on ${when}. The invitation is attached; join with ${call.meetingUrl}.`,
        calendar: 'REQUEST',
      },
    ]);
    await scheduleReminders(tx, now, updated!);
    return present(ctx, tx, updated!, userId);
  });
}

/**
 * Other times: an answer to a proposal, or a move of a confirmed call (with a reason). A confirmed
 * call keeps its time, invitation and reminders until the other side picks one of the new times.
 */
export async function offerTimes(
  ctx: Ctx,
  userId: string,
  callId: string,
  input: CallTimesRequest,
): Promise<Call> {
  const now = ctx.clock.now();
  const offered = offeredInstants(input.slots, input.timeZone, now);
  return ctx.db.transaction(async (tx) => {
    const call = await callOf(tx, callId, userId, { lock: true });
    refuseIfCancelled(call);
    refuseIfOver(call, now);
    const moving = call.status === 'confirmed';
    const reason = input.reason?.trim() || null;
    if (moving && reason === null) throw invalid(RESCHEDULE_REASON_REQUIRED);
    const [updated] = await tx
      .update(calls)
      .set({
        offeredStarts: offered,
        offeredBy: userId,
        offeredTimeZone: input.timeZone,
        rescheduleReason: moving ? reason : null,
        sortAt: moving ? call.sortAt : offered[0]!,
        updatedAt: now,
      })
      .where(eq(calls.id, call.id))
      .returning();
    const who = await nameOf(tx, userId);
    await tellAboutCall(tx, ctx, updated!, [
      moving
        ? {
            to: other(call, userId),
            title: `${who} asked to move your call`,
            body: `${who} offers ${offered.length} new times for “${call.topic}”: “${reason}”. Until you pick one, the call stays on ${callTimeText(call.startsAt!, call.durationMinutes, call.timeZone!)}.`,
          }
        : {
            to: other(call, userId),
            title: `${who} offered other times`,
            body: `${who} offers ${offered.length} times for “${call.topic}”. Pick one, or offer others.`,
          },
    ]);
    return present(ctx, tx, updated!, userId);
  });
}

/** Declines a proposal or calls off a confirmed call; calendars get the cancellation. */
export async function cancelCall(
  ctx: Ctx,
  userId: string,
  callId: string,
  input: CallCancelRequest,
): Promise<Call> {
  return ctx.db.transaction(async (tx) => {
    const call = await callOf(tx, callId, userId, { lock: true });
    const now = ctx.clock.now();
    refuseIfCancelled(call);
    refuseIfOver(call, now);
    const wasConfirmed = call.status === 'confirmed';
    const [updated] = await tx
      .update(calls)
      .set({
        status: 'cancelled',
        cancelledBy: userId,
        cancelledAt: now,
        cancelReason: input.reason,
        ...NOTHING_ON_OFFER,
        sequence: wasConfirmed ? call.sequence + 1 : call.sequence,
        updatedAt: now,
      })
      .where(eq(calls.id, call.id))
      .returning();
    const who = await nameOf(tx, userId);
    const otherName = await nameOf(tx, call.organizerId === userId ? call.attendeeId : call.organizerId);
    await tellAboutCall(
      tx,
      ctx,
      updated!,
      wasConfirmed
        ? [
            {
              to: other(call, userId),
              title: `${who} cancelled the call`,
              body: `The call about “${call.topic}” on ${callTimeText(call.startsAt!, call.durationMinutes, call.timeZone!)} is cancelled: “${input.reason}”.`,
              calendar: 'CANCEL',
            },
            {
              to: self(call, userId),
              title: 'You cancelled the call',
              body: `The call about “${call.topic}” on ${callTimeText(call.startsAt!, call.durationMinutes, call.timeZone!)} is cancelled; ${otherName} has been told why: “${input.reason}”.`,
              calendar: 'CANCEL',
            },
          ]
        : [
            {
              to: other(call, userId),
              title: call.offeredBy === userId ? `${who} withdrew the call` : `${who} declined the call`,
              body: `The proposed call about “${call.topic}” will not take place: “${input.reason}”.`,
            },
          ],
    );
    return present(ctx, tx, updated!, userId);
  });
}

/**
 * A member closes their account: the calls still ahead are called off in the same transaction,
 * and the other person is told (their calendar gets the cancellation of a confirmed call).
 */
export async function cancelCallsOfLeavingMember(
  tx: Transaction,
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  userId: string,
): Promise<void> {
  const now = ctx.clock.now();
  const open = await tx
    .select()
    .from(calls)
    .where(
      and(
        or(eq(calls.organizerId, userId), eq(calls.attendeeId, userId)),
        or(eq(calls.status, 'proposed'), and(eq(calls.status, 'confirmed'), gt(calls.endsAt, now))),
      ),
    )
    .for('update');
  if (open.length === 0) return;
  const leaving = await nameOf(tx, userId);
  const reason = `${leaving} closed their Sciwise account.`;
  for (const call of open) {
    const wasConfirmed = call.status === 'confirmed';
    const [updated] = await tx
      .update(calls)
      .set({
        status: 'cancelled',
        cancelledBy: null,
        cancelledAt: now,
        cancelReason: reason,
        ...NOTHING_ON_OFFER,
        sequence: wasConfirmed ? call.sequence + 1 : call.sequence,
        updatedAt: now,
      })
      .where(eq(calls.id, call.id))
      .returning();
    await tellAboutCall(tx, ctx, updated!, [
      {
        to: other(call, userId),
        title: 'A call was cancelled',
        body: `The call about “${call.topic}” will not take place: ${reason}`,
        ...(wasConfirmed && { calendar: 'CANCEL' as const }),
      },
    ]);
  }
}

/** Notes both people keep once the call has started; the latest save is what both read. */
export async function saveCallNotes(
  ctx: Ctx,
  userId: string,
  callId: string,
  input: CallNotesRequest,
): Promise<Call> {
  return ctx.db.transaction(async (tx) => {
    const call = await callOf(tx, callId, userId, { lock: true });
    const now = ctx.clock.now();
    if (call.status !== 'confirmed' || call.startsAt === null || call.startsAt.getTime() > now.getTime())
      throw conflict('Notes open once the call has started.');
    const [updated] = await tx
      .update(calls)
      .set({ notes: input.notes || null, notesUpdatedAt: now, notesUpdatedBy: userId, updatedAt: now })
      .where(eq(calls.id, call.id))
      .returning();
    return present(ctx, tx, updated!, userId);
  });
}

export async function readCall(ctx: Ctx, userId: string, callId: string): Promise<Call> {
  return present(ctx, ctx.db, await callOf(ctx.db, callId, userId), userId);
}
