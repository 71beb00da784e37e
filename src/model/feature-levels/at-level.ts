/**
 * The feature-level table compiled for one level: which endpoints answer,
 * which parameters are ignored, and the walks that turn a request into the
 * newest form and an answer or event back into the level's. Compiled once
 * per level; at the newest level every list is empty and nothing runs.
 */
import type { Endpoint } from '../endpoint.js';
import type { ApiEvent, Emission } from '../events/event.js';
import type { ModelResponse } from '../request.js';
import type { State } from '../state.js';
import type { Body, DowngradeContext, EventWalk, LevelChange, RawParams } from './change.js';
import { fuse, located } from './fuse.js';
import { FEATURE_LEVEL_CHANGES } from './table.js';
import { answerWalk } from './walk.js';

type BodyWalk = (body: Body, context: DowngradeContext) => Body;
type RequestWalk = (params: RawParams, state: State) => RawParams;

export interface LevelView {
  readonly level: number;
  /** True at the newest level: nothing to walk. */
  readonly isNewest: boolean;
  readonly missingOperations: ReadonlySet<string>;
  readonly goneEndpoints: ReadonlySet<Endpoint>;
  readonly ignoredParams: ReadonlyMap<string, readonly string[]>;
  readonly requestWalks: ReadonlyMap<string, readonly RequestWalk[]>;
  readonly responseWalks: ReadonlyMap<string, readonly BodyWalk[]>;
  readonly errorWalks: ReadonlyMap<string, readonly BodyWalk[]>;
  readonly eventWalks: ReadonlyMap<string, readonly EventWalk[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function compile(level: number, changes: readonly LevelChange[], fused: boolean): LevelView {
  const later = changes.filter((change) => change.level > level);
  const missingOperations = new Set<string>();
  const goneEndpoints = new Set<Endpoint>();
  const ignored = new Map<string, string[]>();
  const requestWalks = new Map<string, RequestWalk[]>();
  const responseWalks = new Map<string, BodyWalk[]>();
  const errorWalks = new Map<string, BodyWalk[]>();
  const eventWalks = new Map<string, EventWalk[]>();
  // Requests walk forward: the oldest change first.
  for (const change of [...later].sort((a, b) => a.level - b.level)) {
    for (const [operation, walk] of Object.entries(change.downgrade?.request ?? {})) push(requestWalks, operation, walk);
  }
  // Answers walk back: the newest change first.
  for (const change of [...later].sort((a, b) => b.level - a.level)) {
    const downgrade = change.downgrade;
    if (downgrade === undefined) continue;
    for (const operation of downgrade.addsEndpoints ?? []) missingOperations.add(operation);
    for (const [operation, names] of Object.entries(downgrade.addsParams ?? {})) for (const name of names) push(ignored, operation, name);
    for (const [operation, keys] of Object.entries(downgrade.addsResponseKeys ?? {})) push(responseWalks, operation, located([{ kind: 'omit', keys }]));
    for (const [operation, walk] of Object.entries(downgrade.response ?? {})) push(responseWalks, operation, walk);
    for (const [operation, walk] of Object.entries(downgrade.error ?? {})) push(errorWalks, operation, walk);
    for (const type of downgrade.addsEventTypes ?? []) push(eventWalks, type, () => null);
    for (const [type, walk] of Object.entries(downgrade.event ?? {})) push(eventWalks, type, walk);
  }
  // An endpoint the server dropped at a level answers only below it.
  for (const change of changes) {
    if (change.level <= level) for (const endpoint of change.downgrade?.removesEndpoints ?? []) goneEndpoints.add(endpoint);
  }
  if (fused) for (const walks of [responseWalks, errorWalks]) for (const [operation, list] of walks) walks.set(operation, fuse(list));
  const isNewest = later.length === 0;
  return { level, isNewest, missingOperations, goneEndpoints, ignoredParams: ignored, requestWalks, responseWalks, errorWalks, eventWalks };
}

const views = new Map<number, LevelView>();

export function levelView(level: number): LevelView {
  let view = views.get(level);
  if (view === undefined) {
    view = compile(level, FEATURE_LEVEL_CHANGES, true);
    views.set(level, view);
  }
  return view;
}

/** The level's view with every answer walk as the table states it, one per row: what the fused view must equal (tests). */
export function unfusedLevelView(level: number): LevelView {
  return compile(level, FEATURE_LEVEL_CHANGES, false);
}

/** Whether a server at the level has this endpoint. */
export function endpointExistsAt(view: LevelView, endpoint: Endpoint): boolean {
  return !view.missingOperations.has(endpoint.operation) && !view.goneEndpoints.has(endpoint);
}

export interface LevelRequest {
  readonly params: RawParams;
  /** Parameters the level does not know, which the request carried. */
  readonly ignored: readonly string[];
}

/**
 * A request's parameters in the newest form: those the level does not know
 * yet are dropped (the client sent them; the level ignores them), then the
 * rest walk forward, so an old parameter may turn into its replacement.
 */
export function requestAtLevel(view: LevelView, operation: string, params: RawParams, state: State): LevelRequest {
  if (view.isNewest) return { params, ignored: [] };
  const unknown = (view.ignoredParams.get(operation) ?? []).filter((name) => name in params);
  let walked = params;
  if (unknown.length > 0) {
    const kept: Record<string, string> = { ...params };
    for (const name of unknown) delete kept[name];
    walked = kept;
  }
  for (const walk of view.requestWalks.get(operation) ?? []) walked = walk(walked, state);
  return { params: walked, ignored: unknown };
}

/** A JSON answer in the level's form. */
export function responseAtLevel(view: LevelView, operation: string, response: ModelResponse, context: DowngradeContext): ModelResponse {
  if (view.isNewest || response.body === null || typeof response.body !== 'object') return response;
  const body = response.body as Body;
  const walks =
    body['result'] === 'error' ? [...(view.errorWalks.get(operation) ?? []), ...(view.errorWalks.get('*') ?? [])] : (view.responseWalks.get(operation) ?? []);
  if (walks.length === 0) return response;
  const walked = answerWalk(body, (copy) => {
    let current = copy;
    for (const walk of walks) current = walk(current, context);
    return current;
  });
  return { ...response, body: walked };
}

/** A write's events in the level's form: those the level did not send yet are dropped. */
export function emissionsAtLevel(state: State, emissions: readonly Emission[]): readonly Emission[] {
  const view = levelView(state.featureLevel);
  if (view.isNewest || view.eventWalks.size === 0) return emissions;
  let changed = false;
  const walked: Emission[] = [];
  for (const emission of emissions) {
    const walks = view.eventWalks.get(emission.event.type);
    if (walks === undefined) {
      walked.push(emission);
      continue;
    }
    let event: ApiEvent | null = emission.event;
    for (const walk of walks) {
      event = walk(event, state);
      if (event === null) break;
    }
    changed = true;
    if (event !== null) walked.push(event === emission.event ? emission : { ...emission, event });
  }
  return changed ? walked : emissions;
}
