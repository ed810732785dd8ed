import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { useMarkNotificationRead, type notificationsQuery } from './queries.ts';

type NotificationsResult = UseQueryResult<
  Awaited<ReturnType<NonNullable<typeof notificationsQuery.queryFn>>>
>;

const timeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
);

/** The newest notifications, each opening where it points and marked read; the bell and its page share it. */
export function NotificationList({
  list,
  onOpened,
  listClassName,
}: {
  list: NotificationsResult;
  onOpened?: () => void;
  listClassName?: string;
}) {
  const markRead = useMarkNotificationRead();
  if (list.isPending) return <Spinner size="sm" className="p-4" label="Loading notifications..." />;
  if (list.isError)
    return (
      <p role="alert" className="p-4 text-danger-800">
        {errorMessage(list.error)}
      </p>
    );
  if (list.data.notifications.length === 0)
    return (
      <p className="p-4 text-slate-600">
        You're all caught up. Quotes, messages and milestone updates will appear here.
      </p>
    );
  return (
    <ul className={cn('divide-y divide-slate-100', listClassName)}>
      {list.data.notifications.map((item) => {
        const body = (
          <span className="flex items-start gap-2">
            {!item.read && (
              <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-label="Unread" />
            )}
            <span className="min-w-0">
              <span className="block font-medium break-words text-slate-900">{item.title}</span>
              <span className="line-clamp-2 block break-words text-slate-600">{item.body}</span>
              <span className="mt-1 block text-xs text-slate-500">
                {timeFormat().format(new Date(item.createdAt))}
              </span>
            </span>
          </span>
        );
        const onOpen = () => {
          if (!item.read) markRead.mutate(item.id);
          onOpened?.();
        };
        return (
          <li key={item.id}>
            {item.link ? (
              <Link to={item.link} onClick={onOpen} className="block px-4 py-3 hover:bg-slate-50">
                {body}
              </Link>
            ) : (
              <button
                type="button"
                onClick={onOpen}
                className="block w-full px-4 py-3 text-left hover:bg-slate-50"
              >
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
