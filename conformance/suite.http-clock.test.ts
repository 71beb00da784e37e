/**
 * The checks that move the target's clock (edit, move and typing time
 * limits), over HTTP: a chatref server started
 * in this process, whose clock the test owns, behind the plain HTTP target. A server in another process
 * has no clock a client can move, so suite.http.test.ts skips these checks.
 */
import { afterAll, beforeAll } from 'vitest';
import { createServer } from '../src/create-server.js';
import type { RunningServer } from '../src/http/server.js';
import { modelOwner } from './runner.js';
import type { Target } from './target.js';
import { httpTarget } from './targets/http.js';
import { registerConformanceTests } from './vitest.js';

let offset = 0;
const now = () => Math.floor(Date.now() / 1000) + offset;
let server: RunningServer | undefined;
let target: Target | undefined;

beforeAll(async () => {
  server = await createServer({ port: 0, seed: 'clock', clock: now, log: () => {} });
  const http = httpTarget(server.url);
  target = {
    name: http.name,
    call: http.call,
    close: http.close,
    clock: {
      async now() {
        return now();
      },
      async advance(seconds) {
        offset += seconds;
      },
    },
  };
});

afterAll(async () => {
  await server?.stop();
});

registerConformanceTests({
  name: 'time-limit checks over HTTP (in-process server with a settable clock)',
  seed: 20_240_601,
  only: 'messages.edit.*,messages.move.*,messages.resolve.*,typing.edit.*',
  owner: modelOwner(),
  target: () => {
    if (target === undefined) throw new Error('the server did not start');
    return target;
  },
});
