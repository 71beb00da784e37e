/**
 * Verdicts per server version. A target is judged as of its feature level
 * (what GET /server_settings claims, or the tester's --feature-level): a
 * check whose behaviour appeared later is skipped ("needs feature level ≥
 * N"), and a check whose behaviour changed at a level reads ctx.featureLevel
 * and expects that level's form.
 *
 * When endpoints and response keys appeared comes from the feature-level
 * table (FEATURE_LEVEL_CHANGES): a table of facts about the real server's
 * versions, which the suite may read. Its rows name endpoints by the real
 * server's OpenAPI operation ids; chatref's route list spells each one out
 * as a method and a path template, and that naming is all the suite takes
 * from it.
 */
import { FEATURE_LEVEL_CHANGES } from '../src/model/feature-levels/table.js';
import { ENDPOINTS } from '../src/model/routes.js';
import { FEATURE_LEVEL } from '../src/model/version.js';
import type { Check } from './check.js';
import { CheckSkipped } from './check.js';
import type { Clause } from './clauses.js';
import type { Target } from './target.js';

/** The newest feature level the suite knows: a target that does not say its level is judged as of it. */
export const NEWEST_FEATURE_LEVEL = FEATURE_LEVEL;

/** Where the level a run judges comes from. */
export type FeatureLevelSource =
  /** `zulip_feature_level` of the target's GET /server_settings. */
  | 'server'
  /** The tester's --feature-level (the runner's `featureLevel`), over what the server claims. */
  | 'option'
  /** The server did not say (no integer zulip_feature_level): judged as the newest. */
  | 'assumed';

export interface JudgedLevel {
  readonly level: number;
  readonly source: FeatureLevelSource;
  /** What the server claims, when it claims an integer level. */
  readonly claimed?: number;
}

/**
 * The skip of a check the target's level excludes: `needs`, the level its
 * behaviour appeared at (the target is below), or `gone`, the level it
 * stopped applying at (the target is at or above).
 */
export class LevelSkipped extends CheckSkipped {
  readonly needs?: number;
  readonly gone?: number;
  constructor(bound: { readonly needs: number } | { readonly gone: number }, level: number, what?: string) {
    const detail = what === undefined ? '' : ` (${what})`;
    super(
      'needs' in bound
        ? `needs feature level ≥ ${bound.needs}${detail}; the target is judged at ${level}`
        : `applies below feature level ${bound.gone} only${detail}; the target is judged at ${level}`,
    );
    this.name = 'LevelSkipped';
    if ('needs' in bound) this.needs = bound.needs;
    else this.gone = bound.gone;
  }
}

// ------------------------------------------------------- the table's facts

interface Template {
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  readonly pattern: RegExp;
}

/** A route's pattern: an integer segment takes digits only, as the real server's routes do. */
function templateOf(operation: string, method: string, path: string, kinds: Readonly<Record<string, string>>): Template {
  const source = path
    .split('/')
    .map((segment) => {
      const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
      if (name === undefined) return segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      return kinds[name] === 'int' ? '[0-9]+' : kinds[name] === 'path' ? '.+' : '[^/]+';
    })
    .join('/');
  return { operation, method, path, pattern: new RegExp(`^${source}$`) };
}

const TEMPLATES: readonly Template[] = ENDPOINTS.map((endpoint) =>
  templateOf(endpoint.operation, endpoint.method, endpoint.path, (endpoint.pathParams ?? {}) as Readonly<Record<string, string>>),
);
const OPERATIONS: ReadonlyMap<string, Template> = new Map(TEMPLATES.map((template) => [template.operation, template]));

/** `METHOD /path/{param}` of an operation id, when the suite knows the endpoint. */
export function endpointOfOperation(operation: string): string | undefined {
  const template = OPERATIONS.get(operation);
  return template === undefined ? undefined : `${template.method} ${template.path}`;
}

/** An endpoint the table says appeared at a level. */
export interface AddedEndpoint {
  readonly operation: string;
  /** `METHOD /path/{param}`. */
  readonly endpoint: string;
  readonly method: string;
  readonly path: string;
  readonly since: number;
}

function addedEndpoints(): readonly AddedEndpoint[] {
  const since = new Map<string, number>();
  for (const change of FEATURE_LEVEL_CHANGES) {
    for (const operation of change.downgrade?.addsEndpoints ?? []) since.set(operation, Math.max(since.get(operation) ?? 0, change.level));
  }
  return [...since].flatMap(([operation, level]) => {
    const template = OPERATIONS.get(operation);
    return template === undefined
      ? []
      : [{ operation, endpoint: `${template.method} ${template.path}`, method: template.method, path: template.path, since: level }];
  });
}

const ADDED_ENDPOINTS = addedEndpoints();
const ADDED_BY_ENDPOINT = new Map(ADDED_ENDPOINTS.map((added) => [added.endpoint, added]));
const ADDED_BY_OPERATION = new Map(ADDED_ENDPOINTS.map((added) => [added.operation, added]));

const REMOVED_AT: ReadonlyMap<string, number> = new Map(
  FEATURE_LEVEL_CHANGES.flatMap((change) =>
    (change.downgrade?.removesEndpoints ?? []).map((endpoint) => [`${endpoint.method} ${endpoint.path}`, change.level] as const),
  ),
);

/** The level the server removed an endpoint (`METHOD /path/{param}`) at, if it did. */
export function endpointRemovedAt(endpoint: string): number | undefined {
  return REMOVED_AT.get(endpoint);
}

/** Every endpoint the table says appeared at some level, oldest first. */
export function endpointsAddedAfter(level: number): readonly AddedEndpoint[] {
  return ADDED_ENDPOINTS.filter((added) => added.since > level).sort((a, b) => a.since - b.since);
}

/** The level an endpoint (`METHOD /path/{param}`) appeared at, when the table says it appeared after the oldest. */
export function endpointSince(endpoint: string): number | undefined {
  return ADDED_BY_ENDPOINT.get(endpoint)?.since;
}

/**
 * The endpoint added after `level` that a concrete request (`/user_groups/7/members`)
 * reaches, if any: none when an endpoint the level has takes the request too
 * (PATCH /users/11 is the old PATCH /users/{user_id}, not the later PATCH /users/{email}).
 */
export function laterEndpointOfRequest(method: string, path: string, level: number): AddedEndpoint | undefined {
  const bare = path.split('?')[0] ?? path;
  let later: AddedEndpoint | undefined;
  for (const template of TEMPLATES) {
    if (template.method !== method || !template.pattern.test(bare)) continue;
    const added = ADDED_BY_OPERATION.get(template.operation);
    if (added === undefined || added.since <= level) return undefined;
    later ??= added;
  }
  return later;
}

/** A top-level response key the table says appeared at a level. */
export interface AddedKey {
  readonly operation: string;
  readonly key: string;
  readonly since: number;
}

/** Keys of an operation's success answer the table says appeared after `level`, oldest first. */
export function responseKeysAddedAfter(operation: string, level: number): readonly AddedKey[] {
  return FEATURE_LEVEL_CHANGES.filter((change) => change.level > level)
    .flatMap((change) => (change.downgrade?.addsResponseKeys?.[operation] ?? []).map((key) => ({ operation, key, since: change.level })))
    .sort((a, b) => a.since - b.since);
}

/** The level a top-level response key of an operation appeared at (undefined: the table does not say, so it is old). */
export function responseKeySince(operation: string, key: string): number | undefined {
  let since: number | undefined;
  for (const change of FEATURE_LEVEL_CHANGES) {
    if (change.downgrade?.addsResponseKeys?.[operation]?.includes(key) === true) since = Math.max(since ?? 0, change.level);
  }
  return since;
}

/** Whether a server at `level` sends this top-level key of the operation's answer, as far as the table says. */
export function sendsKeyAt(level: number, operation: string, key: string): boolean {
  const since = responseKeySince(operation, key);
  return since === undefined || level >= since;
}

/** The level a parameter of an operation appeared at (undefined: the table does not say, so it is old). */
export function paramSince(operation: string, param: string): number | undefined {
  let since: number | undefined;
  for (const change of FEATURE_LEVEL_CHANGES) {
    if (change.downgrade?.addsParams?.[operation]?.includes(param) === true) since = Math.max(since ?? 0, change.level);
  }
  return since;
}

// --------------------------------------------------------------- checks

/** Whether a clause holds at the level (its `since` and `before` bounds). */
export function clauseHoldsAt(clause: Clause, level: number): boolean {
  return (clause.since === undefined || level >= clause.since) && (clause.before === undefined || level < clause.before);
}

/**
 * The skip of a check the level excludes, or undefined when it runs. A check
 * is excluded when its own `since` or `before` leaves the level out (a
 * `since` of its own replaces the level its endpoint appeared at: the check
 * knows the older form), when the table says its endpoint appeared after the
 * level or was removed at or before it, or when none of the clauses it names
 * holds at the level.
 */
export function levelExclusion(check: Check, level: number, clauseById: (id: string) => Clause | undefined): LevelSkipped | undefined {
  if (check.since !== undefined) {
    if (level < check.since) return new LevelSkipped({ needs: check.since }, level, 'the behaviour it checks appeared there');
  } else {
    const since = endpointSince(check.endpoint);
    if (since !== undefined && level < since) return new LevelSkipped({ needs: since }, level, `${check.endpoint} appeared there`);
  }
  if (check.before !== undefined && level >= check.before) return new LevelSkipped({ gone: check.before }, level, 'the behaviour it checks changed there');
  const removed = endpointRemovedAt(check.endpoint);
  if (removed !== undefined && level >= removed && check.before === undefined) {
    return new LevelSkipped({ gone: removed }, level, `the server removed ${check.endpoint} there`);
  }
  const clauses = check.clauses.map(clauseById).filter((clause): clause is Clause => clause !== undefined);
  if (clauses.length === 0 || clauses.some((clause) => clauseHoldsAt(clause, level))) return undefined;
  const later = clauses.filter((clause) => clause.since !== undefined && level < clause.since).map((clause) => clause.since as number);
  if (later.length > 0) return new LevelSkipped({ needs: Math.min(...later) }, level, 'where its clauses hold');
  const earlier = clauses.map((clause) => clause.before).filter((before): before is number => before !== undefined);
  return new LevelSkipped({ gone: Math.max(...earlier) }, level, 'where its clauses hold');
}

// --------------------------------------------------------------- the target

/**
 * The level to judge the target as of: `override` when given, else what the
 * target's GET /server_settings claims, else the newest. Throws only when
 * the target cannot be asked (a transport error).
 */
export async function judgedLevel(target: Target, override?: number): Promise<JudgedLevel> {
  let claimed: number | undefined;
  const response = await target.call(null, 'GET', '/server_settings');
  const body = response.body;
  if (response.status === 200 && body !== null && typeof body === 'object') {
    const level = (body as Record<string, unknown>)['zulip_feature_level'];
    if (typeof level === 'number' && Number.isSafeInteger(level)) claimed = level;
  }
  const known = claimed === undefined ? {} : { claimed };
  if (override !== undefined) return { level: override, source: 'option', ...known };
  if (claimed !== undefined) return { level: claimed, source: 'server', claimed };
  return { level: NEWEST_FEATURE_LEVEL, source: 'assumed' };
}

// --------------------------------------------------------------- narrows

/** The `channel` narrow operator (and `channels`) appeared at feature level 250; before, only `stream` (`streams`). */
export const CHANNEL_OPERATOR_SINCE = 250;

/** The narrow operator naming one channel at a level. */
export function channelOperator(level: number): 'channel' | 'stream' {
  return level >= CHANNEL_OPERATOR_SINCE ? 'channel' : 'stream';
}
