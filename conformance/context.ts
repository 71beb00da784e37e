/**
 * The CheckContext a check runs with: every call goes to the target and is
 * recorded, so a failure can show the exchange that revealed it and a curl
 * reproduction of everything the check sent.
 */
import type { Session } from './bootstrap.js';
import { type Actor, type CheckContext, CheckSkipped, type Exchange } from './check.js';
import { LevelSkipped, laterEndpointOfRequest, NEWEST_FEATURE_LEVEL } from './feature-level.js';
import type { TargetAuth, TargetBytesResponse, TargetFile, TargetResponse } from './target.js';

/**
 * The target could not be asked at all (connection refused, reset, DNS …),
 * as opposed to answering badly. The runner then probes whether the target
 * is gone (the run could not finish) or only dropped this one request.
 */
export class TransportError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    override readonly cause: unknown,
  ) {
    super(`${method} ${path}: no answer from the target (${describeCause(cause)})`);
    this.name = 'TransportError';
  }
}

export function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ` : '';
    const inner = cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
    return `${code}${cause.message}${inner}`;
  }
  return String(cause);
}

export interface RecordingContext extends CheckContext {
  /** Every exchange so far, in order (including the ones newUser made). */
  readonly exchanges: readonly Exchange[];
}

export interface ContextOptions {
  readonly seed: number;
  readonly runs: number;
  /** The level the target is judged as of (default: the newest). */
  readonly featureLevel?: number;
  /** Whether a call to an endpoint that appeared after that level goes out (default: it skips the check). */
  readonly callsLaterEndpoints?: boolean;
}

/** A fresh context per check over the run's shared session. */
export function createContext(session: Session, options: ContextOptions): RecordingContext {
  const clock = session.target.clock;
  const featureLevel = options.featureLevel ?? NEWEST_FEATURE_LEVEL;
  const exchanges: Exchange[] = [];
  const call = async (
    auth: TargetAuth,
    method: string,
    path: string,
    params: Readonly<Record<string, string>> = {},
    files: readonly TargetFile[] = [],
  ): Promise<TargetResponse> => {
    if (options.callsLaterEndpoints !== true) {
      // A check exercising an endpoint newer than the target's level proves nothing about that target.
      const added = laterEndpointOfRequest(method, path, featureLevel);
      if (added !== undefined) throw new LevelSkipped({ needs: added.since }, featureLevel, `${added.endpoint} appeared there`);
    }
    let response: TargetResponse;
    try {
      response = await session.target.call(auth, method, path, params, files);
    } catch (error) {
      throw new TransportError(method, path, error);
    }
    exchanges.push({ auth, method, path, params: { ...params }, files, response });
    session.noteCreation(auth, method, path, params, response);
    return response;
  };
  const fetch = async (
    auth: TargetAuth,
    method: 'GET' | 'HEAD',
    rootPath: string,
    headers: Readonly<Record<string, string>> = {},
  ): Promise<TargetBytesResponse> => {
    const target = session.target;
    if (target.fetch === undefined) throw new CheckSkipped('the target cannot fetch paths outside /api/v1');
    let response: TargetBytesResponse;
    try {
      response = await target.fetch(auth, method, rootPath, headers);
    } catch (error) {
      throw new TransportError(method, rootPath, error);
    }
    exchanges.push({ auth, method, path: rootPath, params: {}, files: [], response, root: true });
    return response;
  };
  return {
    cast: session.cast,
    seed: options.seed,
    runs: options.runs,
    featureLevel,
    ...(clock === undefined ? {} : { clock }),
    ...(session.target.jwtKey === undefined ? {} : { jwtKey: session.target.jwtKey }),
    exchanges,
    call,
    fetch,
    newUser: (role?: number): Promise<Actor> => session.newUser(role, call),
    sharedMember: (index: number): Promise<Actor> => session.sharedMember(index, call),
    unique: (label: string) => session.unique(label),
  };
}
