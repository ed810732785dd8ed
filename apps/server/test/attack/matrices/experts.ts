import type {
  ExpertApplication,
  ExpertProfile,
  ExpertSearchResponse,
  MyExpertProfile,
  ProfileChange,
} from '@sciwise/contracts';
import { expect5, people, type Matrix, type Person } from '../../support/authorization-table.ts';
import type { TestApp } from '../../support/test-app.ts';
import type { DomainMatrix } from './domain-matrix.ts';
import { quickExpert, quickMember, type SignedInUser } from '../../factories.ts';
import { call } from '../../support/requests.ts';

interface Fixture {
  people: Record<Person, SignedInUser | null>;
  application: ExpertApplication;
  /** Profile editing rows: the owner is an approved expert with this change awaiting review. */
  change: ProfileChange | null;
}

/**
 * Experts and vetting: the owner has submitted an application; the counterpart is an approved
 * expert; another member has never applied. Everyone is new in every attempt. Vetting is for admins only, and nobody sees a
 * profile in public before it is approved, not even its owner.
 *
 * The profile-editing rows start elsewhere: the owner is an approved expert whose change to their
 * subjects awaits review, the counterpart another approved expert. Only the expert edits their
 * own profile (the session says whose), and only admins review changes.
 */
export function expertsMatrix(t: TestApp): DomainMatrix<Fixture> {
  const setUp = async () => {};
  const tearDown = async () => {};

  const complete = {
    headline: 'Regulatory consultant for medical devices',
    bio: 'I help medical device makers through CE marking and FDA submissions, from the technical file to the audit.',
    category: 'consultants',
    subjects: ['Medical devices'],
    hourlyRateMinor: 15_000,
    currency: 'EUR',
    country: 'DE',
    languages: ['en', 'de'],
  };

  const who = (f: Fixture, role: Person) => f.people[role];
  const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;
  const admin = (f: Fixture, role: Person, action: string) =>
    status(
      call(t.app, 'POST', `/api/admin/expert-applications/${f.application.id}/${action}`, who(f, role), {
        reason: 'The profile does not show enough experience in the field yet.',
      }),
    );

  const editing = async (): Promise<Fixture> => {
    const owner = await quickExpert(t.app);
    const sent = await call(t.app, 'POST', '/api/expert-profile/changes', owner, {
      subjects: ['Compiler construction'],
    });
    const people = {
      owner,
      counterpart: await quickExpert(t.app),
      otherMember: await quickMember(t.app),
      admin: await quickMember(t.app, { role: 'admin' }),
      anonymous: null,
    };
    const application = await call(t.app, 'GET', '/api/expert-application', owner);
    return {
      people,
      application: application.json<ExpertApplication>(),
      change: sent.json<MyExpertProfile>().pendingChange,
    };
  };
  const review = (f: Fixture, role: Person, action: 'approve' | 'decline') =>
    status(
      call(t.app, 'POST', `/api/admin/expert-profile-changes/${f.change!.id}/${action}`, who(f, role), {
        reason: 'Please add a publication that shows this subject.',
      }),
    );

  const matrix: Matrix<Person, Fixture> = {
    roles: people,
    async fixture() {
      const owner = await quickMember(t.app);
      await call(t.app, 'PATCH', '/api/expert-application', owner, complete);
      const submitted = await call(t.app, 'POST', '/api/expert-application/submit', owner);
      const people = {
        owner,
        counterpart: await quickExpert(t.app),
        otherMember: await quickMember(t.app),
        admin: await quickMember(t.app, { role: 'admin' }),
        anonymous: null,
      };
      return { people, application: submitted.json<ExpertApplication>(), change: null };
    },
    rows: [
      // expected: expect5(owner, counterpart, another member, admin, anonymous)
      {
        action: "GET /api/expert-application (one's own)",
        readOnly: true,
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) => status(call(t.app, 'GET', '/api/expert-application', who(f, role))),
      },
      {
        action: "PATCH /api/expert-application (one's own draft)",
        expected: expect5(409, 409, 200, 200, 401),
        attempt: (f, role) =>
          status(
            call(t.app, 'PATCH', '/api/expert-application', who(f, role), { headline: 'Changed headline' }),
          ),
      },
      {
        action: 'POST /api/expert-application/submit',
        expected: expect5(409, 409, 404, 404, 401),
        attempt: (f, role) => status(call(t.app, 'POST', '/api/expert-application/submit', who(f, role))),
      },
      {
        action: 'POST /api/expert-application/withdraw',
        expected: expect5(200, 409, 404, 404, 401),
        attempt: (f, role) => status(call(t.app, 'POST', '/api/expert-application/withdraw', who(f, role))),
      },
      {
        action: 'GET /api/admin/expert-applications (the queue)',
        readOnly: true,
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (f, role) => status(call(t.app, 'GET', '/api/admin/expert-applications', who(f, role))),
      },
      {
        action: "GET /api/admin/expert-applications/:id (the owner's)",
        readOnly: true,
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (f, role) =>
          status(call(t.app, 'GET', `/api/admin/expert-applications/${f.application.id}`, who(f, role))),
      },
      {
        action: "POST /api/admin/expert-applications/:id/approve (the owner's)",
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (f, role) => admin(f, role, 'approve'),
      },
      {
        action: "POST /api/admin/expert-applications/:id/reject (the owner's)",
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (f, role) => admin(f, role, 'reject'),
      },
      {
        action: "GET /api/experts/:slug (the owner's, not yet approved)",
        readOnly: true,
        expected: expect5(404, 404, 404, 404, 404),
        attempt: (f, role) => status(call(t.app, 'GET', `/api/experts/${f.application.slug}`, who(f, role))),
      },
      {
        action: "GET /api/experts/:slug/avatar.svg (the owner's, not yet approved)",
        readOnly: true,
        expected: expect5(404, 404, 404, 404, 404),
        attempt: (f, role) =>
          status(call(t.app, 'GET', `/api/experts/${f.application.slug}/avatar.svg`, who(f, role))),
      },
      {
        action: 'GET /api/experts lists the owner before approval',
        readOnly: true,
        expected: expect5('not listed', 'not listed', 'not listed', 'not listed', 'not listed'),
        async attempt(f, role) {
          const response = await call(
            t.app,
            'GET',
            '/api/experts?category=consultants&limit=50',
            who(f, role),
          );
          const slugs = response.json<ExpertSearchResponse>().experts.map((e) => e.slug);
          return slugs.includes(f.application.slug) ? 'listed' : 'not listed';
        },
      },
      {
        action: "GET /api/expert-profile (one's own approved profile)",
        readOnly: true,
        fixture: editing,
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) => status(call(t.app, 'GET', '/api/expert-profile', who(f, role))),
      },
      {
        action: "PATCH /api/expert-profile (one's own, applies at once)",
        fixture: editing,
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) =>
          status(
            call(t.app, 'PATCH', '/api/expert-profile', who(f, role), { headline: 'Compilers and more' }),
          ),
      },
      {
        action: 'POST /api/expert-profile/changes (the owner already has one pending)',
        fixture: editing,
        expected: expect5(409, 201, 404, 404, 401),
        attempt: (f, role) =>
          status(
            call(t.app, 'POST', '/api/expert-profile/changes', who(f, role), {
              subjects: ['Programming languages'],
            }),
          ),
      },
      {
        action: "POST /api/expert-profile/changes/:id/withdraw (the owner's change)",
        fixture: editing,
        expected: expect5(200, 404, 404, 404, 401),
        attempt: (f, role) =>
          status(call(t.app, 'POST', `/api/expert-profile/changes/${f.change!.id}/withdraw`, who(f, role))),
      },
      {
        action: 'GET /api/admin/expert-profile-changes (the re-review queue)',
        readOnly: true,
        fixture: editing,
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (f, role) => status(call(t.app, 'GET', '/api/admin/expert-profile-changes', who(f, role))),
      },
      {
        action: "POST /api/admin/expert-profile-changes/:id/approve (the owner's change)",
        fixture: editing,
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (f, role) => review(f, role, 'approve'),
      },
      {
        action: "POST /api/admin/expert-profile-changes/:id/decline (the owner's change)",
        fixture: editing,
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (f, role) => review(f, role, 'decline'),
      },
      {
        action: "GET /api/experts/:slug (the owner's, while a change is pending)",
        readOnly: true,
        fixture: editing,
        expected: expect5(
          'approved values',
          'approved values',
          'approved values',
          'approved values',
          'approved values',
        ),
        async attempt(f, role) {
          const response = await call(t.app, 'GET', `/api/experts/${f.application.slug}`, who(f, role));
          return response.json<ExpertProfile>().subjects.length === 0 ? 'approved values' : 'pending values';
        },
      },
    ],
  };

  return { ...matrix, setUp, tearDown };
}
