import {
  expertCategories,
  type BudgetType,
  type ExpertCategory,
  type RateCurrency,
} from '@sciwise/contracts';
import { like, sql } from 'drizzle-orm';
import { usdMinor } from '@sciwise/contracts';
import type { Database } from '../client.ts';
import { openProjectSubjects, projects, users } from '../schema/index.ts';
import { SEED_EMAIL_DOMAIN } from './experts.ts';
import { subjectCatalogue } from './expert-data.ts';
import { prng } from './prng.ts';
import type { SeedProgress } from './experts.ts';

const PROJECTS_PER_CLIENT = 10;
/** The embedded setup's open projects, so /projects and browse look alive on first start. */
export const DEMO_PROJECT_COUNT = 60;
const clientEmail = (k: number) => `client-${k}@${SEED_EMAIL_DOMAIN}`;

const asks: Record<ExpertCategory, string[]> = {
  writers: ['Write', 'Edit', 'Review', 'Rewrite', 'Summarise'],
  data_analysts: ['Analyse', 'Model', 'Re-analyse', 'Visualise', 'Validate'],
  consultants: ['Advise on', 'Audit', 'Assess', 'Plan', 'Review'],
  product_developers: ['Develop', 'Prototype', 'Reformulate', 'Scale up', 'Test'],
  researchers: ['Investigate', 'Design a study on', 'Review the evidence on', 'Run experiments on', 'Map'],
};
const objects = [
  'our pilot study',
  'a phase II trial dataset',
  'a grant application',
  'a product launch',
  'our manufacturing process',
  'a regulatory submission',
  'a market entry question',
  'a journal manuscript',
  'an internal report',
  'a survey of 2,000 customers',
];
const firstNames = ['Clara', 'Omar', 'Yuki', 'Ines', 'Tomás', 'Aisha', 'Lars', 'Priya', 'Noah', 'Zara'];
const lastNames = ['Nguyen', 'Haddad', 'Sato', 'Moreau', 'García', 'Bello', 'Berg', 'Iyer', 'Klein', 'Ahmed'];

export interface ProjectSeed {
  ownerIndex: number;
  title: string;
  description: string;
  category: ExpertCategory;
  subjects: string[];
  budgetType: BudgetType;
  budgetMinMinor: number;
  budgetMaxMinor: number;
  currency: RateCurrency;
  deadline: string | null;
  visibility: 'public' | 'invite_only';
  status: 'draft' | 'open' | 'cancelled';
  /** Days before the seed's reference date. */
  ageDays: number;
}

/** Project n from n alone, so a seed can resume where an earlier one stopped. */
export function generateProject(n: number): ProjectSeed {
  const random = prng(n * 2246822519 + 13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const pickSkewed = <T>(list: readonly T[]): T => list[Math.floor(random() ** 2.2 * list.length)]!;
  const category = expertCategories[n % expertCategories.length]!;
  const catalogue = subjectCatalogue[category];
  const chosen = new Set<string>([pickSkewed(catalogue)]);
  const extra = Math.floor(random() * 3);
  for (let i = 0; i < extra; i += 1) chosen.add(pick(catalogue));
  const subjects = [...chosen];
  const hourly = random() < 0.3;
  const currency = pick<RateCurrency>(['USD', 'USD', 'USD', 'EUR', 'GBP']);
  const base = hourly ? (4 + Math.floor(random() * 20)) * 500 : (5 + Math.floor(random() * 200)) * 10_000;
  const roll = random();
  const status = roll < 0.85 ? 'open' : roll < 0.95 ? 'draft' : 'cancelled';
  const ageDays = Math.floor(random() * 120);
  const deadlineDays = random() < 0.3 ? null : 20 + Math.floor(random() * 180);
  const subject = subjects[0]!.toLowerCase();
  return {
    ownerIndex: Math.floor(n / PROJECTS_PER_CLIENT),
    title: `${pick(asks[category])} ${pick(objects)}: ${subject}`,
    description:
      `We are looking for an expert in ${subjects.map((s) => s.toLowerCase()).join(', ')} to help with ${pick(objects)}. ` +
      `The work includes a short kick-off call, the ${subject} work itself, and a written summary with recommendations. ` +
      `Please describe similar projects you have delivered and how you would split the work into milestones.`,
    category,
    subjects,
    budgetType: hourly ? 'hourly' : 'fixed',
    budgetMinMinor: base,
    budgetMaxMinor: base * (hourly ? 2 : 3),
    currency,
    deadline:
      deadlineDays === null
        ? null
        : new Date(Date.UTC(2027, 0, 1) + deadlineDays * 86_400_000).toISOString().slice(0, 10),
    visibility: random() < 0.88 ? 'public' : 'invite_only',
    status,
    ageDays,
  };
}

const BATCH = 500;

/**
 * Seeds projects 0..count-1 that don't exist yet (idempotent, like seedExperts), with one
 * generated client for every ten projects. Returns how many it created.
 */
export async function seedProjects(db: Database, count: number, progress?: SeedProgress): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .innerJoin(users, sql`${users.id} = ${projects.ownerId}`)
    .where(like(users.email, `client-%@${SEED_EMAIL_DOMAIN}`));
  const start = row?.n ?? 0;
  if (start >= count) return 0;
  let next = start;
  progress?.(0, count - start);
  while (next < count) {
    const end = Math.min(count, next + BATCH);
    const seeds: ProjectSeed[] = [];
    for (let n = next; n < end; n += 1) seeds.push(generateProject(n));
    await db.transaction(async (tx) => {
      const owners = [...new Set(seeds.map((s) => s.ownerIndex))];
      await tx
        .insert(users)
        .values(
          owners.map((k) => ({
            email: clientEmail(k),
            firstName: firstNames[k % firstNames.length]!,
            lastName: lastNames[Math.floor(k / firstNames.length) % lastNames.length]!,
            emailVerifiedAt: sql`now()`,
          })),
        )
        .onConflictDoNothing();
      const ids = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          sql`${users.email} in (${sql.join(
            owners.map((k) => sql`${clientEmail(k)}`),
            sql`, `,
          )})`,
        );
      const idByEmail = new Map(ids.map((u) => [u.email, u.id]));
      await tx.insert(projects).values(
        seeds.map((s) => ({
          ownerId: idByEmail.get(clientEmail(s.ownerIndex))!,
          title: s.title,
          description: s.description,
          category: s.category,
          subjects: s.subjects,
          budgetType: s.budgetType,
          budgetMinMinor: s.budgetMinMinor,
          budgetMaxMinor: s.budgetMaxMinor,
          currency: s.currency,
          budgetMaxUsdMinor: usdMinor(s.budgetMaxMinor, s.currency),
          deadline: s.deadline,
          visibility: s.visibility,
          status: s.status,
          publishedAt: s.status === 'draft' ? null : sql`now() - make_interval(days => ${s.ageDays})`,
          closedAt: s.status === 'cancelled' ? sql`now()` : null,
        })),
      );
    });
    next = end;
    progress?.(next - start, count - start);
  }
  await db.execute(sql`vacuum analyze ${projects}, ${openProjectSubjects}, ${users}`);
  return next - start;
}
