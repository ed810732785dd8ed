import type { ContractListItem } from '@sciwise/contracts';

export interface ContractStep {
  key: string;
  /** The server's words for what happens next, e.g. who funds or reviews what. */
  text: string;
  /** Which contract, and with whom. */
  detail: string;
  to: string;
}

const toStep = (contract: ContractListItem): ContractStep => ({
  key: `c-${contract.id}`,
  text: contract.nextStep?.text ?? 'Open the workspace',
  detail: `${contract.title} · ${
    contract.role === 'client' ? `with ${contract.expert.name}` : `for ${contract.client.name}`
  }`,
  to: `/profile/workspace/${contract.id}`,
});

/**
 * The running contracts on one side of the marketplace, split by whose move it is: the server's
 * `nextStep.yours` decides, so both dashboards agree with the workspace.
 */
export function runningContracts(contracts: ContractListItem[], role: 'client' | 'expert') {
  const running = contracts.filter((c) => c.role === role && c.status === 'active');
  return {
    count: running.length,
    yours: running.filter((c) => c.nextStep?.yours).map(toStep),
    waiting: running.filter((c) => !c.nextStep?.yours).map(toStep),
  };
}
