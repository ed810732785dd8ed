import type { RouteObject } from 'react-router';
import { ErrorPage } from './error-page.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { toElementRoutes, withoutQuery } from './route-elements.tsx';

/** Marketing and help paths whose page is copy plus next steps (spec §2 "other linked paths"). */
const infoPaths = [
  'concierge',
  'story-1',
  'story-2',
  'story-3',
  'solutions/consulting',
  'solutions/strategy',
  'solutions/technology',
  'services/consulting',
  'services/support',
  'services/tools',
  'services/scientific-writing',
  'services/scientific-consulting',
  'services/secondary-research',
  'blog',
  'blog/choose-consultant',
  'blog/trends-freelance-science',
  'blog/institutions-on-demand',
];
const legalPaths = ['privacy-policy', 'user-agreement', 'cookie-policy'];

// Each page is its own chunk (route-level code splitting).
const site = () => import('../features/site/pages.ts');
const profile = () => import('../features/profile/pages.ts');
const experts = () => import('../features/experts/pages.ts');
const projects = () => import('../features/projects/pages.ts');
const workspace = () => import('../features/workspace/pages.ts');
const admin = () => import('../features/admin/pages.ts');
const directory = async () => ({
  Component: (await import('../features/experts/find-expert-page.tsx')).FindExpertPage,
});
// The guard checks the session with TanStack Query, so it loads with the pages it guards.
const requireAuth = async () => ({ Component: (await import('./require-auth.tsx')).RequireAuth });
const requireAuthWithSiteFrame = async () => ({
  Component: (await import('./require-auth.tsx')).RequireAuthWithSiteFrame,
});

const publicRoutes: RouteObject[] = [
  {
    index: true,
    handle: withoutQuery,
    lazy: async () => ({ Component: (await import('../features/site/landing-page.tsx')).LandingRoute }),
  },
  {
    path: 'how-it-works',
    handle: withoutQuery,
    lazy: async () => ({
      Component: (await import('../features/site/how-it-works-page.tsx')).HowItWorksPage,
    }),
  },
  { path: 'join-expert', lazy: async () => ({ Component: (await experts()).JoinExpertPage }) },
  // The directory is a prerendered public page: its own chunk, without TanStack Query. One loader
  // for its three paths, so choosing a subject (another path) finds its module already in.
  ...['find-an-expert', 'find-expert', 'find-an-expert/subject/:subject'].map((path) => ({
    path,
    handle: withoutQuery,
    lazy: directory,
  })),
  {
    path: 'experts/:slug',
    // The profile's "Invite to a project" dialog comes from the projects feature, composed here.
    lazy: async () => {
      const [{ ExpertProfilePage }, { InviteToProjectDialog }] = await Promise.all([
        experts(),
        import('../features/projects/invite-to-project-dialog.tsx'),
      ]);
      return { Component: () => <ExpertProfilePage inviteDialog={InviteToProjectDialog} /> };
    },
  },
  { path: 'projects', lazy: async () => ({ Component: (await projects()).ProjectsPage }) },
  { path: 'projects/:id', lazy: async () => ({ Component: (await projects()).ProjectDetailPage }) },
  ...['create-project', 'request-service'].map((path) => ({
    path,
    lazy: async () => ({ Component: (await projects()).PostProjectPage }),
  })),
  { path: 'faq', handle: withoutQuery, lazy: async () => ({ Component: (await site()).FaqPage }) },
  {
    path: 'sign-in/failed',
    handle: withoutQuery,
    lazy: async () => ({
      Component: (await import('../features/auth/sign-in-failed-page.tsx')).SignInFailedPage,
    }),
  },
  {
    path: 'sign-in/complete',
    lazy: async () => ({
      Component: (await import('../features/auth/complete-sign-up-page.tsx')).CompleteSignUpPage,
    }),
  },
  {
    path: 'verify-email',
    lazy: async () => ({
      Component: (await import('../features/auth/verify-email-page.tsx')).VerifyEmailPage,
    }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({
      Component: (await import('../features/auth/reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
  ...infoPaths.map((path) => ({
    path,
    handle: withoutQuery,
    lazy: async () => ({ Component: (await site()).InfoPage }),
  })),
  ...legalPaths.map((path) => ({
    path,
    handle: withoutQuery,
    lazy: async () => ({ Component: (await site()).LegalPage }),
  })),
  {
    path: 'concierge/request',
    lazy: async () => ({
      Component: (await import('../features/chat/concierge-request-page.tsx')).ConciergeRequestPage,
    }),
  },
  {
    lazy: requireAuth,
    children: [
      {
        path: 'chat',
        lazy: async () => ({ Component: (await import('../features/chat/chat-page.tsx')).ChatPage }),
      },
    ],
  },
  {
    path: '*',
    handle: withoutQuery,
    lazy: async () => ({ Component: (await import('../components/not-found-page.tsx')).NotFoundPage }),
  },
];

const profilePage = (
  path: string | undefined,
  name: keyof Awaited<ReturnType<typeof profile>>,
): RouteObject =>
  path === undefined
    ? { index: true, lazy: async () => ({ Component: (await profile())[name] }) }
    : { path, lazy: async () => ({ Component: (await profile())[name] }) };

const profileRoutes: RouteObject[] = [
  profilePage(undefined, 'ProfilePage'),
  profilePage('freelancer-dashboard', 'FreelancerDashboardPage'),
  profilePage('project-owner-dashboard', 'OwnerDashboardPage'),
  profilePage('my-projects', 'MyProjectsPage'),
  profilePage('browse', 'BrowseProjectsPage'),
  // The old nested path of the browse page still works (spec §2's known inconsistency).
  profilePage('browse-projects', 'BrowseProjectsPage'),
  profilePage('proposals', 'ProposalsPage'),
  { path: 'workspace', lazy: async () => ({ Component: (await workspace()).WorkspacePage }) },
  {
    path: 'workspace/:contractId',
    lazy: async () => ({ Component: (await workspace()).ContractWorkspacePage }),
  },
  profilePage('payment', 'PaymentDetailsPage'),
  profilePage('billing', 'BillingPage'),
  profilePage('calls', 'ScheduledCallsPage'),
  // The spec's path is /profile/calls; the longer name (as issue #18 wrote it) opens the same page.
  profilePage('scheduled-calls', 'ScheduledCallsPage'),
  profilePage('settings', 'SettingsPage'),
  profilePage('notifications', 'NotificationsPage'),
  profilePage('admin', 'AdminHomePage'),
  {
    path: 'expert-profile',
    lazy: async () => {
      const [{ ExpertProfileEditPage }, { AvatarCard }] = await Promise.all([
        experts(),
        import('../features/account/avatar-card.tsx'),
      ]);
      const photo = (
        <AvatarCard description="Your photo on your public profile, in search and in messages. PNG, JPEG or WebP, up to 2 MB; it changes at once." />
      );
      return { Component: () => <ExpertProfileEditPage photo={photo} /> };
    },
  },
  { path: 'admin/vetting', lazy: async () => ({ Component: (await experts()).AdminVettingPage }) },
  { path: 'admin/disputes', lazy: async () => ({ Component: (await projects()).AdminDisputesPage }) },
  { path: 'admin/people', lazy: async () => ({ Component: (await admin()).AdminPeoplePage }) },
  { path: 'admin/people/:id', lazy: async () => ({ Component: (await admin()).AdminPersonPage }) },
  { path: 'admin/audit-log', lazy: async () => ({ Component: (await admin()).AdminAuditLogPage }) },
  { path: 'admin/reports', lazy: async () => ({ Component: (await admin()).AdminReportsPage }) },
  profilePage('*', 'ProfileNotFoundPage'),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { errorElement: <ErrorPage />, children: [{ element: <PublicLayout />, children: publicRoutes }] },
      {
        path: 'profile',
        errorElement: <ErrorPage />,
        lazy: requireAuthWithSiteFrame,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/profile-layout.tsx')).ProfileLayout }),
            children: profileRoutes,
          },
        ],
      },
    ],
  },
];

/** What the app renders (declarative React Router, see route-elements.tsx). */
export const appRoutes = toElementRoutes(routes);
