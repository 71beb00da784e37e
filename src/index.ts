/**
 * chatref: an in-memory reference implementation of the Zulip REST API.
 *
 * @example
 * import { createServer } from 'chatref';
 * const server = await createServer({ port: 0 });
 * console.log(server.apiUrl); // http://127.0.0.1:PORT/api/v1
 * await server.stop();
 */
export { createModel, type Model, type ModelOptions, type Credentials, type CallOptions } from './in-process.js';
export { createServer, type CreateServerOptions } from './create-server.js';
export { Store, type StoreOptions, type StoreRequest } from './store/store.js';
export type { EventStream, EventStreamOptions, StreamEvent } from './store/event-stream.js';
export { loadFixture, readFixture, defaultFixtureData } from './fixtures/load.js';
export { buildState, FixtureError } from './fixtures/build-state.js';
export * from './model/api.js';
