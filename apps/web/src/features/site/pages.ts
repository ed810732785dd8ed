export { FaqPage } from './faq-page.tsx';
export { InfoPage } from './info-page.tsx';
export { LegalPage } from './legal-page.tsx';
