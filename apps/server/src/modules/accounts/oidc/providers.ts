import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../../config.ts';

/** The spec's identity library values: a 10 s HTTP timeout and a 60 s leeway on ID token times. */
const HTTP_TIMEOUT_SECONDS = 10;
const ID_TOKEN_LEEWAY_SECONDS = 60;
/** The spec's tokens are RS256; anything else (none, HS256 with a public key) is refused. */
const ID_TOKEN_ALGORITHM = 'RS256';

export type IdentityProviderEntry = OidcProviderConfig;

const isLoopbackUrl = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The configured OpenID providers. Discovery is fetched once per provider and kept; a failed one
 * is tried again on the next sign-in rather than remembered.
 */
export class IdentityProviders {
  private readonly configurations = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly entries: IdentityProviderEntry[]) {}

  list(): IdentityProviderEntry[] {
    return this.entries;
  }

  get(name: string): IdentityProviderEntry | undefined {
    return this.entries.find((entry) => entry.name === name);
  }

  byIssuer(issuer: string): IdentityProviderEntry | undefined {
    const normal = issuer.replace(/\/$/, '');
    return this.entries.find((entry) => entry.issuer.replace(/\/$/, '') === normal);
  }

  /** Added after start-up by the development provider, which learns its port only when it listens. */
  add(entry: IdentityProviderEntry): void {
    this.entries.push(entry);
  }

  configuration(entry: IdentityProviderEntry): Promise<client.Configuration> {
    let pending = this.configurations.get(entry.name);
    if (!pending) {
      pending = discover(entry);
      pending.catch(() => this.configurations.delete(entry.name));
      this.configurations.set(entry.name, pending);
    }
    return pending;
  }
}

async function discover(entry: IdentityProviderEntry): Promise<client.Configuration> {
  const issuer = new URL(entry.issuer);
  // Plain HTTP only for a provider on this machine (the development and test providers).
  const insecure = issuer.protocol === 'http:' && isLoopbackUrl(issuer);
  const metadata: Partial<client.ClientMetadata> = {
    id_token_signed_response_alg: ID_TOKEN_ALGORITHM,
    [client.clockTolerance]: ID_TOKEN_LEEWAY_SECONDS,
  };
  if (entry.clientSecret) metadata.client_secret = entry.clientSecret;
  const configuration = await client.discovery(
    issuer,
    entry.clientId,
    metadata,
    entry.clientSecret ? client.ClientSecretBasic(entry.clientSecret) : client.None(),
    {
      timeout: HTTP_TIMEOUT_SECONDS,
      // The library trusts an ID token from the token endpoint by TLS alone unless told to check its
      // signature too: we check it against the issuer's published keys (cached, refetched on a new kid).
      execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
    },
  );
  configuration.timeout = HTTP_TIMEOUT_SECONDS;
  return configuration;
}
