import { CRITERION_MAX_LENGTH, MILESTONE_CRITERIA_MAX, type Quote } from '@sciwise/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { someTerms } from '../../test/fixtures.ts';
import { PAGE_TEST, fakeApi, renderPage } from '../../test/support.tsx';
import { QuoteForm } from './quote-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const addCriterion = (milestone: number) =>
  // By its label rather than its role: computing every role on the form is slow in jsdom.
  fireEvent.click(screen.getByLabelText(`Add a criterion to milestone ${milestone}`));

function renderForm(existing?: Quote) {
  const all = fakeApi({
    // What is sent is under test here; the answer only has to arrive.
    'POST /api/projects/p-1/quotes': {},
    'PATCH /api/quotes/q-1': {},
    'GET /api/payments/terms': someTerms,
  });
  // The form reads the service fee (GET); what it sends is what is under test.
  const sent = () => all.filter((call) => call.method !== 'GET');
  renderPage(
    <QuoteForm projectId="p-1" currency="USD" onDone={() => undefined} {...(existing ? { existing } : {})} />,
    '/projects/p-1',
  );
  return { sent };
}

function fillQuote() {
  type('Cover letter', 'I run this pipeline every week and write reports boards can read.');
  type('Duration in days', '14');
  type('Milestone 1', 'Analysis and figures');
  type('Amount 1', '1200');
}

describe('acceptance criteria in the quote form', PAGE_TEST, () => {
  it('sends each milestone with its criteria, trimmed, and without rows left blank', async () => {
    const { sent } = renderForm();
    fillQuote();
    addCriterion(1);
    type('Criterion 1 of milestone 1', '  Figures as 300 dpi PNG  ');
    addCriterion(1);
    addCriterion(1);
    type('Criterion 3 of milestone 1', 'Code in a public repository');
    fireEvent.click(screen.getByText('Add a milestone'));
    type('Milestone 2', 'Board report');
    type('Amount 2', '800');
    addCriterion(2);
    type('Criterion 1 of milestone 2', 'Two pages at most');
    fireEvent.click(screen.getByText('Send quote'));

    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toMatchObject({
      priceMinor: 200_000,
      milestones: [
        {
          title: 'Analysis and figures',
          amountMinor: 120_000,
          criteria: ['Figures as 300 dpi PNG', 'Code in a public repository'],
        },
        { title: 'Board report', amountMinor: 80_000, criteria: ['Two pages at most'] },
      ],
    });
  });

  it('removes the criterion asked for and keeps the others', async () => {
    const { sent } = renderForm();
    fillQuote();
    for (const [index, text] of ['Raw counts attached', 'Methods section', 'Figure legends'].entries()) {
      addCriterion(1);
      type(`Criterion ${index + 1} of milestone 1`, text);
    }
    fireEvent.click(screen.getByLabelText('Remove criterion 2 of milestone 1'));
    expect(screen.getByLabelText('Criterion 2 of milestone 1', { exact: true })).toHaveProperty(
      'value',
      'Figure legends',
    );
    fireEvent.click(screen.getByText('Send quote'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toMatchObject({
      milestones: [{ criteria: ['Raw counts attached', 'Figure legends'] }],
    });
  });

  it(`stops at ${MILESTONE_CRITERIA_MAX} criteria of ${CRITERION_MAX_LENGTH} characters each`, () => {
    renderForm();
    for (let i = 0; i < MILESTONE_CRITERIA_MAX; i += 1) addCriterion(1);
    const add = screen.getByLabelText('Add a criterion to milestone 1');
    expect(add).toHaveProperty('disabled', true);
    expect(
      screen.getByText(`That is the most a milestone can have: ${MILESTONE_CRITERIA_MAX}.`),
    ).toBeTruthy();
    const field = screen.getByLabelText(`Criterion ${MILESTONE_CRITERIA_MAX} of milestone 1`, {
      exact: true,
    });
    expect(field.getAttribute('maxlength')).toBe(String(CRITERION_MAX_LENGTH));
    fireEvent.click(screen.getByLabelText('Remove criterion 1 of milestone 1'));
    expect(add).toHaveProperty('disabled', false);
  });

  it('edits an existing quote with its criteria in place', async () => {
    const existing = {
      id: 'q-1',
      coverLetter: 'I run this pipeline every week and write reports boards can read.',
      durationDays: 10,
      price: { amountMinor: 50_000, currency: 'USD' },
      milestones: [{ title: 'Plan', amountMinor: 50_000, criteria: ['Sample sheet checked'] }],
    } as Quote;
    const { sent } = renderForm(existing);
    expect(screen.getByLabelText('Criterion 1 of milestone 1', { exact: true })).toHaveProperty(
      'value',
      'Sample sheet checked',
    );
    addCriterion(1);
    type('Criterion 2 of milestone 1', 'Power analysis included');
    fireEvent.click(screen.getByText('Save quote'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({
      method: 'PATCH',
      body: { milestones: [{ criteria: ['Sample sheet checked', 'Power analysis included'] }] },
    });
  });
});
