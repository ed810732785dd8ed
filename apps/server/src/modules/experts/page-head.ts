import { expertCategoryLabels } from '@sciwise/contracts';
import type { Executor } from '../../db/client.ts';
import type { PageHead } from '../../plugins/static-web.ts';
import { getPublicProfile } from './service.ts';

const PROFILE_PATH = /^\/experts\/([a-z0-9-]{1,120})\/?$/;
const DESCRIPTION_MAX = 160;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/**
 * The <head> of an expert's public profile, so the 50,000 profiles are indexable and shareable
 * without running the app: title, description, canonical URL and Open Graph. An unknown or
 * unapproved slug is a real 404 (the app shell still renders its "can't find" page).
 */
export async function expertPageHead(db: Executor, urlPath: string): Promise<PageHead | null> {
  const slug = PROFILE_PATH.exec(urlPath)?.[1];
  if (!slug) return null;
  const profile = await getPublicProfile(db, slug).catch(() => null);
  if (!profile) return { status: 404, title: 'Expert not found — Sciwise', description: null, image: null };
  const subjects = profile.subjects.slice(0, 3).join(', ');
  const summary = `${expertCategoryLabels[profile.category]}: ${profile.headline}. ${subjects ? `Subjects: ${subjects}.` : ''}`;
  return {
    status: 200,
    title: `${profile.name} — ${profile.headline} | Sciwise`,
    description: clip(summary, DESCRIPTION_MAX),
    canonicalPath: `/experts/${profile.slug}`,
    image: profile.avatarUrl,
  };
}
