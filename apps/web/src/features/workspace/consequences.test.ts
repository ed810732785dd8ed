import { describe, expect, it } from 'vitest';
import { bonusWords, contractActionCopy, milestoneActionCopy, resolutionWords } from './consequences.ts';
import { testContract, testMilestone } from '../../test/test-contract.ts';

describe('what each action says before it is confirmed', () => {
  it('funding states the charge with the server’s fee', () => {
    const milestone = testMilestone({ status: 'pending', actions: ['fund'] });
    const copy = milestoneActionCopy('fund', milestone, testContract());
    expect(copy.consequence).toMatch(
      /^You will be charged \$1,050\.00: \$1,000\.00 plus the 5% marketplace fee\./,
    );
    expect(copy.confirm).toBe('Pay $1,050.00');
  });

  it('approving states what is released and what the expert receives after the service fee', () => {
    const copy = milestoneActionCopy('approve', testMilestone({ status: 'submitted' }), testContract());
    expect(copy.consequence).toMatch(
      /^\$1,000\.00 is released to Dana Expert; Dana receives \$900\.00 after the 10% service fee\./,
    );
  });

  it('a refund returns everything the client paid, fee included, worded for who refunds', () => {
    const milestone = testMilestone({ status: 'funded' });
    const client = milestoneActionCopy('refund', milestone, testContract({ role: 'client' }));
    expect(client.consequence).toMatch(
      /^\$1,050\.00 comes back to you: the \$1,000\.00 milestone and the \$50\.00 marketplace fee\./,
    );
    const expert = milestoneActionCopy('refund', milestone, testContract({ role: 'expert' }));
    expect(expert.button).toBe('Refund the client');
    expect(expert.consequence).toMatch(/^\$1,050\.00 goes back to Ada Client/);
    expect(expert.danger).toBe(true);
  });

  it('a dispute keeps the money in escrow; asking for changes charges nothing', () => {
    const milestone = testMilestone({ status: 'submitted' });
    expect(milestoneActionCopy('dispute', milestone, testContract()).consequence).toMatch(
      /^The \$1,000\.00 stays in escrow until a Sciwise mediator decides/,
    );
    expect(milestoneActionCopy('request_changes', milestone, testContract()).consequence).toMatch(
      /stays in escrow and nothing is charged/,
    );
  });

  it('submitting names the version and the automatic release', () => {
    const milestone = testMilestone({ status: 'revision_requested', submissions: [] });
    const copy = milestoneActionCopy('submit', milestone, testContract({ role: 'expert' }));
    expect(copy.button).toBe('Submit a new version');
    expect(copy.confirm).toBe('Submit version 1');
    expect(copy.consequence).toContain('within 14 days, $1,000.00 is released to you automatically');
  });

  it('a bonus preview adds the marketplace fee from the payment terms', () => {
    expect(bonusWords(10_000, 'USD', 500)).toBe(
      'For the bonus you will be charged $105.00: $100.00 plus the 5% marketplace fee.',
    );
  });

  it('a split states both parts, adding up to the hold', () => {
    expect(resolutionWords('split', testMilestone(), testContract(), 60_000)).toBe(
      '$600.00 goes to Dana Expert and $400.00 back to Ada Client: together the $1,000.00 held.',
    );
  });

  it('ending or cancelling mentions unfunded milestones only when there are some', () => {
    const unfunded = testContract({ milestones: [testMilestone({ status: 'pending' })] });
    expect(contractActionCopy('cancel', unfunded).consequence).toContain(
      'Milestones nobody funded are cancelled.',
    );
    const settled = testContract({ milestones: [testMilestone({ status: 'released' })] });
    expect(contractActionCopy('end', settled).consequence).not.toContain('nobody funded');
  });
});
