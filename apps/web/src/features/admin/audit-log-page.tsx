import { useInfiniteQuery } from '@tanstack/react-query';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ClipboardListIcon } from '../../components/ui/app-icons.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { AdminOnly, AuditEntryItem } from './parts.tsx';
import { auditLogQuery } from './queries.ts';

function AuditLog() {
  const log = useInfiniteQuery(auditLogQuery);
  return (
    <QueryState query={log} label="Loading the audit log...">
      {() => {
        const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
        if (entries.length === 0)
          return (
            <EmptyState icon={<ClipboardListIcon className="size-6" />} title="Nothing recorded yet">
              When an administrator suspends or restores an account, decides on an expert application or a
              profile change, settles a dispute, or removes reported content or dismisses the report, it is
              written here at once, with who did it and why.
            </EmptyState>
          );
        return (
          <>
            <ul className="space-y-3" aria-label="Audit log, newest first">
              {entries.map((entry) => (
                <AuditEntryItem key={entry.id} entry={entry} />
              ))}
            </ul>
            <ShowMore list={log} label="Show older entries" className="mt-6" />
          </>
        );
      }}
    </QueryState>
  );
}

/** `/profile/admin/audit-log`: every administrator action, newest first. Nobody can change it. */
export function AdminAuditLogPage() {
  return (
    <>
      <PageHeading title="Audit log">
        Every administrator action: suspensions and restorations, vetting and profile-change decisions,
        dispute decisions, and decisions on reported content. Who did it, to whom, when and why, newest first.
      </PageHeading>
      <AdminOnly>
        <Alert tone="info" className="mb-6">
          Entries cannot be edited or removed, by anyone. Each is written when the action happens; a mistake
          is put right by a new action, which is recorded too.
        </Alert>
        <AuditLog />
      </AdminOnly>
    </>
  );
}
