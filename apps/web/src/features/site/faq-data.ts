export const faqItems: { question: string; answer: string }[] = [
  {
    question: 'Who are the experts on Sciwise?',
    answer:
      'Scientists, engineers, clinicians, writers and analysts, many with a PhD or years of industry experience. Every profile is vetted before it is listed.',
  },
  {
    question: 'How quickly will I be matched?',
    answer: 'Most projects receive their first matched experts within 24 hours of being posted.',
  },
  {
    question: 'How do milestone payments work?',
    answer:
      'You fund each milestone into escrow before work on it starts. The money is released to the expert only when you approve the deliverable.',
  },
  {
    question: 'What if I am not satisfied with the work?',
    answer:
      'Ask for a revision first. If the work still is not delivered, our 100% money-back guarantee refunds what you paid for that milestone, fees included.',
  },
  {
    question: 'Do I have to sign a long-term contract?',
    answer: 'No. You hire per project, with no subscription and no long-term commitment.',
  },
  {
    question: 'Who can see my project details?',
    answer:
      'Only signed-in members can see project details, and invite-only projects are visible only to the experts you invite.',
  },
  {
    question: 'How do I join as an expert?',
    answer:
      'Create an account, complete your expert profile with your education, publications and skills, and submit it for vetting. Approved experts can quote on projects.',
  },
];
