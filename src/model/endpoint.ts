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

/** `path`: the rest of the path, one or more segments joined by `/` (only as the last segment). */
export type PathParamKind = 'int' | 'string' | 'path';

/** An endpoint's `{name}` path segments and their kinds. */
export type PathParams = Readonly<Record<string, PathParamKind>>;

/** What the router passes for a segment: the digits of an `int` one as a number, the decoded text of a `string` or `path` one. */
type PathValue<K extends PathParamKind> = K extends 'int' ? number : string;

export type PathValues<S extends PathParams> = { readonly [Name in keyof S]: PathValue<S[Name]> };

/** The path parameters of an endpoint that declares none. */
type NoPathParams = Record<never, PathParamKind>;

interface BaseContext<P, S extends PathParams> {
  readonly params: P;
  readonly path: PathValues<S>;
  readonly files: readonly UploadedFile[];
  /** UNIX seconds, from the request. */
  readonly now: number;
  readonly entropy: EntropyReader;
  /** Scheme and authority the client reached the server at, e.g. http://127.0.0.1:9991. */
  readonly origin: string;
  /** The sending client's name, as the real server derives it (the `client` parameter, else the User-Agent). */
  readonly clientName: string;
  /** UNIX seconds the serving process started. */
  readonly serverGeneration: number;
}

export interface AuthenticatedContext<P, S extends PathParams = NoPathParams> extends BaseContext<P, S> {
  readonly actor: User;
}

export interface PublicContext<P, S extends PathParams = NoPathParams> extends BaseContext<P, S> {
  readonly actor: null;
}

interface BaseEndpoint<P extends ParamsSchema, S extends PathParams> {
  /** The real server's OpenAPI operation id, e.g. "update-user". */
  readonly operation: string;
  readonly method: Exclude<HttpMethod, 'HEAD' | 'OPTIONS'>;
  /** Below /api/v1, with `{name}` segments typed in `pathParams`. */
  readonly path: string;
  readonly pathParams?: S;
  readonly params: P;
  readonly aliases?: Aliases;
}

export interface AuthenticatedEndpoint<P extends ParamsSchema, S extends PathParams = NoPathParams> extends BaseEndpoint<P, S> {
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
  // Method syntax, so that endpointList can widen `S`: method parameters are compared both ways.
  reduce(state: State, ctx: AuthenticatedContext<z.output<P>, S>): Outcome;
}

export interface PublicEndpoint<P extends ParamsSchema, S extends PathParams = NoPathParams> extends BaseEndpoint<P, S> {
  readonly auth: 'none';
  reduce(state: State, ctx: PublicContext<z.output<P>, S>): Outcome;
}

export type Endpoint<P extends ParamsSchema = ParamsSchema, S extends PathParams = PathParams> = AuthenticatedEndpoint<P, S> | PublicEndpoint<P, S>;

/** Identity function that lets TypeScript infer the reducer's parameter and path types from the schema and `pathParams`. */
export function defineEndpoint<P extends ParamsSchema, const S extends PathParams = NoPathParams>(
  endpoint: AuthenticatedEndpoint<P, S>,
): AuthenticatedEndpoint<P, S>;
export function defineEndpoint<P extends ParamsSchema, const S extends PathParams = NoPathParams>(endpoint: PublicEndpoint<P, S>): PublicEndpoint<P, S>;
export function defineEndpoint<P extends ParamsSchema, S extends PathParams>(endpoint: Endpoint<P, S>): Endpoint<P, S> {
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
