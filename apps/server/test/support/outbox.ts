import type { OutboxMessage } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { SignedInUser } from '../factories.ts';

/** E-mail to `email` in the development outbox, newest first, read as `admin` (only admins may). */
export async function mailTo(app: FastifyInstance, admin: SignedInUser, email: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    headers: admin.headers,
  });
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.statusCode} ${response.body}`);
  return response.json<{ messages: OutboxMessage[] }>().messages;
}

/** Waits for e-mail matching `pattern` (mail goes out after the answer); returns the first match. */
export async function waitForMail(
  app: FastifyInstance,
  admin: SignedInUser,
  email: string,
  pattern: RegExp,
): Promise<RegExpMatchArray> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const message of await mailTo(app, admin, email)) {
      const match = message.text.match(pattern);
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail to ${email} matching ${pattern}`);
}

/** The token of the newest password-reset link e-mailed to `email`. */
export async function resetTokenFor(app: FastifyInstance, admin: SignedInUser, email: string) {
  return (await waitForMail(app, admin, email, /reset-password\?token=([\w-]+)/))[1]!;
}
