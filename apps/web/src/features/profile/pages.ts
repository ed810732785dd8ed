export { ProfilePage } from '../account/profile-page.tsx';
export { SettingsPage } from '../account/settings-page.tsx';
export { FreelancerDashboardPage, OwnerDashboardPage } from './dashboard-pages.tsx';
export { ProfileNotFoundPage } from './profile-not-found-page.tsx';
export { ScheduledCallsPage } from './section-pages.tsx';
export { PaymentDetailsPage } from './payment-details-page.tsx';
export { BillingPage } from '../billing/billing-page.tsx';
export { BrowseProjectsPage, MyProjectsPage, ProposalsPage } from '../projects/pages.ts';
