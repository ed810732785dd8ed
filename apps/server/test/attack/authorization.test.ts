import { afterAll, beforeAll, describe } from 'vitest';
import { testMatrix } from '../support/authorization-table.ts';
import { createTestApp } from '../support/test-app.ts';
import { listen } from '../messaging/helpers.ts';
import { accountsMatrix } from './matrices/accounts.ts';
import { callsMatrix } from './matrices/calls.ts';
import type { DomainMatrix } from './matrices/domain-matrix.ts';
import { devOutboxMatrix } from './matrices/dev-outbox.ts';
import { expertsMatrix } from './matrices/experts.ts';
import { messagingMatrix } from './matrices/messaging.ts';
import { notificationsMatrix } from './matrices/notifications.ts';

/**
 * The authorisation matrix of every domain but projects (projects, invitations, quotes and
 * contracts have theirs in test/projects/authorization-matrix.test.ts): one table per domain in
 * matrices/, each action x (owner, counterpart, another member, admin, anonymous). One app
 * serves them all; each table makes its own people.
 */
const t = await createTestApp();
const url = await listen(t.app);
afterAll(() => t.close());

function testDomain<Fixture>(name: string, matrix: DomainMatrix<Fixture>): void {
  describe(name, () => {
    beforeAll(() => matrix.setUp());
    afterAll(() => matrix.tearDown());
    testMatrix(matrix);
  });
}

testDomain('accounts', accountsMatrix(t));
testDomain('experts and vetting', expertsMatrix(t));
testDomain('messaging: routes and socket events', messagingMatrix(t, url));
testDomain('notifications: routes and push', notificationsMatrix(t, url));
testDomain('development outbox', devOutboxMatrix(t));
testDomain('scheduled calls', callsMatrix(t));
