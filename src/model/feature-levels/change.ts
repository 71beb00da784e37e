/**
 * One row of the feature-level table: a change the real server's API
 * changelog records at a level, what chatref does about it and where.
 *
 * A row's `downgrade` says how a server just below the row's level differs,
 * as data where it can (endpoints, parameters, keys and event types that
 * appeared at the level) and as functions where a shape changed. Answers
 * are built in the newest form and walked back one row at a time, newest
 * first, to the level the realm declares (the way Stripe keeps old API
 * versions); requests walk forward, oldest first. Behaviour that changed
 * is a named rule in rules/feature-levels.ts, which the row names.
 */
import type { Endpoint } from '../endpoint.js';
import type { ApiEvent } from '../events/event.js';
import type { State } from '../state.js';

export type Body = Readonly<Record<string, unknown>>;
export type RawParams = Readonly<Record<string, string>>;

/** An event walk; it may read the state after the write (to build the objects an older form held in place of ids). */
export type EventWalk = (event: ApiEvent, state: State) => ApiEvent | null;

export interface DowngradeContext {
  readonly state: State;
  /** The request's raw parameters, as the client sent them (after the request's own walk forward). */
  readonly params: RawParams;
}

export interface Downgrade {
  /** Endpoints (operation ids) new at this level: below it they are unknown paths. */
  readonly addsEndpoints?: readonly string[];
  /** Endpoints the server dropped at this level: they answer only below it (they live in endpoints/legacy/). */
  readonly removesEndpoints?: readonly Endpoint[];
  /** Parameters new at this level, by operation id: below it they are ignored and listed in ignored_parameters_unsupported. */
  readonly addsParams?: Readonly<Record<string, readonly string[]>>;
  /** Top-level keys of a success response new at this level, by operation id: absent below it. */
  readonly addsResponseKeys?: Readonly<Record<string, readonly string[]>>;
  /** Event types new at this level: not sent below it. */
  readonly addsEventTypes?: readonly string[];
  /**
   * A request as a client of the level below sends it, rewritten to this level's form (renamed parameters, an old
   * parameter turned into its replacement). Parameters the level does not know (`addsParams`) are dropped first.
   */
  readonly request?: Readonly<Record<string, (params: RawParams, state: State) => RawParams>>;
  /** A success response as the level below sends it, by operation id. */
  readonly response?: Readonly<Record<string, (body: Body, context: DowngradeContext) => Body>>;
  /** An error response as the level below sends it, by operation id ('*' for every endpoint). */
  readonly error?: Readonly<Record<string, (body: Body, context: DowngradeContext) => Body>>;
  /** An event as the level below sends it (null: not sent), by event type. */
  readonly event?: Readonly<Record<string, EventWalk>>;
}

export type ChangeStatus =
  /** chatref answers as the real server did on both sides of the level. */
  | 'implemented'
  /** Nothing to do: it concerns what chatref does not serve, or it changed nothing an API client sees. `note` says which. */
  | 'nothing-to-do'
  /** Reproduced as far as chatref can; `note` says exactly where it differs. */
  | 'approximate';

export interface LevelChange {
  readonly level: number;
  /** The endpoints or areas the changelog names, e.g. ['POST /register', 'GET /events']. */
  readonly endpoints: readonly string[];
  /** What changed, in our words. */
  readonly change: string;
  readonly status: ChangeStatus;
  /** Where it is implemented (file and rule), or why nothing is needed, or what differs. */
  readonly note: string;
  readonly downgrade?: Downgrade;
}

/** Levels the changelog records with no change: releases and levels reserved for maintenance releases. */
export function noChange(level: number, why: string): LevelChange {
  return { level, endpoints: [], change: why, status: 'nothing-to-do', note: 'no API change at this level' };
}
