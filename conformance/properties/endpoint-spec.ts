/**
 * How the property checks see an endpoint: its wire shape (method, path
 * template, parameters and their kinds), who may call it, and which reads
 * show the state it may change. One value per endpoint, in endpoints.ts.
 */
import type { Actor } from '../check.js';
import type { TargetResponse } from '../target.js';

/** How a parameter travels: strings raw, everything else as JSON text. */
export type ParamKind =
  | { readonly type: 'string' }
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'int' }
  /** A JSON integer restricted to a set (e.g. role). */
  | { readonly type: 'int-enum'; readonly values: readonly number[] }
  | { readonly type: 'bool' }
  | { readonly type: 'int-list' }
  | { readonly type: 'json-object' }
  /** A JSON list of objects. */
  | { readonly type: 'object-list' }
  | { readonly type: 'string-list' }
  /** A group id or `{direct_members, direct_subgroups}`. */
  | { readonly type: 'group-setting' }
  /** `{new, old?}` of group-setting values. */
  | { readonly type: 'group-setting-change' }
  /** Any JSON the endpoint interprets itself (e.g. an int or a keyword string): only malformed JSON is surely wrong. */
  | { readonly type: 'json' };

/** The throw-away world one property run works in: never the cast beyond its owner. */
export interface PropertyEnv {
  readonly owner: Actor;
  /** A throw-away member who calls the endpoints about oneself. */
  readonly self: Actor;
  /** A throw-away member that writes are aimed at. */
  readonly target: { readonly id: number; readonly email: string };
  /**
   * A throw-away member deactivated at provisioning: their credentials must
   * no longer work, and deactivation (which has no undo) is aimed at them.
   */
  readonly deactivated: Actor;
  /** A throw-away public channel the owner and `self` are subscribed to. */
  readonly channel: { readonly id: number; readonly name: string };
  /** A throw-away channel that archiving is aimed at. */
  readonly spareChannel: { readonly id: number; readonly name: string };
  /** A throw-away user group with `target` as member. */
  readonly group: { readonly id: number };
  /** A throw-away user group that deactivation is aimed at. */
  readonly spareGroup: { readonly id: number };
  /** A message `self` sent to `channel`. */
  readonly message: { readonly id: number };
  /** A message `self` sent and deleted at provisioning: deletion is aimed at it, so no run can remove a live one. */
  readonly deletedMessage: { readonly id: number };
  /** A name no run used before. */
  unique(label: string): string;
  /** The realm's e-mail domain (from the owner's address). */
  readonly domain: string;
}

export interface ParamSpec {
  readonly name: string;
  readonly kind: ParamKind;
  readonly required?: boolean;
  /** The level from which `required` holds; below it the parameter was optional (it had a default). */
  readonly requiredSince?: number;
  /** A valid value for the base request; absent for optional parameters the base leaves out. */
  readonly valid?: (env: PropertyEnv) => string;
  /** Values known to be invalid for this parameter beyond what its kind implies. */
  readonly invalid?: readonly string[];
  /** JSON `null` is a legal value (the real server's `Json[X | None]`, e.g. `null` = no folder): never a reason to refuse. */
  readonly nullable?: boolean;
  /** Whether the server reads this parameter, given the request's parameters (default: always); a value it ignores cannot make the request bad. */
  readonly readWhen?: (params: Readonly<Record<string, string>>) => boolean;
}

/** What fills a `{name}` path segment: a live throw-away entity, plus garbage and unknown ids for bad input. */
export type PathParamKind =
  | 'user-id'
  | 'user-email'
  | 'deactivated-id'
  | 'channel-id'
  | 'spare-channel-id'
  | 'group-id'
  | 'spare-group-id'
  | 'message-id'
  | 'deleted-message-id'
  /** An id no record reaches (999999999): for writes no run may aim at a live record, such as deleting one of the realm's profile fields. */
  | 'unused-id';

/** A GET, made as the owner, whose body a failed request must leave as it was. */
export interface ReadBack {
  readonly path: string;
  readonly params?: Readonly<Record<string, string>>;
}

export interface EndpointSpec {
  /** The real server's OpenAPI operation id. */
  readonly operation: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Below /api/v1, `{name}` segments typed in `pathParams`. */
  readonly path: string;
  readonly pathParams?: Readonly<Record<string, PathParamKind>>;
  /** `none` for the two key fetches (and public reads such as /server_settings). */
  readonly auth: 'basic' | 'none';
  /** Who calls it in bad-input runs: someone allowed to, so that parameter validation is what answers. */
  /** `deactivated`: for writes no run may make as a live user (a new own API key), so every call is refused at authentication. */
  readonly actor: 'owner' | 'self' | 'none' | 'deactivated';
  readonly params: readonly ParamSpec[];
  /** Parameters the server answers with success before reading anything else, even an id that names nothing (a PATCH with nothing to change). */
  readonly acceptsAnyway?: (params: Readonly<Record<string, string>>) => boolean;
  /** A rule across parameters a conforming server enforces: why these parameters must be refused, or undefined. */
  readonly refuses?: (params: Readonly<Record<string, string>>) => string | undefined;
  /** The real server refuses with HTML pages (403/404) rather than JSON, as on the upload paths. */
  readonly htmlRefusals?: true;
  /** Slow on purpose (password hashing): property checks spend a fifth of their runs on it. */
  readonly slow?: boolean;
  /**
   * Reads showing the state this endpoint could change (GET endpoints must
   * leave them alone whatever happens). Bounded reads, never a listing of the
   * whole organization: a run's cost must not grow with what earlier runs left.
   */
  observe(env: PropertyEnv, request: { readonly path: string; readonly params: Readonly<Record<string, string>> }): readonly ReadBack[];
  /** Undo a success that bad-input produced by chance (e.g. deactivate the user it created); best effort. */
  cleanUp?(env: PropertyEnv, response: TargetResponse, call: CleanupCall): Promise<void>;
}

export type CleanupCall = (auth: Actor, method: string, path: string, params?: Readonly<Record<string, string>>) => Promise<TargetResponse>;

/** `METHOD /path/{param}`, as checks and clauses name endpoints. */
export function endpointKey(spec: Pick<EndpointSpec, 'method' | 'path'>): string {
  return `${spec.method} ${spec.path}`;
}
