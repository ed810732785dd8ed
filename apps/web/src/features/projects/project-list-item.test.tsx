import type { ProjectListItem } from '@sciwise/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectListCard } from './project-list-item.tsx';

afterEach(cleanup);

const item = (overrides: Partial<ProjectListItem>): ProjectListItem => ({
  id: 'p-1',
  title: 'Dose–response review for three compounds',
  category: 'data_analysts',
  budget: { type: 'fixed', minMinor: 150_000, maxMinor: 400_000, currency: 'USD' },
  publishedAt: '2026-11-19T10:00:00.000Z',
  subjects: ['Pharmacology'],
  excerpt: 'We need a pharmacologist to review the curves of three compounds.',
  ...overrides,
});

const card = (project: ProjectListItem) =>
  render(
    <MemoryRouter>
      <ProjectListCard project={project} />
    </MemoryRouter>,
  );

describe('a project in a list', () => {
  it('shows a confidential project’s badge and what opens its brief, in place of the excerpt', () => {
    card(item({ confidential: true, excerpt: '' }));
    const article = screen.getByRole('article');
    expect(screen.getByText('Confidential')).toBeTruthy();
    expect(article.textContent).toContain('The brief opens once you accept the client’s NDA.');
    expect(screen.getByRole('link', { name: 'Dose–response review for three compounds' })).toBeTruthy();
  });

  it('shows the excerpt of a project without an agreement, and no badge', () => {
    card(item({}));
    expect(
      screen.getByText('We need a pharmacologist to review the curves of three compounds.'),
    ).toBeTruthy();
    expect(screen.queryByText('Confidential')).toBeNull();
    expect(screen.queryByText(/The brief opens once you accept/)).toBeNull();
  });
});
