import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import type { FileStore } from './modules/files/store.ts';

/** What every service function needs from the outside world; built once in buildApp. */
export interface ServiceContext {
  db: Database;
  config: Config;
  mailer: Mailer;
  files: FileStore;
  log: FastifyBaseLogger;
  /** The time as deadlines see it; tests move it instead of sleeping. */
  clock: Clock;
  payments: PaymentProvider;
}

/** Who is asking, where from: recorded on sessions and used for rate limits. */
export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}
