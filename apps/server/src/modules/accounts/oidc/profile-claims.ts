import { replaceUnsafeChars } from '@sciwise/contracts';

export interface ProviderProfile {
  email: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

// A provider's names follow our one text rule too: a NUL would fail the insert and a bidi
// override would be stored; both become spaces.
const text = (value: unknown, max: number) =>
  typeof value === 'string' ? replaceUnsafeChars(value).trim().slice(0, max) : '';

/** What we take from ID token or userinfo claims: an e-mail (and whether it is verified) and names. */
export function profileFromClaims(claims: Record<string, unknown>): ProviderProfile {
  const email = text(claims.email, 254).toLowerCase();
  const [first = '', ...rest] = text(claims.name, 200).split(/\s+/);
  return {
    email: email && email.includes('@') ? email : undefined,
    // Only a literal true counts: some providers send the string "true", which we do not guess at.
    emailVerified: claims.email_verified === true,
    firstName: text(claims.given_name, 100) || first.slice(0, 100),
    lastName: text(claims.family_name, 100) || rest.join(' ').slice(0, 100),
  };
}
