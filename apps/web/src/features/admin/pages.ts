export { AdminAuditLogPage } from './audit-log-page.tsx';
export { AdminPeoplePage } from './people-page.tsx';
export { AdminPersonPage } from './person-page.tsx';
export { AdminReportsPage } from './reports-page.tsx';
