import type {
  Attachment,
  ProjectAction,
  ProjectBudget,
  ProjectDetails,
  ProjectListItem,
  ProjectSummary,
} from '@sciwise/contracts';
import type { projectAttachments } from '../../db/schema/index.ts';
import { cleanFileName } from '../files/file-names.ts';
import { briefUnlocked, type ProjectRow, type Relation } from './access.ts';
import { publishProblems } from './project-rules.ts';
import { editableStates, projectTransitions } from './project-states.ts';

type AttachmentRow = typeof projectAttachments.$inferSelect;

export function presentBudget(
  row: Pick<ProjectRow, 'budgetType' | 'budgetMinMinor' | 'budgetMaxMinor' | 'currency'>,
): ProjectBudget {
  return {
    type: row.budgetType,
    minMinor: row.budgetMinMinor,
    maxMinor: row.budgetMaxMinor,
    currency: row.currency,
  };
}

export function presentSummary(
  row: Pick<
    ProjectRow,
    | 'id'
    | 'title'
    | 'category'
    | 'budgetType'
    | 'budgetMinMinor'
    | 'budgetMaxMinor'
    | 'currency'
    | 'publishedAt'
  >,
): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    budget: presentBudget(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

const EXCERPT_LENGTH = 240;
export function excerpt(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  return flat.length <= EXCERPT_LENGTH ? flat : `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

export function presentListItem(
  row: Parameters<typeof presentSummary>[0] &
    Pick<ProjectRow, 'subjects' | 'description' | 'deadline' | 'ndaMode'>,
  signedIn: boolean,
  fitsMe?: boolean,
): ProjectListItem {
  const summary = presentSummary(row);
  if (!signedIn) return summary;
  const confidential = row.ndaMode !== 'none';
  return {
    ...summary,
    subjects: row.subjects,
    excerpt: confidential ? '' : excerpt(row.description),
    ...(confidential ? { confidential } : {}),
    deadline: row.deadline,
    ...(fitsMe === undefined ? {} : { fitsMe }),
  };
}

export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    fileName: cleanFileName(row.fileName),
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

function viewerActions(project: ProjectRow, relation: Relation): ProjectAction[] {
  const actions: ProjectAction[] = [];
  if (relation.isOwner) {
    if (editableStates.includes(project.status)) actions.push('edit');
    if (projectTransitions.publish.from.includes(project.status)) actions.push('publish');
    if (project.status === 'open') actions.push('invite');
  }
  if ((relation.isOwner || relation.isAdmin) && projectTransitions.cancel.from.includes(project.status))
    actions.push('cancel');
  const unlocked = briefUnlocked(project, relation);
  if (!relation.isOwner && relation.approvedExpert && project.status === 'open' && !relation.liveQuoteId)
    actions.push(unlocked ? 'quote' : 'accept_nda');
  else if (!unlocked) actions.push('accept_nda');
  // Moderators need no report of their own; a removed project has nothing left to report.
  if (!relation.isOwner && !relation.isAdmin && project.status !== 'draft' && !project.removedAt)
    actions.push('report');
  return actions;
}

export function presentDetails(
  project: ProjectRow,
  relation: Relation,
  extra: { ownerName: string; attachments: AttachmentRow[]; quoteCount: number },
): ProjectDetails {
  const unlocked = briefUnlocked(project, relation);
  return {
    ...presentSummary(project),
    // Until the agreement is accepted, the brief and its files are withheld, not merely hidden.
    description: unlocked ? project.description : '',
    subjects: project.subjects,
    deadline: project.deadline,
    visibility: project.visibility,
    status: project.status,
    owner: { id: project.ownerId, name: extra.ownerName },
    attachments: unlocked ? extra.attachments.map(presentAttachment) : [],
    quoteCount: extra.quoteCount,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    confidentiality:
      project.ndaMode === 'none' || !project.ndaSha256
        ? null
        : {
            mode: project.ndaMode,
            sha256: project.ndaSha256,
            unlocked,
            acceptedAt: relation.ndaAcceptedAt?.toISOString() ?? null,
          },
    removal:
      project.removedAt && project.removalReason
        ? { at: project.removedAt.toISOString(), reason: project.removalReason }
        : null,
    viewer: {
      isOwner: relation.isOwner,
      missing: relation.isOwner && project.status === 'draft' ? publishProblems(project) : [],
      actions: viewerActions(project, relation),
      myQuoteId: relation.liveQuoteId,
      invitation: relation.invitation,
      // Only the contract's parties (and admins) learn its id; any other viewer of the project gets null.
      contractId:
        relation.isOwner || relation.isAdmin || relation.isContractExpert ? relation.contractId : null,
    },
  };
}
