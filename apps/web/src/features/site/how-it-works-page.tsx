import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { FaqList } from './faq-list.tsx';

// Spec §4 with the §8 spelling fix: "biologist".
export const rollingWords = [
  'an expert',
  'a scientist',
  'an engineer',
  'a mathematician',
  'a physicist',
  'a biologist',
  'a chemist',
  'an astrophysicist',
];
const WORD_MS = 2000;
const STEP_START_MS = 100;
const STEP_MS = 600;

const steps = [
  {
    title: 'Post your project',
    text: 'Describe the work, the deliverables and your budget. It takes under 5 minutes.',
  },
  { title: 'Get matched', text: 'Vetted experts send quotes within 24 hours. Compare profiles and reviews.' },
  { title: 'Work together', text: 'Chat, share files and track milestones in one workspace.' },
  { title: 'Approve and pay', text: 'Each milestone is paid from escrow only when you approve it.' },
];

const reasons = [
  { title: 'Vetted experts', text: '50,000+ specialists in 170+ countries, checked before they are listed.' },
  { title: 'Escrow protection', text: 'Your money is held until you approve the deliverable.' },
  { title: 'Money-back guarantee', text: 'If a milestone is not delivered, you get 100% of it back.' },
  { title: 'No long-term contracts', text: 'Hire for one project, one milestone or one question.' },
];

const serviceTiles = [
  'Data science',
  'Scientific consulting',
  'Statistical analysis',
  'Food science and technology',
  'Medical writing',
  'Clinical evaluation report',
  'Scientific report',
  'Secondary research',
  'Literature search',
  'Scientific editing',
];

function useRollingWord() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((value) => (value + 1) % rollingWords.length), WORD_MS);
    return () => window.clearInterval(timer);
  }, []);
  return rollingWords[index];
}

function useRevealedSteps(count: number) {
  const [revealed, setRevealed] = useState(0);
  useEffect(() => {
    const timers = Array.from({ length: count }, (_, step) =>
      window.setTimeout(() => setRevealed(step + 1), STEP_START_MS + step * STEP_MS),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [count]);
  return revealed;
}

export function HowItWorksPage() {
  const word = useRollingWord();
  const revealed = useRevealedSteps(steps.length);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 pt-36 pb-16 text-white md:pt-52 md:pb-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">How it Works</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            Hire <span className="text-accent-400">{word}</span> for your next project
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100">
            From a question to an approved deliverable in four steps, with your payment protected the whole
            way.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/create-project" variant="inverse" size="lg">
              Post a project
            </ButtonLink>
            <ButtonLink to="/find-an-expert" variant="outline-inverse" size="lg">
              Browse experts
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">Four steps</h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-4">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className={cn(
                'rounded-card border border-slate-200 bg-white p-6 shadow-card transition-all duration-500',
                index < revealed ? 'translate-y-0 opacity-100' : 'translate-y-3 opacity-0',
              )}
            >
              <span className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">Why clients choose Sciwise</h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 md:grid-cols-4">
            {reasons.map((reason) => (
              <div key={reason.title} className="rounded-card border border-slate-200 bg-white p-6">
                <h3 className="font-semibold text-slate-900">{reason.title}</h3>
                <p className="mt-2 text-sm text-slate-700">{reason.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Consulting firm or freelance expert?
        </h2>
        <div className="mt-8 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Consulting firms compared with Sciwise freelancers</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-3 pr-4 font-semibold text-slate-900"></th>
                <th scope="col" className="py-3 pr-4 font-semibold text-slate-900">
                  Consulting firm
                </th>
                <th scope="col" className="py-3 font-semibold text-brand-800">
                  Sciwise expert
                </th>
              </tr>
            </thead>
            <tbody className="text-slate-700">
              {[
                ['Time to start', 'Weeks', 'Usually within 24 hours'],
                ['Pricing', 'Retainers and overheads', 'Fixed price or hourly, per milestone'],
                ['Who does the work', 'Often junior staff', 'The specialist you chose'],
                ['Commitment', 'Long contracts', 'No long-term contracts'],
              ].map(([row, firm, expert]) => (
                <tr key={row} className="border-b border-slate-200">
                  <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
                    {row}
                  </th>
                  <td className="py-3 pr-4">{firm}</td>
                  <td className="py-3">{expert}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">Services you can customise</h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 md:grid-cols-5">
            {serviceTiles.map((tile) => (
              <li key={tile}>
                <Link
                  to="/create-project"
                  className="block h-full rounded-card border border-slate-200 bg-white p-4 text-sm font-medium text-slate-900 hover:border-brand-600 hover:text-brand-800"
                >
                  {tile}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">Frequently asked questions</h2>
        <div className="mt-8">
          <FaqList />
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/story-1" className="text-sm font-semibold text-brand-700 hover:underline">
            Read a success story
          </Link>
          <Link to="/blog/choose-consultant" className="text-sm font-semibold text-brand-700 hover:underline">
            How to choose a consultant
          </Link>
        </div>
      </section>
    </>
  );
}
