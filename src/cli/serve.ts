/** `chatref serve`: start the server on a fixture and print its credentials as the first line. */
import { parseArgs } from 'node:util';
import { loadFixture, readFixture } from '../fixtures/load.js';
import { fixtureSchema } from '../fixtures/schema.js';
import { DEFAULT_HOST, DEFAULT_PORT, startServer } from '../http/server.js';
import { withDevAuthBackend } from '../model/actions/sessions.js';
import { withVideoCallProvider } from '../model/actions/video-calls.js';
import { OLDEST_FEATURE_LEVEL, unsupportedFeatureLevel } from '../model/feature-levels/releases.js';
import { withFeatureLevel } from '../model/feature-levels/with-feature-level.js';
import type { State, VideoCallProviderSetting } from '../model/state.js';
import { getRow, rows } from '../model/tables/table.js';
import { FEATURE_LEVEL } from '../model/version.js';
import { MemoryContentStore } from '../store/content-store.js';
import { JournalError } from '../store/journal.js';
import type { AccessLogFormat } from '../store/request-log.js';
import { loadSnapshot, SnapshotError } from '../store/snapshot.js';
import { devLoginWarning, publicCredentialsWarning } from './public-credentials.js';
import { CONNECTION_OPTIONS, CONNECTION_USAGE, type ConnectionArgs, connectionArgs, validSeed } from './serve-options.js';
import { TLS_OPTIONS, TLS_USAGE, type TlsArgs, tlsArgs, tlsLine, tlsOption, writeCertificate } from './serve-tls.js';
import { stopWhenStdoutReaderLeaves } from './stdout-reader.js';
import { StartupError, UsageError } from './usage-error.js';
import { writeZuliprcFiles } from './zuliprc.js';

export const SERVE_USAGE = `Usage: chatref serve [--host 127.0.0.1] [--port 9991] [--fixture NAME|PATH] [--seed N] [--feature-level N] [--video-provider fake|none] [--dev-login]
                    [--rate-limit] [--no-auth-rate-limit]
                    [--state FILE] [--journal FILE] [--admin-token TOKEN] [--log [json]]
                    [--grace S] [--header-timeout S] [--request-timeout S] [--max-connections N] [--cors ORIGIN] [--zuliprc DIR]
                    [--https [--tls-cert-out FILE] | --tls-cert FILE --tls-key FILE]

  --host HOST        interface to listen on (default ${DEFAULT_HOST})
  --port PORT        port to listen on; 0 picks a free one (default ${DEFAULT_PORT})
  --fixture NAME     a fixture under fixtures/, or a path to a realm.json (default: the embedded default realm)
  --seed N           derive every key, salt and id from N, so runs are reproducible
  --feature-level N  answer as a Zulip server of API feature level N, from ${OLDEST_FEATURE_LEVEL} (Zulip 7.0) to ${FEATURE_LEVEL}
                     (default: the fixture's own, else ${FEATURE_LEVEL}); docs/feature-levels.md lists what changes
  --video-provider P the video call provider behind POST /calls/provider/create: fake (default; deterministic
                     join URLs under https://video.chatref.test) or none (calls answer "not configured")
  --dev-login        answer the development server's password-less logins (POST /api/v1/dev_fetch_api_key,
                     GET /api/v1/dev_list_users) and the session they open for /json/ paths; the zulip-dev
                     fixture turns this on by itself. Never use it on a server others can reach
  --rate-limit       emulate the real server's API rate limits (200 requests a minute per user, 100 per
                     address without credentials) and its X-RateLimit-* headers, to test a client's 429 handling
  --no-auth-rate-limit
                     do not limit password logins (on by default, as on the real server: 5 attempts per
                     30 minutes per account, 100 failures a minute per address); for test suites
  --state FILE       start from a snapshot (GET /chatref/admin/snapshot) instead of the fixture's state;
                     --fixture then only supplies the passwords shown
  --journal FILE     append every write to FILE (flushed) before answering it; on start, replay what FILE
                     holds, so a crash or kill -9 loses no acknowledged write
  --admin-token T    the bearer token of the admin API under /chatref/admin (default: a random one)
  --log [json]       one line per request on stderr: method, path, user, status, milliseconds (or JSON)
${CONNECTION_USAGE}
${TLS_USAGE}

The first line on stdout is a JSON object: {"url", "api_url", "admin_url", "admin_token", "users": [...credentials]}
(and "tls" with HTTPS).
Logs go to stderr. On SIGINT or SIGTERM new connections are refused, held GET /events are answered, requests
already received finish (within --grace), and chatref exits 0. It also stops once stdout's reader has gone.`;

interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly fixture: string;
  readonly seed: string | undefined;
  readonly featureLevel: number | undefined;
  readonly videoProvider: VideoCallProviderSetting;
  readonly devLogin: boolean;
  readonly rateLimit: boolean;
  readonly authRateLimit: boolean;
  readonly state: string | undefined;
  readonly journal: string | undefined;
  readonly adminToken: string | undefined;
  readonly log: AccessLogFormat | undefined;
  readonly connection: ConnectionArgs;
  readonly tls: TlsArgs;
}

/** `--log` may stand alone (text lines) or take `json` or `text`. */
function withLogFormat(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    out.push(arg);
    if (arg === '--log' && argv[index + 1] !== 'json' && argv[index + 1] !== 'text') out.push('text');
  }
  return out;
}

export function parseServeArgs(argv: readonly string[]): ServeOptions {
  const { values } = parseArgs({
    args: withLogFormat(argv),
    options: {
      host: { type: 'string', default: DEFAULT_HOST },
      port: { type: 'string', default: String(DEFAULT_PORT) },
      fixture: { type: 'string', default: 'default' },
      seed: { type: 'string' },
      'feature-level': { type: 'string' },
      'video-provider': { type: 'string', default: 'fake' },
      'dev-login': { type: 'boolean', default: false },
      'rate-limit': { type: 'boolean', default: false },
      'no-auth-rate-limit': { type: 'boolean', default: false },
      state: { type: 'string' },
      journal: { type: 'string' },
      'admin-token': { type: 'string' },
      log: { type: 'string' },
      ...CONNECTION_OPTIONS,
      ...TLS_OPTIONS,
    },
    strict: true,
    allowPositionals: false,
  });
  const port = Number(values.port);
  if (!/^[0-9]+$/.test(values.port) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not ${values.port}`);
  if (values.fixture === '') throw new UsageError('--fixture needs a name or a path');
  const videoProvider = values['video-provider'];
  if (videoProvider !== 'fake' && videoProvider !== 'none') throw new UsageError(`--video-provider must be fake or none, not ${videoProvider}`);
  return {
    host: values.host,
    port,
    fixture: values.fixture,
    seed: validSeed(values.seed),
    featureLevel: validFeatureLevel(values['feature-level']),
    videoProvider,
    devLogin: values['dev-login'],
    rateLimit: values['rate-limit'],
    authRateLimit: !values['no-auth-rate-limit'],
    ...adminArgs(values),
    connection: connectionArgs(values),
    tls: tlsArgs(values),
  };
}

function validFeatureLevel(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const level = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  const problem = unsupportedFeatureLevel(level);
  if (problem !== null) throw new UsageError(`--feature-level: ${Number.isNaN(level) ? `a feature level is a number, got ${JSON.stringify(text)}` : problem}`);
  return level;
}

function adminArgs(values: { state?: string; journal?: string; 'admin-token'?: string; log?: string }) {
  const adminToken = values['admin-token'];
  if (adminToken !== undefined && !/^[\x21-\x7e]+$/.test(adminToken)) throw new UsageError('--admin-token must be printable ASCII without spaces');
  if (values.log !== undefined && values.log !== 'text' && values.log !== 'json') throw new UsageError(`--log takes json or nothing, not ${values.log}`);
  for (const option of ['state', 'journal'] as const) if (values[option] === '') throw new UsageError(`--${option} needs a file`);
  return { state: values.state, journal: values.journal, adminToken, log: values.log as AccessLogFormat | undefined };
}

/**
 * The credentials line: the state's active human users, with the passwords
 * the fixture documents where the user still has that password (a journal or
 * a snapshot may have changed it).
 */
function credentials(state: State, fixtureState: State, fixtureData: unknown) {
  const fixture = fixtureSchema.parse(fixtureData);
  const documented = new Map(fixture.users.map((user) => [user.email.toLowerCase(), user.password ?? null]));
  const passwordOf = (email: string, hash: string | null) => {
    const id = getRow(fixtureState.userIdByEmail, email.toLowerCase());
    const unchanged = id !== undefined && hash !== null && getRow(fixtureState.users, id)?.passwordHash === hash;
    return unchanged ? (documented.get(email.toLowerCase()) ?? null) : null;
  };
  return [...rows(state.users)]
    .filter((user) => user.botType === null && user.isActive)
    .map((user) => ({
      user_id: user.id,
      email: user.deliveryEmail,
      full_name: user.fullName,
      role: user.role,
      api_key: user.apiKey,
      password: passwordOf(user.deliveryEmail, user.passwordHash),
    }));
}

/** A snapshot or journal that cannot be used is reported like a bad fixture: one line, exit 2. */
function asStartupError(error: unknown): unknown {
  return error instanceof SnapshotError || error instanceof JournalError ? new StartupError(error.message) : error;
}

export async function serve(argv: readonly string[]): Promise<void> {
  const options = parseServeArgs(argv);
  const tls = tlsOption(options.tls);
  const fixtureData = readFixture(options.fixture);
  // With the fixture's message history (the default realm's, or a folder's history.json).
  const fixtureState = loadFixture(options.fixture, { start: Date.now() / 1000 });
  const content = new MemoryContentStore();
  let state: State;
  try {
    // A snapshot keeps its own video call provider.
    state = options.state === undefined ? withVideoCallProvider(fixtureState, options.videoProvider) : loadSnapshot(options.state, content);
    if (options.devLogin) state = withDevAuthBackend(state);
    if (options.featureLevel !== undefined) state = withFeatureLevel(state, options.featureLevel);
  } catch (error) {
    throw asStartupError(error);
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const server = await startServer({
    state,
    content,
    host: options.host,
    port: options.port,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    rateLimit: options.rateLimit,
    authRateLimit: options.authRateLimit,
    ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
    ...(options.journal === undefined ? {} : { journal: options.journal }),
    ...(options.log === undefined ? {} : { accessLog: options.log }),
    shutdownGraceMs: options.connection.shutdownGraceMs,
    headerTimeoutMs: options.connection.headerTimeoutMs,
    requestTimeoutMs: options.connection.requestTimeoutMs,
    maxConnections: options.connection.maxConnections,
    ...(options.connection.cors.length === 0 ? {} : { cors: { origins: options.connection.cors } }),
    ...(tls === undefined ? {} : { tls }),
    log,
  }).catch((error: unknown) => {
    throw asStartupError(error);
  });
  if (options.tls.certOut !== undefined && server.tls !== null) {
    try {
      writeCertificate(options.tls.certOut, server.tls);
    } catch (error) {
      await server.stop();
      throw error;
    }
    log(`chatref: wrote the certificate to ${options.tls.certOut} (curl --cacert ${options.tls.certOut}, NODE_EXTRA_CA_CERTS=${options.tls.certOut})`);
  }
  if (options.connection.zuliprc !== undefined) {
    try {
      const files = writeZuliprcFiles(options.connection.zuliprc, server.getState(), server.url, options.tls.certOut);
      log(`chatref: wrote ${files.length} zuliprc files to ${options.connection.zuliprc}`);
    } catch (error) {
      await server.stop();
      throw new StartupError(`cannot write zuliprc files: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const users = credentials(server.getState(), fixtureState, fixtureData);
  const exposed = publicCredentialsWarning(server.host, { users });
  if (exposed !== null) log(exposed);
  const passwordless = devLoginWarning(server.host, server.getState().server.devAuthBackend);
  if (passwordless !== null) log(passwordless);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`chatref: ${signal}, finishing in-flight requests`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`chatref: error while stopping: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Printed last: a caller that reads this line may signal us at once.
  const line = { url: server.url, api_url: server.apiUrl, admin_url: server.adminUrl, admin_token: server.adminToken, users, ...tlsLine(server.tls) };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  stopWhenStdoutReaderLeaves(() => stop('stdout closed'));
  log(`chatref: serving ${options.state ?? options.fixture} at ${server.apiUrl}; admin API at ${server.adminUrl} (token on the first line)`);
  if (options.journal !== undefined) log(`chatref: journaling writes to ${options.journal}`);
  if (server.tls !== null)
    log(`chatref: HTTPS certificate SHA-256 ${server.tls.fingerprint256}${server.tls.selfSigned ? ' (self-signed, made at start)' : ''}`);
}
