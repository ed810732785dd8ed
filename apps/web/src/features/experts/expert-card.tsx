import type { ExpertCard as ExpertCardData } from '@sciwise/contracts';
import { expertCategoryLabels } from '@sciwise/contracts/constants';
import { Link } from 'react-router';
import { StarRating } from '../../components/star-rating.tsx';
import { countryName, formatMoney, usdEquivalent } from './format.ts';
import { VerifiedOrcidBadge } from './verified-orcid-badge.tsx';

export function ExpertCard({ expert }: { expert: ExpertCardData }) {
  const usd = usdEquivalent(expert.rate, expert.rateUsdMinor);
  return (
    <article className="relative flex h-full flex-col rounded-card border border-slate-200 bg-white p-5 shadow-card transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="flex items-start gap-4">
        <img
          src={expert.avatarUrl}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0 rounded-full bg-slate-100 object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold text-slate-900">
            {/* The whole card is clickable through this link's ::after. */}
            <Link
              to={`/experts/${expert.slug}`}
              className="after:absolute after:inset-0 after:rounded-card focus:outline-none"
            >
              {expert.name}
            </Link>
          </h3>
          <p className="mt-0.5 line-clamp-2 text-sm text-slate-700">{expert.headline}</p>
          {expert.verifiedOrcid && <VerifiedOrcidBadge orcid={expert.verifiedOrcid} className="mt-2" />}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="sr-only">Category</dt>
          <dd className="font-medium text-brand-800">{expertCategoryLabels[expert.category]}</dd>
        </div>
        <div className="text-right">
          <dt className="sr-only">Hourly rate</dt>
          <dd className="font-semibold text-slate-900">
            {formatMoney(expert.rate.amountMinor, expert.rate.currency)}
            <span className="font-normal text-slate-600"> /hr</span>
            {usd && (
              <span
                className="block text-xs font-normal text-slate-600"
                title="At our reference exchange rate"
              >
                {usd} /hr
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Country</dt>
          <dd className="text-slate-600">{countryName(expert.country)}</dd>
        </div>
        <div className="flex items-center justify-end gap-1.5">
          <dt className="sr-only">Rating</dt>
          <dd className="flex items-center gap-1 whitespace-nowrap">
            <StarRating rating={expert.rating} />
            <span className="text-xs whitespace-nowrap text-slate-600">
              ({expert.reviewCount})<span className="sr-only"> reviews</span>
            </span>
          </dd>
        </div>
      </dl>
      {expert.subjects.length > 0 && (
        <ul aria-label="Subjects" className="mt-4 flex flex-wrap gap-1.5">
          {expert.subjects.slice(0, 4).map((subject) => (
            <li key={subject} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
              {subject}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
