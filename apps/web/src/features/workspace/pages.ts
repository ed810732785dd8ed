export { ContractWorkspacePage } from './contract-workspace-page.tsx';
export { WorkspacePage } from './workspace-list-page.tsx';
