/** `chatref serve`: start the server on a fixture and print its credentials as the first line. */
import { parseArgs } from 'node:util';
import { loadFixture, readFixture } from '../fixtures/load.js';
import { fixtureSchema } from '../fixtures/schema.js';
import { DEFAULT_HOST, DEFAULT_PORT, startServer } from '../http/server.js';
import { withVideoCallProvider } from '../model/actions/video-calls.js';
import type { VideoCallProviderSetting } from '../model/state.js';
import { UsageError } from './usage-error.js';

export const SERVE_USAGE = `Usage: chatref serve [--host 127.0.0.1] [--port 9991] [--fixture NAME|PATH] [--seed N] [--video-provider fake|none]

  --host HOST        interface to listen on (default ${DEFAULT_HOST})
  --port PORT        port to listen on; 0 picks a free one (default ${DEFAULT_PORT})
  --fixture NAME     a fixture under fixtures/, or a path to a realm.json (default: the embedded default realm)
  --seed N           derive every key, salt and id from N, so runs are reproducible
  --video-provider P the video call provider behind POST /calls/provider/create: fake (default; deterministic
                     join URLs under https://video.chatref.test) or none (calls answer "not configured")

The first line on stdout is a JSON object: {"url", "api_url", "users": [...credentials]}.
Logs go to stderr. SIGINT or SIGTERM stops the server after in-flight requests finish.`;

interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly fixture: string;
  readonly seed: string | undefined;
  readonly videoProvider: VideoCallProviderSetting;
}

export function parseServeArgs(argv: readonly string[]): ServeOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      host: { type: 'string', default: DEFAULT_HOST },
      port: { type: 'string', default: String(DEFAULT_PORT) },
      fixture: { type: 'string', default: 'default' },
      seed: { type: 'string' },
      'video-provider': { type: 'string', default: 'fake' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = Number(values.port);
  if (!/^[0-9]+$/.test(values.port) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not ${values.port}`);
  const videoProvider = values['video-provider'];
  if (videoProvider !== 'fake' && videoProvider !== 'none') throw new UsageError(`--video-provider must be fake or none, not ${videoProvider}`);
  return { host: values.host, port, fixture: values.fixture, seed: values.seed, videoProvider };
}

/** The credentials line: active human users with the passwords the fixture documents. */
function credentials(fixtureData: unknown) {
  const fixture = fixtureSchema.parse(fixtureData);
  return fixture.users
    .map((user, index) => ({ user, userId: index + 1 }))
    .filter(({ user }) => user.bot_type === undefined && user.is_active)
    .map(({ user, userId }) => ({
      user_id: userId,
      email: user.email,
      full_name: user.full_name,
      role: user.role,
      api_key: user.api_key,
      password: user.password ?? null,
    }));
}

export async function serve(argv: readonly string[]): Promise<void> {
  const options = parseServeArgs(argv);
  const fixtureData = readFixture(options.fixture);
  // With the fixture's message history (the default realm's, or a folder's history.json).
  const state = withVideoCallProvider(loadFixture(options.fixture), options.videoProvider);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const server = await startServer({
    state,
    host: options.host,
    port: options.port,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    log,
  });
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
  process.stdout.write(`${JSON.stringify({ url: server.url, api_url: server.apiUrl, users: credentials(fixtureData) })}\n`);
  log(`chatref: serving ${options.fixture} at ${server.apiUrl}`);
}
