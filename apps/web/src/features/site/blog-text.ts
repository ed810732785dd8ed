import type { BlogPost } from './blog-data.ts';

/** The articles' text, apart from their cards so the how-it-works page does not download it. */
export const blogText: Record<BlogPost['slug'], { heading: string; body: string }[]> = {
  'choose-consultant': [
    {
      heading: 'Start from the decision you need to make',
      body: 'Write down the decision the work should support, for example whether to run a second trial arm or which supplier to qualify. A consultant who asks about that decision before talking about methods is usually the right kind of expert.',
    },
    {
      heading: 'Check the exact subject, not the field',
      body: 'A PhD in chemistry says little about emulsions in plant-based dairy. Look at publications, patents and past projects in your narrow subject, and ask which of them was closest to your problem.',
    },
    {
      heading: 'Ask for a short written approach',
      body: 'Before hiring, ask two or three candidates for half a page on how they would tackle the problem, what they need from you and what could go wrong. The answers show understanding better than any interview.',
    },
    {
      heading: 'Split the work into milestones you can judge',
      body: 'A literature scan, then a plan, then the analysis: each milestone should end in something you can read and approve. With escrow, you only release money for work you have seen.',
    },
  ],
  'trends-freelance-science': [
    {
      heading: 'Independent by choice',
      body: 'Many scientists now leave permanent posts to work on several projects a year. They keep their research skills sharp across industries and choose problems that interest them.',
    },
    {
      heading: 'Remote collaboration is normal',
      body: 'Shared documents, video calls and data rooms mean a statistician in Lisbon can work with a lab in Toronto as easily as with the office next door.',
    },
    {
      heading: 'Project work over long contracts',
      body: 'Companies increasingly buy a defined result, such as a report, a model or a formulation, instead of hours. Fixed-price milestones make the cost predictable for both sides.',
    },
    {
      heading: 'Trust through escrow',
      body: 'Paying someone you have never met is easier when the money is held by a third party and released only on approval. That is why escrow has become the default on specialist marketplaces.',
    },
  ],
  'institutions-on-demand': [
    {
      heading: 'A skill for one grant',
      body: 'A grant may need a health economist for six weeks or a bioinformatician for one data set. Hiring for the project avoids a permanent post the budget cannot carry.',
    },
    {
      heading: 'An independent review',
      body: 'An outside expert reading a protocol or manuscript before submission finds problems the team no longer sees, and reviewers later ask fewer questions.',
    },
    {
      heading: 'Predictable budgets',
      body: 'Fixed-price milestones fit grant accounting: each one is a line in the budget, paid when delivered, with the money held in escrow until then.',
    },
  ],
};
