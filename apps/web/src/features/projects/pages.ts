export { AdminDisputesPage } from './admin-disputes-page.tsx';
export { PostProjectPage } from './post-project-page.tsx';
export { ProjectDetailPage } from './project-detail-page.tsx';
export { ProjectsPage } from './projects-page.tsx';
export { BrowseProjectsPage, MyProjectsPage } from './profile-pages.tsx';
export { ProposalsPage } from './proposals-page.tsx';
