import { useLocation } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHero } from '../../components/page-hero.tsx';

interface LegalDocument {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const legalDocuments: Record<string, LegalDocument> = {
  '/privacy-policy': {
    title: 'Privacy Policy',
    updated: '1 January 2026',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'When you create an account we store your name, e-mail address, phone number, how you heard about us and whether you want our newsletter. When you use Sciwise we store your projects, messages, files and payment records.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To run your account, match you with experts or projects, hold and release milestone payments, keep the platform safe, and, only if you opt in, send you our newsletter.',
        ],
      },
      {
        heading: 'Who can see it',
        paragraphs: [
          'Project details are visible only to signed-in members. Your e-mail address and phone number are never shown to other members. We share data with payment and e-mail providers only as far as they need it to provide their service.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can see and correct your details in Account Setting, end your sessions on other devices, unsubscribe from the newsletter at any time, and delete your account. Messages and payment records that other people rely on are kept in anonymised form.',
        ],
      },
    ],
  },
  '/user-agreement': {
    title: 'User Agreement',
    updated: '1 January 2026',
    sections: [
      {
        heading: 'Using Sciwise',
        paragraphs: [
          'Sciwise connects clients with independent experts. Clients and experts contract with each other; Sciwise provides the platform, the escrow service and dispute handling.',
        ],
      },
      {
        heading: 'Payments and fees',
        paragraphs: [
          'Clients fund milestones into escrow and pay a 5% marketplace fee when funding. Experts pay a 10% service fee when a milestone is released. Fees are shown before anyone commits.',
          'A submitted milestone that the client does not act on is released automatically after 14 days.',
        ],
      },
      {
        heading: 'Money-back guarantee',
        paragraphs: [
          'If a funded milestone is not delivered, the client is refunded everything paid for it, fee included, after review.',
        ],
      },
      {
        heading: 'Conduct',
        paragraphs: [
          'Be honest about your qualifications, keep confidential information confidential, and keep payments for work found on Sciwise on Sciwise.',
        ],
      },
    ],
  },
  '/cookie-policy': {
    title: 'Cookie Policy',
    updated: '1 January 2026',
    sections: [
      {
        heading: 'The one cookie we need',
        paragraphs: [
          'When you sign in we set a session cookie so that you stay signed in. It cannot be read by scripts on the page, is sent only over secure connections, and ends when you log out or after 30 days.',
        ],
      },
      {
        heading: 'Local storage',
        paragraphs: [
          'Your browser also keeps your name and a note that you are signed in, so that other open tabs notice when you sign in or out. It contains no password or token and is cleared when you log out.',
        ],
      },
      {
        heading: 'No tracking',
        paragraphs: [
          'We use no advertising or third-party tracking cookies, and we load no third-party fonts or scripts.',
        ],
      },
    ],
  },
};

export function LegalPage() {
  const { pathname } = useLocation();
  const document = legalDocuments[pathname.replace(/\/+$/, '')];
  if (!document) return <NotFoundPage />;
  return (
    <>
      <PageHero eyebrow="Legal" title={document.title}>
        <p>Last updated {document.updated}.</p>
      </PageHero>
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-14 sm:px-6">
        {document.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </>
  );
}
