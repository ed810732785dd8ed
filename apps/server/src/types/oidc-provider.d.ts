// oidc-provider 8 publishes no types; the development provider uses it through its own narrow interface.
declare module 'oidc-provider' {
  const Provider: new (
    issuer: string,
    configuration: Record<string, unknown>,
  ) => {
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
    interactionDetails(
      req: import('node:http').IncomingMessage,
      res: import('node:http').ServerResponse,
    ): Promise<{ params: Record<string, unknown> }>;
    interactionFinished(
      req: import('node:http').IncomingMessage,
      res: import('node:http').ServerResponse,
      result: Record<string, unknown>,
      options: { mergeWithLastSubmission: boolean },
    ): Promise<void>;
    Grant: new (init: { accountId: string; clientId: string }) => {
      addOIDCScope(scope: string): void;
      save(): Promise<string>;
    };
  };
  export default Provider;
}
