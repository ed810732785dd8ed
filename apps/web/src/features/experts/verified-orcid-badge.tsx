import type { VerifiedOrcid } from '@sciwise/contracts';

/** ORCID's iD mark: a green circle with "iD" (drawn here, no remote image). */
function OrcidMark() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="size-4 shrink-0">
      <circle cx="8" cy="8" r="8" fill="#A6CE39" />
      <text
        x="8"
        y="11.2"
        textAnchor="middle"
        fontSize="8.5"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        iD
      </text>
    </svg>
  );
}

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/**
 * The "verified ORCID" mark: shown only for an iD the expert linked by signing in to an ORCID
 * provider (the server's `verifiedOrcid`), never for an iD typed into a form. It links to the
 * public record; a development iD says so, and its link goes to the development provider's page.
 */
export function VerifiedOrcidBadge({ orcid, className = '' }: { orcid: VerifiedOrcid; className?: string }) {
  const where = orcid.development
    ? 'the development provider’s page for this made-up iD'
    : 'the public ORCID record';
  const content = (
    <>
      <OrcidMark />
      <span>Verified ORCID</span>
      <span className="font-mono text-[0.7rem] tracking-tight text-slate-700 tabular-nums">{orcid.id}</span>
      {orcid.development && (
        <span className="rounded bg-amber-100 px-1 py-px text-[0.65rem] font-semibold text-amber-900">
          development iD
        </span>
      )}
    </>
  );
  const classes = `relative z-10 inline-flex max-w-full flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded-lg border border-lime-300 bg-lime-50 px-2 py-1 text-xs font-medium text-slate-900 ${className}`;
  if (!isWebAddress(orcid.url)) return <span className={classes}>{content}</span>;
  return (
    <a
      href={orcid.url}
      target="_blank"
      rel="noopener noreferrer"
      className={`${classes} hover:border-lime-500 hover:bg-lime-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none`}
      aria-label={`Verified ORCID ${orcid.id}${orcid.development ? ' development iD' : ''}, opens ${where}`}
    >
      {content}
    </a>
  );
}
