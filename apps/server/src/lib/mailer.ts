import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { devOutbox } from '../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar invitation, update or cancellation that mail programs offer to apply. */
  calendar?: CalendarPart;
}

export interface CalendarPart {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
  close(): void;
}

/** SMTP through nodemailer when SMTP_URL is set. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send({ calendar, ...mail }) {
      await transport.sendMail({
        from,
        ...mail,
        // As a text/calendar alternative (what calendar apps read) and an invite.ics attachment.
        ...(calendar && {
          icalEvent: { method: calendar.method, filename: 'invite.ics', content: calendar.content },
        }),
      });
    },
    close: () => transport.close(),
  };
}

/** Development: messages are stored in the database and read through /api/dev/outbox. */
export function outboxMailer(db: Database): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(devOutbox).values({
        to: mail.to.toLowerCase(),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        calendar: mail.calendar?.content,
      });
    },
    close: () => {},
  };
}
