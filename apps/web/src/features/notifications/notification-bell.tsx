import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BellIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useSocket } from '../../lib/socket.ts';
import {
  notificationsQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  withPushed,
} from './queries.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The header's bell: unread count kept live over the socket, newest notifications in a panel. */
export function NotificationBell({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const list = useQuery(notificationsQuery);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const { socket } = useSocket(
    () => void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  );

  useEffect(() => {
    if (!socket) return;
    const onNotification = (push: Parameters<typeof withPushed>[1]) =>
      queryClient.setQueryData(notificationsQuery.queryKey, (current) => withPushed(current, push));
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, [socket, queryClient]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const unread = list.data?.unreadCount ?? 0;
  return (
    <div ref={ref} className="relative" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className={cn('relative', className)}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls="notification-panel"
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger-700 px-1 text-[0.65rem] font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notification-panel"
          className="absolute right-0 z-50 mt-2 w-[min(20rem,calc(100vw-1.5rem))] rounded-card border border-slate-200 bg-white text-sm shadow-pop"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <p className="font-semibold text-slate-900">Notifications</p>
            {unread > 0 && (
              <button
                type="button"
                className="text-xs font-semibold text-brand-700 hover:underline"
                onClick={() => markAll.mutate()}
              >
                Mark all as read
              </button>
            )}
          </div>
          {list.isPending ? (
            <Spinner size="sm" className="p-4" label="Loading notifications..." />
          ) : list.isError ? (
            <p role="alert" className="p-4 text-danger-800">
              {errorMessage(list.error)}
            </p>
          ) : list.data.notifications.length === 0 ? (
            <p className="p-4 text-slate-600">
              You're all caught up. Quotes, messages and milestone updates will appear here.
            </p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {list.data.notifications.map((item) => {
                const body = (
                  <>
                    <span className="flex items-start gap-2">
                      {!item.read && (
                        <span
                          className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600"
                          aria-label="Unread"
                        />
                      )}
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">{item.title}</span>
                        <span className="line-clamp-2 block text-slate-600">{item.body}</span>
                        <span className="mt-1 block text-xs text-slate-500">
                          {timeFormat.format(new Date(item.createdAt))}
                        </span>
                      </span>
                    </span>
                  </>
                );
                const onOpen = () => {
                  if (!item.read) markRead.mutate(item.id);
                  setOpen(false);
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
          )}
        </div>
      )}
    </div>
  );
}
