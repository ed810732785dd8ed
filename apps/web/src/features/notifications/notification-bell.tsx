import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { BellIcon } from '../../components/ui/app-icons.tsx';
import { cn } from '../../lib/cn.ts';
import { useSocket } from '../../lib/socket.ts';
import { NotificationList } from './notification-list.tsx';
import { notificationsQuery, useMarkAllNotificationsRead, withPushed } from './queries.ts';

/** The header's bell: unread count kept live over the socket, newest notifications in a panel. */
export function NotificationBell({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const list = useQuery(notificationsQuery);
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
        aria-controls={open ? 'notification-panel' : undefined}
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
          <NotificationList
            list={list}
            onOpened={() => setOpen(false)}
            listClassName="max-h-96 overflow-y-auto"
          />
        </div>
      )}
    </div>
  );
}
