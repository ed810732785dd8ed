import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOfKept } from '../../db/prepared.ts';
import { sessions } from '../../db/schema/index.ts';

/**
 * A session that has ended (expired, or signed out or revoked) is deleted this long after it
 * ended. Only live sessions are ever read (sign-in, the session list, chat sockets); ended ones are
 * kept a while only so that a question about a recent sign-in (from where, with what) can still be
 * answered, and no longer, since they hold addresses and browsers.
 */
export const ENDED_SESSION_RETENTION_DAYS = 30;

/**
 * Table pages one purge step reads. Ended sessions are found by where they lie in the table (a
 * range of row addresses), not through an index: an index on when a session ends would cost
 * every sign-in one more write for a purge that runs twice a minute. On the embedded database a
 * statement holds the only connection: a step of 16 pages, some 500 sessions, took 0.3-0.4 ms
 * there when none was due and 1 ms when all were (medians; decision 082).
 */
export const SESSION_PURGE_PAGES = 16;

/** The sessions table's size in pages. */
const tablePages = sql`(pg_relation_size('sessions') / current_setting('block_size')::int)::int`;

/**
 * Deletes the long-ended sessions among `pages` table pages from `fromPage`, and says where the
 * next step starts: back at the first page once this one reached the table's end.
 */
export async function purgeEndedSessions(
  db: Database,
  fromPage: number,
  pages = SESSION_PURGE_PAGES,
): Promise<{ deleted: number; nextPage: number }> {
  const [row] = await rowsOfKept<{ deleted: number; table_pages: number }>(
    db,
    sql`with purged as (
      delete from ${sessions}
       where ctid >= ${`(${fromPage},0)`}::tid and ctid < ${`(${fromPage + pages},0)`}::tid
         and (expires_at < now() - ${`${ENDED_SESSION_RETENTION_DAYS} days`}::interval
              or revoked_at < now() - ${`${ENDED_SESSION_RETENTION_DAYS} days`}::interval)
      returning 1
    )
    select (select count(*) from purged)::int as deleted, ${tablePages} as table_pages`,
  );
  const nextPage = fromPage + pages;
  return { deleted: row!.deleted, nextPage: nextPage >= row!.table_pages ? 0 : nextPage };
}

/**
 * One purge step at a time, walking the table and starting over at its end. A process starts its
 * walk at a random page (`random` in [0, 1)): from the first page, a node that restarts more often
 * than a pass takes would only ever purge the table's first pages, and nodes would walk in step.
 */
export function sessionPurger(db: Database, random = Math.random): () => Promise<number> {
  let fromPage: number | undefined;
  return async () => {
    if (fromPage === undefined) {
      const [row] = await rowsOfKept<{ pages: number }>(db, sql`select ${tablePages} as pages`);
      fromPage = Math.floor(random() * row!.pages);
    }
    const { deleted, nextPage } = await purgeEndedSessions(db, fromPage);
    fromPage = nextPage;
    return deleted;
  };
}
