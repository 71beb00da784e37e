/**
 * The checks that move the target's clock (edit, move and typing time
 * limits), over HTTP: a chatref server whose clock the suite moves through
 * its admin API (PUT /chatref/admin/clock), as `chatref conform --url …
 * --admin-token …` does against a chatref server in another process.
 */
import { afterAll, beforeAll } from 'vitest';
import { createServer } from '../src/create-server.js';
import type { RunningServer } from '../src/http/server.js';
import { modelOwner, type UrlTarget } from './runner.js';
import { registerConformanceTests } from './vitest.js';

let server: RunningServer | undefined;

beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'clock', log: () => {} });
});

afterAll(async () => {
  await server?.stop();
});

registerConformanceTests({
  name: 'time-limit checks over HTTP (the clock moved through the admin API)',
  seed: 20_240_601,
  only: 'messages.edit.*,messages.move.*,messages.resolve.*,typing.edit.*',
  target: (): UrlTarget => {
    if (server === undefined) throw new Error('the server did not start');
    const owner = modelOwner();
    return { url: server.url, email: owner.email, apiKey: owner.apiKey, adminToken: server.adminToken };
  },
});
