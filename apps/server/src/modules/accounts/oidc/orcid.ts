import { isValidOrcid, type VerifiedOrcid } from '@sciwise/contracts';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { externalIdentities } from '../../../db/schema/index.ts';
import type { IdentityProviderEntry } from './providers.ts';

/**
 * The ORCID iD an ORCID provider vouches for: its `sub`, which must be a well-formed iD with a
 * valid ISO 7064 check digit. Undefined for any other provider; null for a malformed iD.
 */
export function orcidFromSubject(
  provider: IdentityProviderEntry,
  subject: string,
): string | null | undefined {
  if (provider.kind !== 'orcid') return undefined;
  return isValidOrcid(subject) ? subject : null;
}

const isLoopbackIssuer = (issuer: URL) =>
  issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);

/**
 * The public record of an iD is the issuer's address plus the iD: https://orcid.org/<iD> for
 * ORCID, https://sandbox.orcid.org/<iD> for its sandbox, and the development provider serves an
 * honest page at its own address for its made-up iDs (a provider on loopback can only be that one,
 * or a test's: config.ts allows plain HTTP only there).
 */
export function presentVerifiedOrcid(issuer: string, orcidId: string): VerifiedOrcid {
  return {
    id: orcidId,
    url: `${issuer.replace(/\/+$/, '')}/${orcidId}`,
    development: isLoopbackIssuer(new URL(issuer)),
  };
}

/**
 * The verified iD of the person `userId` names, inside the query that lists them (a correlated
 * subquery on the partial index external_identities_orcid_user_idx, so a page of cards makes no
 * extra trips). Put it in the outer query of a ranked page so it runs for the page's rows only.
 * Reads as "<iD> <issuer>", or null; verifiedOrcidOf turns it into the contract's shape. Expert
 * search's cards read the same in the database function expert_cards (migration 0037).
 */
export function verifiedOrcidFor(userId: SQLWrapper): SQL.Aliased<string | null> {
  return sql<string | null>`(
    select ${externalIdentities.orcidId} || ' ' || ${externalIdentities.issuer}
    from ${externalIdentities}
    where ${externalIdentities.userId} = ${userId} and ${externalIdentities.orcidId} is not null
    order by ${externalIdentities.createdAt}
    limit 1
  )`.as('verified_orcid');
}

export function verifiedOrcidOf(value: string | null): VerifiedOrcid | null {
  if (!value) return null;
  const space = value.indexOf(' ');
  return presentVerifiedOrcid(value.slice(space + 1), value.slice(0, space));
}
