/** Starting a chatref server from a fixture: the library form of `chatref serve`. */
import { loadFixture } from './fixtures/load.js';
import { type RunningServer, type ServerOptions, startServer } from './http/server.js';
import type { State } from './model/state.js';
import { type StartingOptions, startingState } from './starting-state.js';
import { MemoryContentStore } from './store/content-store.js';
import { loadSnapshot, type Snapshot } from './store/snapshot.js';

export interface CreateServerOptions extends Omit<ServerOptions, 'state'>, StartingOptions {
  /** A fixture name or path, or a ready State. Default: the embedded default realm. */
  readonly fixture?: string | State;
  /** Start from a snapshot (a file path, or `control.snapshot()`'s document) instead of a fixture; its files included. */
  readonly snapshot?: string | Snapshot;
}

/**
 * Starts a server on host:port (port 0 picks a free one) and resolves once it listens.
 *
 * @example
 * const server = await createServer({ port: 0, seed: 42 });
 * // ... point a client at server.url ...
 * await server.stop();
 */
export function createServer(options: CreateServerOptions = {}): Promise<RunningServer> {
  const { fixture, videoCallProvider, devLogin, featureLevel, snapshot, ...rest } = options;
  if (snapshot !== undefined && fixture !== undefined) throw new TypeError('createServer: give a fixture or a snapshot, not both');
  const content = snapshot === undefined ? rest.content : (rest.content ?? new MemoryContentStore());
  const loaded =
    snapshot !== undefined
      ? loadSnapshot(snapshot, content!)
      : typeof fixture === 'object'
        ? fixture
        : loadFixture(fixture, { start: rest.clock?.() ?? Date.now() / 1000 });
  const state = startingState(loaded, {
    ...(videoCallProvider === undefined ? {} : { videoCallProvider }),
    ...(devLogin === undefined ? {} : { devLogin }),
    ...(featureLevel === undefined ? {} : { featureLevel }),
  });
  return startServer({ ...rest, state, ...(content === undefined ? {} : { content }) });
}
