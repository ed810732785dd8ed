import {
  expertCategories,
  slugify,
  type Availability,
  type ExpertCategory,
  type RateCurrency,
} from '@sciwise/contracts';
import type { Education, Publication } from '@sciwise/contracts';
import { eq, like, sql } from 'drizzle-orm';
import { usdMinor } from '@sciwise/contracts';
import type { Database, Executor } from '../client.ts';
import { forgetSubjectsMeant } from '../../modules/experts/subjects-meant.ts';
import { prng } from './prng.ts';
import { expertProfiles, expertSubjectMatches, reviews, subjects, users } from '../schema/index.ts';
import {
  countryLanguage,
  degrees,
  deliverables,
  euroCountries,
  firstNames,
  lastNames,
  publicationTopics,
  sectors,
  seedCountries,
  subjectCatalogue,
  titlesByCategory,
  universities,
} from './expert-data.ts';
import {
  bioClosings,
  bioOpenings,
  instruments,
  labTechniques,
  methodPools,
  organisms,
  type Method,
} from './expert-methods.ts';

/** Everything needed to insert one approved expert (tests build these too). */
export interface ExpertSeed {
  email: string;
  firstName: string;
  lastName: string;
  slug: string;
  headline: string;
  bio: string;
  category: ExpertCategory;
  subjects: string[];
  skills?: string[];
  hourlyRateMinor: number;
  currency: RateCurrency;
  country: string;
  languages: string[];
  education?: Education[];
  publications?: Publication[];
  orcid?: string | null;
  availability: Availability;
  ratingSum: number;
  ratingCount: number;
  status?: 'draft' | 'submitted' | 'approved' | 'rejected';
}

export const SEED_EMAIL_DOMAIN = 'seed.sciwise.local';
/** The embedded setup's demo set: the first experts of the same deterministic sequence. */
export const DEMO_EXPERT_COUNT = 300;

/** A subject inside a sentence: lower case, except a leading acronym or letter ("R programming", "ISO 13485"). */
function inSentence(subject: string): string {
  const first = subject.split(' ')[0]!;
  return first.length <= 4 && first === first.toUpperCase() ? subject : subject.toLowerCase();
}

/** Expert n is generated from n alone, so a seed can resume and the demo set is a prefix of the big one. */
export function generateExpert(n: number): ExpertSeed {
  const random = prng(n * 2654435761 + 97);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Skewed towards the head of a list: popular subjects and big markets come up more often.
  const pickSkewed = <T>(list: readonly T[]): T => list[Math.floor(random() ** 2.2 * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  const category = expertCategories[n % expertCategories.length]!;
  const firstName = pick(firstNames);
  const lastName = pick(lastNames);
  const catalogue = subjectCatalogue[category];
  const chosen = new Set<string>([pickSkewed(catalogue)]);
  const extra = between(1, 4);
  for (let i = 0; i < extra; i += 1)
    chosen.add(random() < 0.8 ? pick(catalogue) : pick(subjectCatalogue[pick(expertCategories)]));
  const subjectList = [...chosen];
  const [main, second] = subjectList;
  const title = pick(titlesByCategory[category]);
  const years = between(3, 30);
  const country = pickSkewed(seedCountries);
  const currency: RateCurrency = country === 'GB' ? 'GBP' : euroCountries.has(country) ? 'EUR' : 'USD';
  const degree = pick(degrees);
  const university = pick(universities);
  const graduated = 2024 - years - between(0, 4);
  const sector = pick(sectors);
  const output = pick(deliverables);
  const languages = ['en'];
  if (countryLanguage[country]) languages.push(countryLanguage[country]);
  if (random() < 0.2) languages.push(pick(['fr', 'de', 'es', 'zh', 'ar', 'pt']));
  // Each rating is a seeded review row (seed_expert_reviews), so the counts stay modest.
  const ratingCount = random() < 0.12 ? 0 : between(1, 20);
  const average = 3.4 + random() ** 0.6 * 1.6;
  const publications: Publication[] = [];
  const publicationCount = category === 'researchers' ? between(1, 4) : between(0, 2);
  for (let i = 0; i < publicationCount; i += 1) {
    publications.push({
      title: `${pick(subjectList)} in practice: ${pick(publicationTopics)}`,
      year: between(2005, 2024),
    });
  }
  const work = describeWork(n, category, title, years, inSentence(main!));
  return {
    email: `expert-${n}@${SEED_EMAIL_DOMAIN}`,
    firstName,
    lastName,
    slug: `${slugify(`${firstName} ${lastName}`)}-${n.toString(36)}`,
    headline: `${title} specialising in ${inSentence(main!)}${second ? ` and ${inSentence(second)}` : ''}`,
    bio:
      `${work.opening} ` +
      `I hold a ${degree} from ${university} and have worked with ${sector} on ${output}. ` +
      `${work.methods} ${work.closing}`,
    category,
    subjects: subjectList,
    skills: work.skills,
    hourlyRateMinor: Math.round((25 + random() ** 1.8 * 275) / 5) * 500,
    currency,
    country,
    languages,
    education: [{ degree, institution: university, field: main!, year: graduated }],
    publications,
    orcid: null,
    availability: random() < 0.6 ? 'available' : random() < 0.75 ? 'limited' : 'unavailable',
    ratingSum: Math.round(average * ratingCount),
    ratingCount,
  };
}

/**
 * The varied part of a generated bio and the skills behind it: two to four methods from the
 * category's pools, sometimes an instrument and an organism. Its own random stream, so the rest
 * of expert n (name, subjects, rate, rating) stays what it was before bios had any variety.
 */
function describeWork(n: number, category: ExpertCategory, title: string, years: number, subject: string) {
  const random = prng(n * 40503 + 11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const pools = methodPools(category);
  const chosen = new Map<string, Method>();
  const count = 2 + Math.floor(random() * 3);
  for (let i = 0; i < count * 2 && chosen.size < count; i += 1) {
    // Mostly the category's own pool (the first ones), sometimes a neighbouring one.
    const method = pick(random() < 0.75 ? pools[0]! : pick(pools));
    chosen.set(method.skill, method);
  }
  const methods = [...chosen.values()];
  const phrases = methods.map((method) => method.phrase);
  const listed =
    phrases.length > 1
      ? `${phrases.slice(0, -1).join(', ')} and ${phrases[phrases.length - 1]}`
      : phrases[0]!;
  let sentence = `Day to day I use ${listed}.`;
  const inLab = methods.some((method) => labTechniques.includes(method));
  if (inLab && random() < 0.6) sentence += ` Most of my lab work is in ${pick(organisms)}.`;
  const instrument = inLab && random() < 0.5 ? pick(instruments) : null;
  if (instrument) sentence += ` Hands-on with the ${instrument}.`;
  return {
    opening: pick(bioOpenings)(title, years, subject),
    methods: sentence,
    closing: pick(bioClosings),
    skills: [...methods.map((method) => method.skill), ...(instrument ? [instrument] : [])],
  };
}

/**
 * Users (no password: these people sign in nowhere) and their profiles, in multi-row inserts,
 * with seeded demo reviews that add up to each profile's ratingSum and ratingCount.
 */
export async function insertExperts(
  db: Executor,
  seeds: ExpertSeed[],
): Promise<{ id: string; slug: string; userId: string }[]> {
  if (seeds.length === 0) return [];
  const people = await db
    .insert(users)
    .values(
      seeds.map((s) => ({
        email: s.email,
        firstName: s.firstName,
        lastName: s.lastName,
        emailVerifiedAt: sql`now()`,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idByEmail = new Map(people.map((person) => [person.email, person.id]));
  const profiles = await db
    .insert(expertProfiles)
    .values(
      seeds.map((s) => ({
        userId: idByEmail.get(s.email)!,
        slug: s.slug,
        displayName: `${s.firstName} ${s.lastName}`,
        headline: s.headline,
        bio: s.bio,
        category: s.category,
        subjects: s.subjects,
        skills: s.skills ?? [],
        hourlyRateMinor: s.hourlyRateMinor,
        currency: s.currency,
        rateUsdMinor: usdMinor(s.hourlyRateMinor, s.currency),
        country: s.country,
        languages: s.languages,
        education: s.education ?? [],
        publications: s.publications ?? [],
        orcid: s.orcid ?? null,
        availability: s.availability,
        ratingSum: s.ratingSum,
        ratingCount: s.ratingCount,
        status: s.status ?? 'approved',
        submittedAt: sql`now()`,
        reviewedAt: s.status === 'approved' || s.status === undefined ? sql`now()` : null,
      })),
    )
    .returning({ id: expertProfiles.id, slug: expertProfiles.slug, userId: expertProfiles.userId });
  await seedReviewsFor(
    db,
    profiles.map((profile) => profile.userId),
  );
  return profiles;
}

/** Seeded demo reviews for these experts' seeded ratings (migration 0013's seed_expert_reviews). */
async function seedReviewsFor(db: Executor, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`select seed_expert_reviews(${`{${userIds.join(',')}}`}::uuid[])`);
}

/** Puts the subject catalogue in place and recounts every subject's approved experts. */
export async function refreshSubjectCatalogue(db: Executor): Promise<void> {
  const rows = expertCategories.flatMap((category) =>
    subjectCatalogue[category].map((name) => ({ slug: slugify(name), name, category })),
  );
  await db.insert(subjects).values(rows).onConflictDoNothing();
  forgetSubjectsMeant();
  await db.execute(sql`
    update ${subjects} set expert_count = coalesce(counts.n, 0)
    from ${subjects} s
    left join (
      select unnest(${expertProfiles.subjects}) as name, count(*)::int as n
      from ${expertProfiles} where ${expertProfiles.status} = 'approved' group by 1
    ) counts on counts.name = s.name
    where ${subjects.slug} = s.slug`);
}

export interface SeedProgress {
  (done: number, total: number): void;
}

const BATCH = 500;
const BATCHES_PER_TRANSACTION = 4;

/**
 * Seeds experts 0..count-1 that don't exist yet (idempotent: it counts what an earlier run made
 * and carries on from there). Returns how many it created.
 */
export async function seedExperts(db: Database, count: number, progress?: SeedProgress): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.email, `expert-%@${SEED_EMAIL_DOMAIN}`));
  const start = row?.n ?? 0;
  if (start >= count) return 0;
  let next = start;
  progress?.(0, Math.max(0, count - start));
  while (next < count) {
    await db.transaction(async (tx) => {
      for (let b = 0; b < BATCHES_PER_TRANSACTION && next < count; b += 1) {
        const end = Math.min(count, next + BATCH);
        const seeds = [];
        for (let n = next; n < end; n += 1) seeds.push(generateExpert(n));
        await insertExperts(tx, seeds);
        next = end;
      }
    });
    progress?.(next - start, count - start);
  }
  await refreshSubjectCatalogue(db);
  // Fresh statistics, and the GIN indexes' pending lists merged (plain ANALYZE leaves them), so
  // the planner sees the search indexes as they will be and picks them straight away; matching's
  // rows (written by the profiles' trigger) marked visible, so its ranking reads its index alone.
  await db.execute(
    sql`vacuum analyze ${users}, ${expertProfiles}, ${expertSubjectMatches}, ${subjects}, ${reviews}`,
  );
  return next - start;
}

/** The demo expert account gets an approved profile, so signing in as it shows a real expert. */
export async function seedDemoExpertProfile(db: Database, email: string): Promise<boolean> {
  const [person] = await db.select().from(users).where(eq(users.email, email));
  if (!person) return false;
  const [existing] = await db
    .select({ id: expertProfiles.id })
    .from(expertProfiles)
    .where(eq(expertProfiles.userId, person.id));
  if (existing) return false;
  const template = generateExpert(4);
  await db.insert(expertProfiles).values({
    userId: person.id,
    slug: slugify(`${person.firstName} ${person.lastName}`),
    displayName: `${person.firstName} ${person.lastName}`,
    headline: 'Bioinformatician specialising in genomics and machine learning',
    bio:
      'Bioinformatician with 12 years of experience in genomics. I build reproducible pipelines for sequencing ' +
      'data, apply machine learning to biomarker discovery, and write up the results for publication.',
    category: 'data_analysts',
    subjects: ['Bioinformatics', 'Genomics', 'Machine learning'],
    skills: ['Nextflow', 'Python', 'R'],
    hourlyRateMinor: 9500,
    currency: 'GBP',
    rateUsdMinor: usdMinor(9500, 'GBP'),
    country: 'GB',
    languages: ['en'],
    education: [
      { degree: 'PhD', institution: 'University of Cambridge', field: 'Computational biology', year: 2012 },
    ],
    publications: template.publications ?? [],
    availability: 'available',
    ratingSum: 221,
    ratingCount: 47,
    status: 'approved',
    submittedAt: sql`now()`,
    reviewedAt: sql`now()`,
  });
  await seedReviewsFor(db, [person.id]);
  await refreshSubjectCatalogue(db);
  return true;
}
