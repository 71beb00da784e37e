/**
 * Requests per second of chatref's HTTP server against a bare node:http
 * server answering the same bytes, both hosted in one child process and
 * loaded in turn by autocannon from this one, with the same settings.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { basicAuthorization } from '../model/auth.js';
import { API_PREFIX, type CannedReply, type HostCommand, type HostEvent } from './host-protocol.js';

export interface HttpScenario {
  readonly label: string;
  readonly method: 'GET' | 'POST';
  /** Below /api/v1. */
  readonly path: string;
  readonly actor: { readonly email: string; readonly apiKey: string };
  /** An urlencoded body, for writes. */
  readonly form?: string;
}

export interface LoadSettings {
  readonly connections: number;
  readonly pipelining: number;
  /** Per server, before measuring. */
  readonly warmupSeconds: number;
  /** Measured rounds per server, alternating between the servers. */
  readonly rounds: number;
  readonly roundSeconds: number;
}

export interface ThroughputComparison {
  readonly scenario: HttpScenario;
  readonly chatrefRequestsPerSecond: number;
  readonly bareRequestsPerSecond: number;
  /** The bytes both servers answered with. */
  readonly replyBytes: number;
}

/**
 * This process's flags (the TypeScript loader among them) minus the memory
 * settings the 10^6-user realm needs: the servers run with node's defaults.
 */
function serverExecArgv(): string[] {
  return process.execArgv.filter((flag) => !/^--(max-old-space-size|max-semi-space-size|expose-gc)(=|$)/.test(flag));
}

export class ServerHost {
  private readonly child: ChildProcess;
  private readonly events: HostEvent[] = [];
  private waiting: (() => void) | undefined;

  constructor() {
    this.child = fork(fileURLToPath(new URL('./server-host.ts', import.meta.url)), [], { execArgv: serverExecArgv() });
    this.child.on('message', (event: HostEvent) => {
      this.events.push(event);
      this.waiting?.();
    });
    this.child.on('exit', () => this.waiting?.());
  }

  async ask<K extends HostEvent['kind']>(command: HostCommand, expected: K): Promise<Extract<HostEvent, { kind: K }>> {
    this.child.send(command);
    while (this.events.length === 0) {
      if (this.child.exitCode !== null) throw new Error(`server host exited (${this.child.exitCode}) before answering ${command.kind}`);
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    const event = this.events.shift()!;
    if (event.kind === 'failed') throw new Error(`server host failed on ${command.kind}: ${event.message}`);
    if (event.kind !== expected) throw new Error(`server host answered ${event.kind} to ${command.kind}`);
    return event as Extract<HostEvent, { kind: K }>;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}

function replyKey(scenario: HttpScenario): string {
  return `${scenario.method} ${API_PREFIX}${scenario.path}`;
}

export function requestOptions(scenario: HttpScenario): { method: string; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { authorization: basicAuthorization(scenario.actor.email, scenario.actor.apiKey) };
  if (scenario.form === undefined) return { method: scenario.method, headers };
  headers['content-type'] = 'application/x-www-form-urlencoded';
  return { method: scenario.method, headers, body: scenario.form };
}

/** One real request to chatref: checks the scenario succeeds and captures the reply the bare server will copy. */
async function captureReply(apiUrl: string, scenario: HttpScenario): Promise<CannedReply> {
  const response = await fetch(`${apiUrl}${scenario.path}`, requestOptions(scenario));
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${scenario.label}: chatref answered ${response.status} ${body}`);
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json', body };
}

interface LoadTally {
  requests: number;
  seconds: number;
}

export async function load(url: string, scenario: HttpScenario, settings: LoadSettings, seconds: number, tally?: LoadTally): Promise<void> {
  const result = await autocannon({
    url,
    ...requestOptions(scenario),
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: seconds,
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${scenario.label} at ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx replies`);
  }
  if (tally !== undefined) {
    tally.requests += result.requests.total;
    tally.seconds += result.duration;
  }
}

export async function compareThroughput(
  scenarios: readonly HttpScenario[],
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<ThroughputComparison[]> {
  const host = new ServerHost();
  try {
    const { apiUrl } = await host.ask({ kind: 'start-chatref' }, 'chatref-ready');
    const replies: Record<string, CannedReply> = {};
    for (const scenario of scenarios) replies[replyKey(scenario)] = await captureReply(apiUrl, scenario);
    const { url: bareUrl } = await host.ask({ kind: 'start-bare', replies }, 'bare-ready');

    const comparisons: ThroughputComparison[] = [];
    for (const scenario of scenarios) {
      const chatrefUrl = `${apiUrl}${scenario.path}`;
      const bareTarget = `${bareUrl}${API_PREFIX}${scenario.path}`;
      await load(bareTarget, scenario, settings, settings.warmupSeconds);
      await load(chatrefUrl, scenario, settings, settings.warmupSeconds);
      // Short alternating rounds, so a change in the machine's load during the run hits both servers alike.
      const bareTally: LoadTally = { requests: 0, seconds: 0 };
      const chatrefTally: LoadTally = { requests: 0, seconds: 0 };
      for (let round = 0; round < settings.rounds; round++) {
        const order = round % 2 === 0 ? [bareTarget, chatrefUrl] : [chatrefUrl, bareTarget];
        for (const url of order) await load(url, scenario, settings, settings.roundSeconds, url === bareTarget ? bareTally : chatrefTally);
      }
      const bare = bareTally.requests / bareTally.seconds;
      const chatref = chatrefTally.requests / chatrefTally.seconds;
      const replyBytes = Buffer.byteLength(replies[replyKey(scenario)]!.body);
      log(`${scenario.label}: chatref ${chatref.toFixed(0)} req/s, bare node:http ${bare.toFixed(0)} req/s (reply ${replyBytes} bytes)`);
      comparisons.push({ scenario, chatrefRequestsPerSecond: chatref, bareRequestsPerSecond: bare, replyBytes });
    }
    await host.ask({ kind: 'stop' }, 'stopped');
    return comparisons;
  } finally {
    host.kill();
  }
}
