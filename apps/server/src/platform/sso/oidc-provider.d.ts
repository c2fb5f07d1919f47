/**
 * The part of oidc-provider v9 the embedded identity provider uses. The package ships no types
 * (and @types/oidc-provider lags behind v9), so this stays deliberately small.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcClientRef {
    clientId: string;
  }

  export interface OidcSession {
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface OidcContext {
    oidc: {
      client?: OidcClientRef;
      session?: OidcSession;
      account?: { accountId: string };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export class Grant {
    constructor(init: { accountId: string; clientId: string });
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    save(ttl?: number): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface ProviderError extends Error {
    error?: string;
    error_description?: string;
    status?: number;
  }

  export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    proxy: boolean;
    Grant: typeof Grant;
    callback(): NodeHandler;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    SessionNotFound: new (...args: unknown[]) => ProviderError;
  };

  export default Provider;
}
