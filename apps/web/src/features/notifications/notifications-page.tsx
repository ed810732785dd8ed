import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { NotificationList } from './notification-list.tsx';
import { notificationsQuery, useMarkAllNotificationsRead } from './queries.ts';

/** The bell's list as a page, so the account menus (and phones) have somewhere to send people. */
export function NotificationsPage() {
  const list = useQuery(notificationsQuery);
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unreadCount ?? 0;
  return (
    <>
      <PageHeading
        title="Notifications"
        actions={
          unread > 0 && (
            <Button variant="secondary" onClick={() => markAll.mutate()} loading={markAll.isPending}>
              Mark all as read
            </Button>
          )
        }
      >
        Your newest, up to 20. Choose what reaches you by e-mail in{' '}
        <Link to="/profile/settings" className="font-medium text-brand-700 hover:underline">
          Account Setting
        </Link>
        .
      </PageHeading>
      <div className="overflow-hidden rounded-card border border-slate-200 bg-white text-sm shadow-card">
        <NotificationList list={list} />
      </div>
    </>
  );
}
