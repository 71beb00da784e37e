/**
 * An endpoint is one value: method, path, parameter schema and reducer. The
 * router, the HTTP layer and the conformance suite read only these.
 */
import type { z } from 'zod';
import type { EntropyReader } from './entropy.js';
import type { Outcome } from './outcome.js';
import type { Aliases, ParamsSchema } from './params/parse.js';
import type { HttpMethod, UploadedFile } from './request.js';
import type { State, User } from './state.js';

export type PathParamKind = 'int' | 'string';

interface BaseContext<P> {
  readonly params: P;
  /** Path parameters: digits for `int` segments (as numbers), decoded text for `string` ones. */
  readonly path: Readonly<Record<string, number | string>>;
  readonly files: readonly UploadedFile[];
  /** UNIX seconds, from the request. */
  readonly now: number;
  readonly entropy: EntropyReader;
  /** Scheme and authority the client reached the server at, e.g. http://127.0.0.1:9991. */
  readonly origin: string;
  /** UNIX seconds the serving process started. */
  readonly serverGeneration: number;
}

export interface AuthenticatedContext<P> extends BaseContext<P> {
  readonly actor: User;
}

export interface PublicContext<P> extends BaseContext<P> {
  readonly actor: null;
}

interface BaseEndpoint<P extends ParamsSchema> {
  /** The real server's OpenAPI operation id, e.g. "update-user". */
  readonly operation: string;
  readonly method: Exclude<HttpMethod, 'HEAD' | 'OPTIONS'>;
  /** Below /api/v1, with `{name}` segments typed in `pathParams`. */
  readonly path: string;
  readonly pathParams?: Readonly<Record<string, PathParamKind>>;
  readonly params: P;
  readonly aliases?: Aliases;
}

export interface AuthenticatedEndpoint<P extends ParamsSchema> extends BaseEndpoint<P> {
  readonly auth: 'basic';
  /**
   * Bots get "This endpoint does not accept bot requests." when false (or
   * when the function says so: some endpoints admit bots from a feature level on).
   */
  readonly allowBots?: boolean | ((state: State) => boolean);
  /** Guests get "Not allowed for guest users" before the parameters are read (the real server's require_member_or_admin). */
  readonly requiresMember?: boolean;
  /** Checked before the parameters, like the real server's require_realm_admin decorator. */
  readonly requiresAdministrator?: boolean;
  readonly reduce: (state: State, ctx: AuthenticatedContext<z.output<P>>) => Outcome;
}

export interface PublicEndpoint<P extends ParamsSchema> extends BaseEndpoint<P> {
  readonly auth: 'none';
  readonly reduce: (state: State, ctx: PublicContext<z.output<P>>) => Outcome;
}

export type Endpoint<P extends ParamsSchema = ParamsSchema> = AuthenticatedEndpoint<P> | PublicEndpoint<P>;

/** Identity function that lets TypeScript infer the reducer's parameter types from the schema. */
export function defineEndpoint<P extends ParamsSchema>(endpoint: AuthenticatedEndpoint<P>): AuthenticatedEndpoint<P>;
export function defineEndpoint<P extends ParamsSchema>(endpoint: PublicEndpoint<P>): PublicEndpoint<P>;
export function defineEndpoint<P extends ParamsSchema>(endpoint: Endpoint<P>): Endpoint<P> {
  return endpoint;
}

/**
 * An area's endpoints as the router lists them. Endpoints of different
 * parameter schemas do not share one precise type, so this is the one place
 * that widens them.
 */
export function endpointList<const P extends readonly ParamsSchema[]>(...endpoints: { readonly [K in keyof P]: Endpoint<P[K]> }): readonly Endpoint[] {
  return endpoints as unknown as readonly Endpoint[];
}
