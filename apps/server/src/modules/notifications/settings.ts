import type { EmailKind, NotificationSettings, NotificationSettingsUpdate } from '@sciwise/contracts';
import { emailKinds } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/index.ts';

const defaults: NotificationSettings = {
  emailUnreadMessages: true,
  emailQuoteInvitations: true,
  emailNewQuotes: true,
  emailQuoteDecisions: true,
  inAppMessages: true,
};

const columns = {
  emailUnreadMessages: notificationSettings.emailUnreadMessages,
  emailQuoteInvitations: notificationSettings.emailQuoteInvitations,
  emailNewQuotes: notificationSettings.emailNewQuotes,
  emailQuoteDecisions: notificationSettings.emailQuoteDecisions,
  inAppMessages: notificationSettings.inAppMessages,
} satisfies Record<keyof NotificationSettings, unknown>;

export async function getNotificationSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select(columns)
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? defaults;
}

/** Changes the settings named in `update`; the rest keep their values (or the defaults). */
export async function saveNotificationSettings(
  db: Executor,
  userId: string,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...defaults, ...changes })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning(columns);
  return row!;
}

/** Whether the person wants e-mail of this kind (yes unless they turned it off). */
export async function wantsEmail(db: Executor, userId: string, kind: EmailKind): Promise<boolean> {
  const setting = emailKinds.find((entry) => entry.kind === kind)!.setting;
  return (await getNotificationSettings(db, userId))[setting];
}
