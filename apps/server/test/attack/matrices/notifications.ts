import type { NotificationListResponse, NotificationPush } from '@sciwise/contracts';
import { notify } from '../../../src/modules/notifications/service.ts';
import { expect5, people, type Matrix, type Person } from '../../support/authorization-table.ts';
import type { TestApp } from '../../support/test-app.ts';
import { nextEvent, type ChatSocket } from '../../messaging/helpers.ts';
import { closeSockets, socketsFor } from '../socket-outcomes.ts';
import type { DomainMatrix } from './domain-matrix.ts';
import { quickExpert, quickMember, type SignedInUser } from '../../factories.ts';
import { call } from '../../support/requests.ts';

interface Fixture {
  notificationId: string;
  title: string;
}

/**
 * Notifications: the owner got one because the counterpart (an expert) quoted on their project.
 * Each person reads, marks and hears only their own; someone else's is a 404.
 */
export function notificationsMatrix(t: TestApp, url: string): DomainMatrix<Fixture> {
  let who: Record<Person, SignedInUser | null>;
  let sockets: Record<Person, ChatSocket | null>;
  async function setUp() {
    who = {
      owner: await quickMember(t.app),
      counterpart: await quickExpert(t.app),
      otherMember: await quickMember(t.app),
      admin: await quickMember(t.app, { role: 'admin' }),
      anonymous: null,
    };
    sockets = await socketsFor(url, who);
  }
  const tearDown = async () => closeSockets(sockets);

  let serial = 0;
  async function notifyOwner(): Promise<Fixture> {
    serial += 1;
    const title = `New quote received #${serial}`;
    await notify(t.app.db, (who.owner as SignedInUser).id, {
      kind: 'quote_received',
      title,
      body: 'Ada quoted $2,000.00.',
    });
    const list = await call(t.app, 'GET', '/api/notifications?limit=50', who.owner);
    const found = list.json<NotificationListResponse>().notifications.find((n) => n.title === title);
    return { notificationId: found!.id, title };
  }

  async function ownerHasUnread(f: Fixture): Promise<boolean> {
    const list = await call(t.app, 'GET', '/api/notifications?limit=50', who.owner);
    return list
      .json<NotificationListResponse>()
      .notifications.some((n) => n.id === f.notificationId && !n.read);
  }

  const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;

  const matrix: Matrix<Person, Fixture> = {
    roles: people,
    fixture: notifyOwner,
    rows: [
      // expected: expect5(owner, counterpart, another member, admin, anonymous)
      {
        action: "GET /api/notifications lists the owner's notification",
        readOnly: true,
        expected: expect5('listed', 'not listed', 'not listed', 'not listed', 401),
        async attempt(f, role) {
          const response = await call(t.app, 'GET', '/api/notifications?limit=50', who[role]);
          if (response.statusCode !== 200) return response.statusCode;
          const ids = response.json<NotificationListResponse>().notifications.map((n) => n.id);
          return ids.includes(f.notificationId) ? 'listed' : 'not listed';
        },
      },
      {
        action: "POST /api/notifications/:id/read (the owner's)",
        expected: expect5(200, 404, 404, 404, 401),
        attempt: (f, role) =>
          status(call(t.app, 'POST', `/api/notifications/${f.notificationId}/read`, who[role])),
      },
      {
        action: "POST /api/notifications/read-all: the owner's notification is",
        expected: expect5('read', 'unread', 'unread', 'unread', 401),
        async attempt(f, role) {
          const response = await call(t.app, 'POST', '/api/notifications/read-all', who[role]);
          if (response.statusCode !== 200) return response.statusCode;
          return (await ownerHasUnread(f)) ? 'unread' : 'read';
        },
      },
      {
        action: "GET /api/me/notification-settings (one's own)",
        readOnly: true,
        expected: expect5(200, 200, 200, 200, 401),
        attempt: (_f, role) => status(call(t.app, 'GET', '/api/me/notification-settings', who[role])),
      },
      {
        action: "PUT /api/me/notification-settings (one's own)",
        expected: expect5(200, 200, 200, 200, 401),
        attempt: (_f, role) =>
          status(
            t.app.inject({
              method: 'PUT',
              url: '/api/me/notification-settings',
              headers: who[role]?.headers,
              payload: { emailUnreadMessages: true, inAppMessages: true },
            }),
          ),
      },
      {
        action: "socket hears the owner's notification",
        expected: expect5('receives', 'nothing', 'nothing', 'nothing', 401),
        async attempt(_f, role) {
          const socket = sockets[role];
          if (!socket) return 401;
          const seen: string[] = [];
          const listen = (push: NotificationPush) => seen.push(push.notification.title);
          socket.on('notification', listen);
          try {
            // Once the owner's socket has it, it has been sent to every socket that would get it;
            // then a notification of the role's own, sent after it, marks where to stop listening.
            const ownerHeard = nextEvent(sockets.owner!, 'notification', (p) =>
              p.notification.title.startsWith('Pushed'),
            );
            const pushed = `Pushed ${serial++}`;
            await notify(t.app.db, (who.owner as SignedInUser).id, {
              kind: 'quote_received',
              title: pushed,
              body: '.',
            });
            await ownerHeard;
            const marker = `Marker ${serial++}`;
            const markerHeard = nextEvent(socket, 'notification', (p) => p.notification.title === marker);
            await notify(t.app.db, who[role]!.id, { kind: 'test_marker', title: marker, body: '.' });
            await markerHeard;
            return seen.includes(pushed) ? 'receives' : 'nothing';
          } finally {
            socket.off('notification', listen);
          }
        },
      },
    ],
  };

  return { ...matrix, setUp, tearDown };
}
