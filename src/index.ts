/**
 * chatref: an in-memory reference implementation of the Zulip REST API.
 *
 * @example
 * import { createServer } from 'chatref';
 * const server = await createServer({ port: 0 });
 * console.log(server.apiUrl); // http://127.0.0.1:PORT/api/v1
 * await server.stop();
 *
 * @example
 * // HTTPS with a certificate made at start; trust server.tls.certificate (PEM), or check server.tls.fingerprint256.
 * const secure = await createServer({ port: 0, tls: true });
 */

export { type CreateServerOptions, createServer } from './create-server.js';
export { buildState, FixtureError } from './fixtures/build-state.js';
export { loadFixture, readFixture } from './fixtures/load.js';
export type { FixtureInput } from './fixtures/schema.js';
export type { RunningServer } from './http/server.js';
export { TlsError, type TlsInfo, type TlsOptions } from './http/tls.js';
export { type CallOptions, type Credentials, createModel, type Model, type ModelOptions } from './in-process.js';
export * from './model/api.js';
export { type ClockChange, type ClockReading, Control } from './store/control.js';
export type { EventStream, EventStreamOptions, StreamEvent } from './store/event-stream.js';
export { JournalError } from './store/journal.js';
export type { RecordedRequest, RequestFilter } from './store/request-log.js';
export { readSnapshotFile, type Snapshot, SnapshotError, snapshotText, writeSnapshotFile } from './store/snapshot.js';
export { Store, type StoreOptions, type StoreRequest } from './store/store.js';

import { defaultFixtureData as defaultFixtureJson } from './fixtures/load.js';
import type { FixtureInput } from './fixtures/schema.js';

/** The default realm's fixture as written (fixtures/default/realm.json). Typed by the fixture schema, so the declarations do not carry the file. */
export const defaultFixtureData = defaultFixtureJson as () => FixtureInput;
