export { AdminVettingPage } from './admin-vetting-page.tsx';
export { ExpertProfilePage } from './expert-profile-page.tsx';
export { JoinExpertPage } from './join-expert-page.tsx';
export { ExpertProfileEditPage } from './profile-edit-page.tsx';
