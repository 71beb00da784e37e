// `npm run soak:shutdown`: the issue's shutdown scenario against the built CLI.
// Starts `node dist/cli/main.js serve`, runs 20 writers (POST /messages on
// keep-alive connections) plus a request whose body is still arriving and a
// stream of new connections, sends SIGTERM, and prints what each got: answers,
// resets and refusals before and after the signal, the slow request's status,
// the exit code and how long the exit took. Not part of `npm test`.
// Options: --writers N (default 20), --grace SECONDS (default 10), --runs N (default 1).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: { writers: { type: 'string', default: '20' }, grace: { type: 'string', default: '10' }, runs: { type: 'string', default: '1' } },
});
const AUTH = `Basic ${Buffer.from('iago@chatref.test:IagoAdministratorKey000000000002').toString('base64')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function post(agent, port, body) {
  return new Promise((resolve) => {
    let sentAt = null;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/messages',
        method: 'POST',
        agent,
        headers: { authorization: AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ sentAt, status: res.statusCode, error: null }));
        res.on('error', (error) => resolve({ sentAt, status: null, error: error.code ?? error.message }));
      },
    );
    req.on('finish', () => (sentAt = Date.now()));
    req.on('error', (error) => resolve({ sentAt, status: null, error: error.code ?? error.message }));
    req.end(body);
  });
}

async function writer(index, port, outcomes, stopped) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let n = 0; !stopped(); n++) {
    const outcome = await post(agent, port, `type=stream&to=general&topic=soak&content=w${index}-${n}`);
    outcomes.push(outcome);
    if (outcome.error === 'ECONNREFUSED') break;
  }
  agent.destroy();
}

/** Opens connections one after another, each sending a GET, and records how each ended. */
async function connector(port, connects, stopped) {
  while (!stopped()) {
    const startedAt = Date.now();
    const outcome = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('connect', () => socket.write('GET /api/v1/server_settings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', (error) => resolve(error.code ?? error.message));
      socket.on('close', () => resolve(answer.startsWith('HTTP/1.1 200') ? 'answered' : 'closed without answer'));
    });
    connects.push({ startedAt, outcome });
    if (outcome === 'ECONNREFUSED') break;
  }
}

function count(list, predicate) {
  return list.filter(predicate).length;
}

async function run() {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'cli', 'main.js'), 'serve', '--port', '0', '--grace', values.grace], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  const first = await new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  const port = Number(new URL(JSON.parse(first).url).port);
  let signalledAt = Infinity;
  const stopped = () => Date.now() > signalledAt + Number(values.grace) * 1000 + 2000;
  const outcomes = [];
  const connects = [];
  const writers = Array.from({ length: Number(values.writers) }, (_, index) => writer(index, port, outcomes, stopped));
  const connecting = connector(port, connects, stopped);

  const slow = connect(port, '127.0.0.1');
  await once(slow, 'connect');
  let slowAnswer = '';
  slow.on('data', (chunk) => (slowAnswer += chunk.toString('latin1')));
  slow.on('error', () => {});
  const slowBody = 'type=stream&to=general&topic=soak&content=arriving%20slowly%20across%20the%20signal';
  slow.write(
    `POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${slowBody.length}\r\n\r\n`,
  );
  slow.write(slowBody.slice(0, 20));

  await sleep(1000);
  signalledAt = Date.now();
  child.kill('SIGTERM');
  const exited = once(child, 'exit');
  for (const char of slowBody.slice(20)) {
    if (slow.destroyed) break;
    slow.write(char);
    await sleep(20);
  }
  const [code] = await exited;
  const exitMs = Date.now() - signalledAt;
  await Promise.all([...writers, connecting]);
  slow.destroy();

  const before = outcomes.filter((outcome) => outcome.sentAt !== null && outcome.sentAt < signalledAt);
  const after = outcomes.filter((outcome) => !before.includes(outcome));
  const reset = (outcome) => outcome.error !== null && outcome.error !== 'ECONNREFUSED';
  const connectsAfter = connects.filter((entry) => entry.startedAt >= signalledAt);
  return [
    ['requests sent before SIGTERM', before.length],
    ['  answered', count(before, (outcome) => outcome.status !== null)],
    ['  reset', count(before, reset)],
    ['requests sent after SIGTERM', after.length],
    ['  answered (their connection was still open)', count(after, (outcome) => outcome.status !== null)],
    ['  refused', count(after, (outcome) => outcome.error === 'ECONNREFUSED')],
    ['  reset (a keep-alive connection closed as they were sent)', count(after, reset)],
    ['new connections after SIGTERM', connectsAfter.length],
    ['  refused', count(connectsAfter, (entry) => entry.outcome === 'ECONNREFUSED')],
    ['  answered', count(connectsAfter, (entry) => entry.outcome === 'answered')],
    ['  reset or closed', count(connectsAfter, (entry) => entry.outcome !== 'ECONNREFUSED' && entry.outcome !== 'answered')],
    ['request arriving across the signal', /^HTTP\/1\.1 (\d+)/.exec(slowAnswer)?.[1] ?? 'no answer'],
    ['exit code', code],
    ['exit after SIGTERM (ms)', exitMs],
  ];
}

let failed = false;
for (let index = 1; index <= Number(values.runs); index++) {
  const result = await run();
  process.stdout.write(`run ${index}\n${result.map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`);
  const value = (name) => result.find(([label]) => label === name)[1];
  failed ||= value('  reset') > 0 || value('exit code') !== 0 || value('request arriving across the signal') !== '200';
}
process.exitCode = failed ? 1 : 0;
