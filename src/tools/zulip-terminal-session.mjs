#!/usr/bin/env node
/**
 * Runs the real terminal client zulip-terminal, unmodified, against `chatref serve`
 * inside tmux and drives a scripted session: start-up, reading a channel and a
 * topic, sending in a topic and as a direct message, reacting, editing, search,
 * marking read, and another user's messages, direct messages, edits, reactions
 * and presence arriving live. Each step waits for a screen (polling capture-pane)
 * and, where the screen cannot tell, checks the server. Exits 1 on the first
 * step that fails, printing the screen it expected and the screen it saw.
 *
 * What it needs (none of it is committed here; PyPI is not needed):
 *   apt-get install -y tmux python3-urwid python3-bs4 python3-lxml python3-pygments python3-dateutil \
 *     python3-tz python3-tzlocal python3-pyperclip python3-requests python3-distro python3-typing-extensions
 *   git clone https://github.com/zulip/zulip-terminal        && git -C zulip-terminal checkout 97007b4bdd63a012fe9b699d7226555a4bc814d9
 *   git clone https://github.com/zulip/python-zulip-api      && git -C python-zulip-api checkout 0.8.2
 *   git clone https://github.com/rr-/urwid_readline          && git -C urwid_readline checkout 0.15.1
 * (zulip-terminal's main branch, not its 0.7.0 release: both want Debian's urwid 2.1.2, but 0.7.0 wants
 * Python < 3.11 and reads the top-level settings POST /register stopped sending at feature level 439.)
 *
 * Usage: npm run build && npm run client:zulip-terminal -- [--record FILE]
 *   ZULIP_TERMINAL_DIR  the zulip-terminal checkout        (or --zulip-terminal DIR)
 *   ZULIP_API_DIR       the python-zulip-api checkout      (or --zulip-api DIR)
 *   URWID_READLINE_DIR  the urwid_readline checkout        (or --urwid-readline DIR)
 *   PYTHON              the interpreter with Debian's packages (default /usr/bin/python3)
 * --record FILE writes the HTTP exchanges of the session (see src/clients/zulip-terminal-session.test.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startRecordingProxy } from './recording-proxy.mjs';

const SEED = 'zulip-terminal-session';
const SCRIPT_AGENT = 'chatref-zulip-terminal-session';
const CORDELIA = { email: 'cordelia@chatref.test', apiKey: 'CordeliaMemberKey000000000000005', userId: 5 };
// zulip-terminal splits a direct message's recipients at commas, so the direct messages go to Iago, not "Cordelia, Lear's daughter".
const IAGO = { email: 'iago@chatref.test', apiKey: 'IagoAdministratorKey000000000002', userId: 2 };
const HAMLET = { email: 'hamlet@chatref.test', apiKey: 'HamletMemberKey00000000000000004', userId: 4 };

const { values: options } = parseArgs({
  options: {
    'zulip-terminal': { type: 'string', default: process.env.ZULIP_TERMINAL_DIR },
    'zulip-api': { type: 'string', default: process.env.ZULIP_API_DIR },
    'urwid-readline': { type: 'string', default: process.env.URWID_READLINE_DIR },
    python: { type: 'string', default: process.env.PYTHON ?? '/usr/bin/python3' },
    record: { type: 'string' },
  },
});

function usage(problem) {
  console.error(`zulip-terminal-session: ${problem}`);
  console.error('See the head of src/tools/zulip-terminal-session.mjs for how to obtain the client and its libraries.');
  process.exit(2);
}

const checkouts = { 'zulip-terminal': 'zulipterminal', 'zulip-api': 'zulip/zulip', 'urwid-readline': 'urwid_readline' };
for (const [name, inner] of Object.entries(checkouts)) {
  if (!options[name]) usage(`no --${name} DIR (or its environment variable) given`);
  if (!fs.existsSync(path.join(options[name], inner))) usage(`--${name} ${options[name]} has no ${inner}/`);
}
const pythonPath = [options['zulip-terminal'], path.join(options['zulip-api'], 'zulip'), options['urwid-readline']].map((p) => path.resolve(p)).join(':');
try {
  execFileSync('tmux', ['-V'], { stdio: 'ignore' });
} catch {
  usage('tmux is not installed');
}
try {
  execFileSync(options.python, ['-c', 'import urwid, zulip, urwid_readline, zulipterminal.cli.run'], {
    env: { ...process.env, PYTHONPATH: pythonPath },
    stdio: 'pipe',
  });
} catch (error) {
  usage(
    `${options.python} cannot import the client: ${String(error.stderr ?? error)
      .trim()
      .split('\n')
      .pop()}`,
  );
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zulip-terminal-session-'));
const zuliprcDir = path.join(work, 'zuliprc');
const tmuxName = `chatref-zt-${process.pid}`;

const chatref = spawn(process.execPath, [path.join(root, 'dist/cli/main.js'), 'serve', '--port', '0', '--seed', SEED, '--zuliprc', zuliprcDir], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let chatrefLog = '';
chatref.stderr.on('data', (chunk) => {
  chatrefLog += chunk;
});
const first = await new Promise((resolve, reject) => {
  createInterface({ input: chatref.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  chatref.once('exit', (code) => reject(new Error(`chatref serve exited ${code}: ${chatrefLog}`)));
});
const proxy = await startRecordingProxy(first.url);

// The client talks to chatref through the recording proxy.
const zuliprc = path.join(zuliprcDir, `${HAMLET.email}.zuliprc`);
fs.writeFileSync(zuliprc, fs.readFileSync(zuliprc, 'utf8').replace(/^site=.*$/m, `site=${proxy.url}`));

function tmux(...args) {
  return execFileSync('tmux', args, { encoding: 'utf8' });
}
const screen = () => tmux('capture-pane', '-p', '-t', tmuxName);
const keys = (...names) => tmux('send-keys', '-t', tmuxName, ...names);
const type = (text) => tmux('send-keys', '-t', tmuxName, '-l', text);

/** Ends the client, then the server; returns the exchanges answered while the client ran (not the polls shutdown answers). */
async function cleanUp() {
  try {
    tmux('kill-session', '-t', tmuxName);
  } catch {
    // Already gone.
  }
  const exchanges = proxy.exchanges.slice();
  chatref.kill('SIGTERM');
  await proxy.close();
  return exchanges;
}

const passed = [];
async function fail(step, expected, detail = '') {
  console.error(`FAILED at "${step}": expected ${expected}${detail ? `\n${detail}` : ''}`);
  console.error(`--- the screen was:\n${safeScreen()}\n---`);
  const traceback = path.join(work, 'zulip-terminal-tracebacks.log');
  if (fs.existsSync(traceback)) console.error(`--- the client's traceback log:\n${fs.readFileSync(traceback, 'utf8')}`);
  console.error(`passed before it: ${passed.join(', ') || 'nothing'}`);
  await cleanUp();
  process.exit(1);
}
function safeScreen() {
  try {
    return screen();
  } catch {
    return '(no screen: the tmux session is gone)';
  }
}

/** Polls `check` (screen → truthy) until it holds; `nudge` keys are sent between polls to make the list redraw. */
async function waitForScreen(step, expected, check, { timeoutMs = 30_000, nudge = [] } = {}) {
  const started = Date.now();
  for (;;) {
    const text = safeScreen();
    if (text.includes('ZT-EXITED')) return fail(step, expected, 'but the client exited');
    if (check(text)) return text;
    if (Date.now() - started > timeoutMs) return fail(step, expected, `(nothing after ${timeoutMs / 1000} s)`);
    if (nudge.length > 0) keys(...nudge);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Polls the server until `check` returns something. */
async function waitForServer(step, expected, check, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() - started > timeoutMs) return fail(step, expected);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function api(user, method, apiPath, params = {}) {
  const form = new URLSearchParams(params).toString();
  const get = method === 'GET';
  const response = await fetch(`${proxy.url}/api/v1${apiPath}${get && form ? `?${form}` : ''}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`,
      'user-agent': SCRIPT_AGENT,
      ...(get ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(get ? {} : { body: form }),
  });
  const body = await response.json();
  if (response.status !== 200) await fail(`${method} ${apiPath}`, 'a 200 answer', JSON.stringify(body));
  return body;
}
const newest = async (user, narrow) =>
  (await api(user, 'GET', '/messages', { anchor: 'newest', num_before: '1', num_after: '0', narrow: JSON.stringify(narrow) })).messages.at(-1);
const messageLine = (text) => (screenText) => screenText.includes(`▒ ${text}`);
const usersColumn = (screenText) =>
  screenText
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('│') + 1))
    .join('\n');

const TOPIC_REPLY = 'Hamlet answers in set design from the terminal';
const TOPIC_EDITED = 'Hamlet answers in set design, edited in the terminal';
const LIVE = 'Cordelia writes while Hamlet watches';
const LIVE_EDITED = 'Cordelia writes, and edits, while Hamlet watches';
const DIRECT_IN = 'A direct word from Iago';
const DIRECT_OUT = 'Hamlet answers Iago directly';

const clientCommand = [
  `cd ${work} &&`,
  `env PYTHONPATH=${pythonPath} HOME=${work} ${options.python} -m zulipterminal.cli.run -c ${zuliprc} 2>${work}/stderr;`,
  'echo ZT-EXITED $?; sleep 3600',
].join(' ');
tmux('new-session', '-d', '-s', tmuxName, '-x', '160', '-y', '50', clientCommand);

/** The compose box's header: "To: …" or "#stream   ▶ topic" right at the column's edge (the list's headers start with a space). */
const composeOpen = (screenText) => /│(To: |#\s?\S+\s+▶ \S)/.test(screenText);
/** Escape, then wait until the box is gone: a key sent right after Escape would read as Meta+key. */
async function closeCompose(step) {
  keys('Escape');
  await waitForScreen(step, 'the compose box to close', (s) => !composeOpen(s));
}

async function step(name, run) {
  await run();
  passed.push(name);
  console.log(`ok  ${name}`);
}

await step('start-up to the first screen', async () => {
  const text = await waitForScreen(
    'start-up',
    'the title "King Hamlet (hamlet@chatref.test)" and the newest message',
    (s) => s.includes('King Hamlet (hamlet@chatref.test)') && s.includes('Especially not the witches.'),
  );
  if (usersColumn(text).includes('Cordelia')) await fail('start-up', 'Cordelia absent from Users before her presence arrives');
  // The client redraws its list from a thread after its first presence ping; keys sent meanwhile can race that
  // redraw (urwid's ListBoxError), so wait until the ping is answered and two captures agree.
  await waitForServer('start-up', "the client's first presence ping", async () => proxy.exchanges.some((e) => e.path === '/api/v1/users/me/presence'));
  let previous = '';
  await waitForScreen('start-up', 'the first screen to stop changing', (s) => {
    const settled = s === previous;
    previous = s;
    return settled;
  });
});

await step('reading a channel', async () => {
  keys('q');
  type('general');
  keys('Enter');
  await waitForScreen('reading a channel', 'the stream search to list "# general"', (s) => /Search Results\s+general/.test(s));
  keys('Enter');
  await waitForScreen(
    'reading a channel',
    'the "# general" narrow with its older message',
    (s) => /# general\s+Search \[\/\]/.test(s) && s.includes("Sure, I'll take some tomorrow"),
  );
});

await step('reading a topic', async () => {
  keys('S');
  await waitForScreen(
    'reading a topic',
    'the "# general: topic narrow" of "set design"',
    (s) => s.includes('# general: topic narrow') && s.includes('These are beautiful.'),
  );
});

await step('sending in a topic', async () => {
  keys('r');
  await waitForScreen('sending in a topic', 'the compose box for "# general ▶ set design"', (s) => /# general\s+▶ set design/.test(s));
  type(TOPIC_REPLY);
  keys('C-d');
  await waitForScreen('sending in a topic', `the message "${TOPIC_REPLY}" in the list`, messageLine(TOPIC_REPLY));
  await closeCompose('sending in a topic');
  const sent = await newest(CORDELIA, [
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: 'set design' },
  ]);
  if (sent.content !== `<p>${TOPIC_REPLY}</p>` || sent.sender_id !== HAMLET.userId)
    await fail('sending in a topic', 'the server to hold the message', JSON.stringify(sent));
});

const own = await newest(CORDELIA, [
  { operator: 'channel', operand: 'general' },
  { operator: 'topic', operand: 'set design' },
]);

await step('reacting', async () => {
  keys('G');
  keys('+');
  await waitForScreen('reacting', 'the reaction ":thumbs_up: You" under the message', (s) => s.includes(':thumbs_up: You'), { nudge: ['k', 'G'] });
  await waitForServer('reacting', "the server to hold Hamlet's thumbs_up", async () => {
    const { message } = await api(CORDELIA, 'GET', `/messages/${own.id}`);
    return message.reactions.some((r) => r.emoji_name === 'thumbs_up' && r.user_id === HAMLET.userId);
  });
});

await step('editing', async () => {
  keys('G');
  keys('e');
  await waitForScreen('editing', 'the edit box ("Also change later messages to this topic")', (s) => s.includes('Also change later messages to this topic'));
  keys('C-l');
  type(TOPIC_EDITED);
  keys('C-d');
  await waitForServer(
    'editing',
    'the server to hold the edit',
    async () => (await api(CORDELIA, 'GET', `/messages/${own.id}`)).message.content === `<p>${TOPIC_EDITED}</p>`,
  );
  await closeCompose('editing');
  await waitForScreen('editing', `the edited message "${TOPIC_EDITED}"`, messageLine(TOPIC_EDITED), { nudge: ['k', 'G'] });
});

let live;
await step("another user's message arriving live", async () => {
  live = await api(CORDELIA, 'POST', '/messages', { type: 'stream', to: 'general', topic: 'set design', content: LIVE });
  await waitForScreen('live message', `Cordelia's "${LIVE}" in the topic`, messageLine(LIVE), { nudge: ['G'] });
});

await step("another user's edit arriving live", async () => {
  await api(CORDELIA, 'PATCH', `/messages/${live.id}`, { content: LIVE_EDITED });
  await waitForScreen('live edit', `the edited "${LIVE_EDITED}"`, messageLine(LIVE_EDITED), { nudge: ['k', 'G'] });
});

await step("another user's reaction arriving live", async () => {
  await api(CORDELIA, 'POST', `/messages/${own.id}/reactions`, { emoji_name: 'tada' });
  await waitForScreen('live reaction', `":tada: Cordelia, Lear's daughter" under Hamlet's message`, (s) => s.includes(":tada: Cordelia, Lear's daughter"), {
    nudge: ['k', 'G'],
  });
});

await step('marking read', async () => {
  await waitForServer('marking read', `the client to mark Cordelia's message ${live.id} read once it showed it`, async () => {
    const { messages } = await api(HAMLET, 'GET', '/messages', { anchor: String(live.id), num_before: '0', num_after: '0' });
    return messages[0]?.flags.includes('read');
  });
});

await step('a direct message arriving live', async () => {
  await api(IAGO, 'POST', '/messages', { type: 'direct', to: JSON.stringify([HAMLET.userId]), content: DIRECT_IN });
  keys('P');
  await waitForScreen(
    'live direct message',
    `the "§ All direct messages" narrow with "${DIRECT_IN}"`,
    (s) => messageLine(DIRECT_IN)(s) && s.includes('§ All direct messages'),
    {
      nudge: ['G'],
    },
  );
});

await step('sending a direct message', async () => {
  keys('G');
  keys('r');
  await waitForScreen('sending a direct message', 'the compose box addressed to "Iago <iago@chatref.test>"', (s) => s.includes('To: Iago <iago@chatref.test>'));
  type(DIRECT_OUT);
  keys('C-d');
  await waitForServer(
    'sending a direct message',
    'the server to hold the direct message to Iago',
    async () => (await newest(IAGO, [{ operator: 'dm', operand: [HAMLET.userId] }])).content === `<p>${DIRECT_OUT}</p>`,
  );
  await closeCompose('sending a direct message');
  await waitForScreen('sending a direct message', `the message "${DIRECT_OUT}" in the list`, messageLine(DIRECT_OUT), { nudge: ['G'] });
});

await step('search', async () => {
  keys('a');
  await waitForScreen('search', 'the "All messages" narrow', (s) => /≡ All messages\s+Search \[\/\]/.test(s));
  keys('/');
  type('witches');
  keys('Enter');
  await waitForScreen(
    'search',
    'only the messages with "witches"',
    (s) => s.includes('Especially not the witches.') && !s.includes(LIVE_EDITED) && !s.includes('These are beautiful.'),
  );
});

await step("another user's presence arriving", async () => {
  await api(CORDELIA, 'POST', '/users/me/presence', { status: 'active', new_user_input: 'true' });
  // The client learns presence from its own once-a-minute presence ping, not from events.
  await waitForScreen('presence', 'Cordelia listed under Users', (s) => usersColumn(s).includes('Cordelia'), { timeoutMs: 150_000 });
});

const exchanges = await cleanUp();
if (options.record) {
  const { toRecording } = await import('./zulip-terminal-recording.mjs');
  fs.writeFileSync(options.record, `${JSON.stringify(toRecording(exchanges, { seed: SEED, scriptAgent: SCRIPT_AGENT }), null, 1)}\n`);
  console.log(`recorded ${exchanges.length} exchanges in ${options.record}`);
}
console.log(`zulip-terminal session passed: ${passed.length} steps`);
fs.rmSync(work, { recursive: true, force: true });
