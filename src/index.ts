/**
 * chatref: an in-memory reference implementation of the Zulip REST API.
 *
 * @example
 * import { createServer } from 'chatref';
 * const server = await createServer({ port: 0 });
 * console.log(server.apiUrl); // http://127.0.0.1:PORT/api/v1
 * await server.stop();
 */

export { type CreateServerOptions, createServer } from './create-server.js';
export { buildState, FixtureError } from './fixtures/build-state.js';
export { defaultFixtureData, loadFixture, readFixture } from './fixtures/load.js';
export { type CallOptions, type Credentials, createModel, type Model, type ModelOptions } from './in-process.js';
export * from './model/api.js';
export type { EventStream, EventStreamOptions, StreamEvent } from './store/event-stream.js';
export { Store, type StoreOptions, type StoreRequest } from './store/store.js';
