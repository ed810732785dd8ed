import type { NotificationSettings } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/index.ts';

const defaults: NotificationSettings = { emailUnreadMessages: true, inAppMessages: true };

export async function getNotificationSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      emailUnreadMessages: notificationSettings.emailUnreadMessages,
      inAppMessages: notificationSettings.inAppMessages,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? defaults;
}

export async function saveNotificationSettings(
  db: Executor,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...settings, updatedAt: sql`now()` } });
  return settings;
}
