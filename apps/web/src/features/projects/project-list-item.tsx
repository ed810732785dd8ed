import type { ProjectListItem } from '@sciwise/contracts';
import { Link } from 'react-router';
import { budgetLabel, categoryLabel, formatDate, postedAgo } from './format.ts';

/**
 * One open project in a list: the public summary, plus the brief's start for signed-in people. A
 * confidential project's brief stays behind its agreement (decision 064): the card says so instead.
 */
export function ProjectListCard({ project }: { project: ProjectListItem }) {
  return (
    <article className="relative rounded-card border border-slate-200 bg-white p-5 shadow-card transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800">
          {categoryLabel(project.category)}
        </span>
        {project.confidential && (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-semibold text-slate-700">
            Confidential
          </span>
        )}
        {project.fitsMe && (
          <span className="rounded-full bg-success-50 px-2.5 py-0.5 font-semibold text-success-800">
            Fits your subjects
          </span>
        )}
        <span className="text-slate-600">{postedAgo(project.publishedAt)}</span>
      </div>
      <h3 className="mt-2 text-lg font-semibold text-slate-900">
        <Link
          to={`/projects/${project.id}`}
          className="after:absolute after:inset-0 after:rounded-card focus:outline-none"
        >
          {project.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm font-semibold text-slate-800">{budgetLabel(project.budget)}</p>
      {project.confidential ? (
        <p className="mt-2 text-sm text-slate-600">The brief opens once you accept the client’s NDA.</p>
      ) : (
        project.excerpt && <p className="mt-2 line-clamp-3 text-sm text-slate-700">{project.excerpt}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        {(project.subjects ?? []).slice(0, 5).map((subject) => (
          <span key={subject} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
            {subject}
          </span>
        ))}
        {project.deadline && (
          <span className="text-xs text-slate-600">Due {formatDate(project.deadline)}</span>
        )}
      </div>
    </article>
  );
}
