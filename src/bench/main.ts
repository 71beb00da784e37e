/**
 * `npm run bench`: the model's write cost at 10^6 users against 10^3, and
 * chatref's HTTP throughput against a bare node:http server. Info lines
 * first; the three result lines last.
 */
import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { generateRealm } from '../fixtures/generate.js';
import { HAMLET, IAGO } from '../testing/default-realm.js';
import { measureFeatureLevelCost } from './feature-levels.js';
import { compareThroughput, type HttpScenario, type ThroughputComparison } from './http-throughput.js';
import { measureLinkifiers } from './linkifiers.js';
import { measureFanOut, measureLongPolling } from './long-poll.js';
import { MARKED_PER_REQUEST, measureFlagUpdates } from './message-flags.js';
import { measureTopicMoves } from './message-moves.js';
import { measureMessages, slowestPathologicalRender } from './messages.js';
import { measureUpload } from './uploads.js';
import { measureWriteCost, percentile, type WriteSubject, writeSubject } from './write-cost.js';

/** The whole run stays well inside this; past it something hangs, so give up loudly. */
const TIME_LIMIT_MS = 400_000;

const SMALL_REALM_USERS = 1_000;
const LARGE_REALM_USERS = 1_000_000;

const HTTP_SCENARIOS: readonly HttpScenario[] = [
  { label: 'http GET /users/{user_id}', method: 'GET', path: `/users/${IAGO.userId}`, actor: HAMLET },
  { label: 'http POST /users/me/status', method: 'POST', path: '/users/me/status', actor: HAMLET, form: 'status_text=Benchmarking+the+server' },
  {
    label: 'http POST /messages',
    method: 'POST',
    path: '/messages',
    actor: HAMLET,
    form: 'type=stream&to=general&topic=bench&content=Hello+from+the+benchmark',
  },
];

function info(line: string): void {
  console.log(`# ${line}`);
}

function megabytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

function timed<T>(label: string, build: () => T): T {
  const start = performance.now();
  const value = build();
  info(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s, heap ${megabytes(process.memoryUsage().heapUsed)}`);
  return value;
}

function microseconds(milliseconds: number): string {
  return `${(milliseconds * 1000).toFixed(1)} µs`;
}

function describeSamples(subject: WriteSubject): void {
  const { samples } = subject;
  info(
    `${subject.label}: ${samples.length} updates, median ${microseconds(percentile(samples, 0.5))}, ` +
      `p10 ${microseconds(percentile(samples, 0.1))}, p90 ${microseconds(percentile(samples, 0.9))}, p99 ${microseconds(percentile(samples, 0.99))}`,
  );
}

function measureWriteCostRatio(): number {
  const small = writeSubject(
    '10^3 users',
    timed('generate 10^3 users', () => generateRealm(SMALL_REALM_USERS)),
    SMALL_REALM_USERS / 2,
  );
  const large = writeSubject(
    '10^6 users',
    timed('generate 10^6 users', () => generateRealm(LARGE_REALM_USERS)),
    LARGE_REALM_USERS / 2,
  );
  measureWriteCost([small, large], IAGO, { warmupUpdates: 1_000, measuredUpdates: 4_000, blocks: 8 });
  describeSamples(small);
  describeSamples(large);
  return percentile(large.samples, 0.5) / percentile(small.samples, 0.5);
}

function throughputLine(comparison: ThroughputComparison): string {
  const ratio = comparison.chatrefRequestsPerSecond / comparison.bareRequestsPerSecond;
  return `${comparison.scenario.label}: ${comparison.chatrefRequestsPerSecond.toFixed(0)} req/s = ${ratio.toFixed(2)} of bare node:http`;
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`bench: still running after ${TIME_LIMIT_MS / 1000} s; giving up`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  deadline.unref();

  info(`node ${process.version}, ${availableParallelism()} CPUs, heap limit ${megabytes(getHeapStatistics().heap_size_limit)}`);
  // HTTP first, while this process's heap is small: autocannon runs here.
  const settings = { connections: 10, pipelining: 1, warmupSeconds: 1, rounds: 3, roundSeconds: 2.5 };
  info(
    `http: autocannon, ${settings.connections} connections, pipelining ${settings.pipelining}; per server ${settings.warmupSeconds} s warm-up, ` +
      `then ${settings.rounds} alternating rounds of ${settings.roundSeconds} s; the bare server answers the bytes chatref answered`,
  );
  const throughput = await compareThroughput(HTTP_SCENARIOS, settings, info);

  const longPoll = await measureLongPolling(1_000, settings, info);
  const fanOut = measureFanOut();
  for (const [receivers, micros] of fanOut.microsecondsByReceivers) info(`fan-out: a status write reaching ${receivers} queues: ${micros.toFixed(1)} µs`);
  info(`fan-out: reaching 10 queues while 990 message-only queues exist: ${fanOut.microsecondsWithBystanders.toFixed(1)} µs`);

  const writeCostRatio = measureWriteCostRatio();
  const messages = measureMessages(info);
  const flags = measureFlagUpdates(info);
  const moves = measureTopicMoves(info);
  const linkifiers = measureLinkifiers(info);
  const levels = measureFeatureLevelCost();
  for (const level of levels)
    info(`${level.label} at feature level 185: ${microseconds(level.oldMicros / 1000)}, at the newest: ${microseconds(level.newestMicros / 1000)}`);
  const upload = await measureUpload();
  info(`upload: ${megabytes(upload.storedBytes)} stored in the in-memory content store`);

  console.log('--- results ---');
  console.log(`write cost 10^6/10^3 users: ${writeCostRatio.toFixed(2)}`);
  console.log(`heap of a realm with 10^6 messages, 10^4 users, 10^3 channels: ${megabytes(messages.heapBytes)}`);
  console.log(
    `POST /messages model time at 10^6/10^3 messages: ${(messages.sendMedianMs.large / messages.sendMedianMs.small).toFixed(2)} ` +
      `(${microseconds(messages.sendMedianMs.large)} vs ${microseconds(messages.sendMedianMs.small)})`,
  );
  console.log(
    `GET /messages topic narrow, newest 50, at 10^6/10^3 messages: ${(messages.narrowMedianMs.large / messages.narrowMedianMs.small).toFixed(2)} ` +
      `(${microseconds(messages.narrowMedianMs.large)} vs ${microseconds(messages.narrowMedianMs.small)})`,
  );
  console.log(
    `PATCH /messages change_all of a 100-message topic at 10^5/10^3 channel messages: ${(moves.large / moves.small).toFixed(2)} ` +
      `(${microseconds(moves.large)} vs ${microseconds(moves.small)})`,
  );
  console.log(
    `POST /messages/flags marking the newest ${MARKED_PER_REQUEST} read, at ${flags.largeHistory}/${flags.smallHistory} messages per user: ` +
      `${(flags.newest.large / flags.newest.small).toFixed(2)} (${microseconds(flags.newest.large)} vs ${microseconds(flags.newest.small)}; ` +
      `${MARKED_PER_REQUEST} spread over the history: ${(flags.spread.large / flags.spread.small).toFixed(2)})`,
  );
  console.log(`rendering a message with a mention, a link, an emoji and a code block: ${messages.renderPerSecond.toFixed(0)} messages/s`);
  console.log(
    `rendering a message with 20 linkifiers configured / none: ${(linkifiers.withoutPerSecond / linkifiers.withTwentyPerSecond).toFixed(2)} ` +
      `(${linkifiers.withTwentyPerSecond.toFixed(0)} vs ${linkifiers.withoutPerSecond.toFixed(0)} messages/s; 10^4 adversarial characters: ${linkifiers.adversarialMs.toFixed(0)} ms)`,
  );
  const slowestLevel = levels.reduce((worst, level) => (level.oldMicros / level.newestMicros > worst.oldMicros / worst.newestMicros ? level : worst));
  console.log(
    `model time at feature level 185 / the newest, slowest of ${levels.length} requests: ${(slowestLevel.oldMicros / slowestLevel.newestMicros).toFixed(2)} ` +
      `(${slowestLevel.label}: ${slowestLevel.oldMicros.toFixed(1)} µs vs ${slowestLevel.newestMicros.toFixed(1)} µs; target ≤ 1.10)`,
  );
  const slowest = slowestPathologicalRender();
  console.log(`slowest pathological Markdown input (${slowest.label}, ~10^4 characters): ${slowest.milliseconds.toFixed(0)} ms`);
  for (const comparison of throughput) console.log(throughputLine(comparison));
  console.log(
    `writes with ${longPoll.heldRequests} long-polls held: ${longPoll.writesPerSecondWithQueues.toFixed(0)} req/s = ` +
      `${(longPoll.writesPerSecondWithQueues / longPoll.writesPerSecondIdle).toFixed(2)} of the same run without them`,
  );
  console.log(
    `held request answered relative to the write's answer: p50 ${longPoll.deliveryMsP50.toFixed(2)} ms, p99 ${longPoll.deliveryMsP99.toFixed(2)} ms ` +
      `(write sent → event received: p50 ${longPoll.sendToDeliveryMsP50.toFixed(2)} ms)`,
  );
  console.log(`memory per held request: ${(longPoll.bytesPerHeldRequest / 1024).toFixed(1)} KiB (server rss)`);
  console.log(
    `http POST /user_uploads of a 100 MiB file: ${upload.mibPerSecond.toFixed(0)} MiB/s; peak growth during it: heap ${megabytes(upload.peakHeapGrowth)}, ` +
      `rss beyond the stored bytes ${megabytes(upload.peakRssGrowthBeyondStored)}`,
  );
  const by = fanOut.microsecondsByReceivers;
  console.log(
    `fan-out: write reaching 1000 queues / 10 queues = ${(by.get(1000)! / by.get(10)!).toFixed(1)}; ` +
      `10 receivers among 1000 queues / 10 alone = ${(fanOut.microsecondsWithBystanders / by.get(10)!).toFixed(2)}`,
  );
}

await main();
