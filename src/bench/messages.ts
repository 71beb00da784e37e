/**
 * Message benchmarks: heap of a realm with 10^6 messages, the model time of
 * POST /messages and of a topic narrow at 10^6 against 10^3 messages, and
 * rendering throughput. Timed around handle() alone, as write-cost.ts does.
 */

import { generatedUserApiKey, generatedUserEmail } from '../fixtures/generate.js';
import { BENCH_CHANNEL_PREFIX, benchTopicName, generateMessageRealm, type MessageRealmShape } from '../fixtures/generate-messages.js';
import { createEntropySource } from '../http/environment.js';
import { basicAuthorization } from '../model/auth.js';
import { handle } from '../model/handle.js';
import { renderMessage, renderPlain } from '../model/markdown/render.js';
import type { RenderContext } from '../model/markdown/types.js';
import type { ModelRequest } from '../model/request.js';
import type { State } from '../model/state.js';
import { getRow, rows } from '../model/tables/table.js';
import { percentile } from './write-cost.js';

export const LARGE_HISTORY: MessageRealmShape = { users: 10_000, channels: 1_000, messages: 1_000_000, subscriptionsPerUser: 2, topicsPerChannel: 20 };
export const SMALL_HISTORY: MessageRealmShape = { ...LARGE_HISTORY, messages: 1_000 };

interface Subject {
  readonly label: string;
  state: State;
  readonly senderId: number;
  readonly channelName: string;
}

function subjectFor(label: string, state: State): Subject {
  const channel = [...rows(state.channels)].find((candidate) => candidate.name === `${BENCH_CHANNEL_PREFIX} 7`)!;
  const subscribers = getRow(state.subscriberIdsByChannel, channel.id)!;
  // The newest subscriber is a generated user, whose credentials are derived from the id.
  const senderId = [...rows(subscribers)].at(-1)!;
  return { label, state, senderId, channelName: channel.name };
}

function request(subject: Subject, method: string, path: string, params: Record<string, string>, entropy: () => Uint8Array): ModelRequest {
  return {
    method,
    path,
    params,
    authorization: basicAuthorization(generatedUserEmail(subject.senderId), generatedUserApiKey(subject.senderId)),
    origin: 'http://127.0.0.1:9991',
    now: Date.now() / 1000,
    entropy: entropy(),
  };
}

/** Milliseconds per call, alternating between the subjects in blocks so machine noise hits both alike. */
function timeAlternating(
  subjects: readonly Subject[],
  blocks: number,
  perBlock: number,
  call: (subject: Subject, index: number) => void,
): Map<Subject, number[]> {
  const samples = new Map<Subject, number[]>(subjects.map((subject) => [subject, []]));
  for (let block = 0; block < blocks; block++) {
    for (const subject of subjects) {
      const list = samples.get(subject)!;
      for (let i = 0; i < perBlock; i++) {
        const start = performance.now();
        call(subject, block * perBlock + i);
        list.push(performance.now() - start);
      }
    }
  }
  return samples;
}

export interface MessageBenchResult {
  readonly heapBytes: number;
  readonly sendMedianMs: { readonly small: number; readonly large: number };
  readonly narrowMedianMs: { readonly small: number; readonly large: number };
  readonly renderPerSecond: number;
}

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

export function measureMessages(info: (line: string) => void): MessageBenchResult {
  const baseline = heapUsed();
  const start = performance.now();
  const large = subjectFor('10^6 messages', generateMessageRealm(LARGE_HISTORY));
  const heapBytes = heapUsed() - baseline;
  info(
    `generate 10^6 messages (10^4 users, 10^3 channels): ${((performance.now() - start) / 1000).toFixed(1)} s, heap +${(heapBytes / 2 ** 20).toFixed(0)} MiB`,
  );
  const small = subjectFor('10^3 messages', generateMessageRealm(SMALL_HISTORY));
  const entropy = createEntropySource('bench-messages');

  const send = (subject: Subject, index: number) => {
    const params = { type: 'stream', to: subject.channelName, topic: benchTopicName(3), content: `Benchmark send ${index}` };
    const result = handle(subject.state, request(subject, 'POST', '/messages', params, entropy));
    if (result.response.status !== 200) throw new Error(`send answered ${result.response.status} ${JSON.stringify(result.response.body)}`);
    subject.state = result.state;
  };
  timeAlternating([small, large], 1, 500, send);
  const sends = timeAlternating([small, large], 8, 500, send);

  // The topic the sends above went to: at least 50 messages in both realms.
  const narrow = JSON.stringify([
    { operator: 'channel', operand: large.channelName },
    { operator: 'topic', operand: benchTopicName(3) },
  ]);
  const read = (subject: Subject) => {
    const params = { anchor: 'newest', num_before: '50', num_after: '0', narrow };
    const result = handle(subject.state, request(subject, 'GET', '/messages', params, entropy));
    if (result.response.status !== 200) throw new Error(`GET /messages answered ${result.response.status} ${JSON.stringify(result.response.body)}`);
    if ((result.response.body?.['messages'] as unknown[] | undefined)?.length !== 50) throw new Error('GET /messages did not find 50 messages');
  };
  timeAlternating([small, large], 1, 200, read);
  const reads = timeAlternating([small, large], 8, 200, read);

  const renderContext: RenderContext = {
    realmUrl: 'http://127.0.0.1:9991',
    emptyTopicName: 'general chat',
    translateEmoticons: false,
    usersByName: (name) => (name.toLowerCase() === 'iago' ? [{ id: 2, fullName: 'Iago', isActive: true }] : []),
    userById: (id) => (id === 2 ? { id: 2, fullName: 'Iago', isActive: true } : undefined),
    groupByName: () => undefined,
    channelByName: () => undefined,
  };
  const typical = 'Hi @**Iago**, the fix is in https://github.com/zulip/zulip/pull/1234 :tada:\n\n```python\ndef greet(name):\n    return f"hello {name}"\n```';
  for (let i = 0; i < 500; i++) renderMessage(typical, renderContext);
  const renderStart = performance.now();
  let rendered = 0;
  while (performance.now() - renderStart < 2_000) {
    renderMessage(typical, renderContext);
    rendered++;
  }
  const renderPerSecond = rendered / ((performance.now() - renderStart) / 1000);

  const median = (subject: Subject, samples: Map<Subject, number[]>) => percentile(samples.get(subject)!, 0.5);
  return {
    heapBytes,
    sendMedianMs: { small: median(small, sends), large: median(large, sends) },
    narrowMedianMs: { small: median(small, reads), large: median(large, reads) },
    renderPerSecond,
  };
}

/** Inputs that make careless Markdown passes quadratic; the slowest one's time is reported. */
const PATHOLOGICAL_INPUTS: readonly (readonly [string, string])[] = [
  ['nested quotes', '> '.repeat(5000)],
  ['nested lists', Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}* x`).join('\n')],
  ['unmatched stars', '*a '.repeat(5000)],
  ['unclosed mentions', '@**a '.repeat(5000)],
  ['brackets', '['.repeat(5000) + ']('.repeat(5000)],
  ['backticks', '`'.repeat(20000)],
  ['a long host', `https://${'a.'.repeat(5000)}`],
  ['colons', ':a'.repeat(10000)],
];

export function slowestPathologicalRender(): { label: string; milliseconds: number } {
  let slowest = { label: '', milliseconds: 0 };
  for (const [label, source] of PATHOLOGICAL_INPUTS) {
    const start = performance.now();
    renderPlain(source);
    const milliseconds = performance.now() - start;
    if (milliseconds > slowest.milliseconds) slowest = { label, milliseconds };
  }
  return slowest;
}
