/**
 * Model time of one user update, PATCH /users/{user_id} with a new
 * full_name as an administrator, timed around handle() alone: the request
 * is built the way the HTTP server builds it (raw params, the Authorization
 * header, fresh entropy, the time) before the clock starts.
 */
import { createEntropySource } from '../http/environment.js';
import { basicAuthorization } from '../model/auth.js';
import { handle } from '../model/handle.js';
import type { ModelRequest } from '../model/request.js';
import type { State } from '../model/state.js';

export interface Administrator {
  readonly email: string;
  readonly apiKey: string;
}

/** A realm taking updates: its state moves on with each one, as the server's would. */
export interface WriteSubject {
  readonly label: string;
  state: State;
  readonly targetUserId: number;
  renames: number;
  /** Milliseconds per measured update. */
  readonly samples: number[];
}

export function writeSubject(label: string, state: State, targetUserId: number): WriteSubject {
  return { label, state, targetUserId, renames: 0, samples: [] };
}

export function createUpdater(administrator: Administrator, seed: string) {
  const authorization = basicAuthorization(administrator.email, administrator.apiKey);
  const entropy = createEntropySource(seed);

  function nextRequest(subject: WriteSubject): ModelRequest {
    subject.renames += 1;
    return {
      method: 'PATCH',
      path: `/users/${subject.targetUserId}`,
      params: { full_name: `Renamed Member ${subject.renames}` },
      authorization,
      origin: 'http://127.0.0.1:9991',
      now: Date.now() / 1000,
      entropy: entropy(),
    };
  }

  /** Applies `count` updates; records their times unless warming up. */
  return function update(subject: WriteSubject, count: number, record: boolean): void {
    for (let i = 0; i < count; i++) {
      const request = nextRequest(subject);
      const start = performance.now();
      const result = handle(subject.state, request);
      const elapsed = performance.now() - start;
      if (result.response.status !== 200) {
        throw new Error(`${subject.label}: update answered ${result.response.status} ${JSON.stringify(result.response.body)}`);
      }
      subject.state = result.state;
      if (record) subject.samples.push(elapsed);
    }
  };
}

export interface WriteCostSettings {
  readonly warmupUpdates: number;
  readonly measuredUpdates: number;
  /** Measured updates are split into this many blocks, alternating between the subjects. */
  readonly blocks: number;
}

/** Warms every subject up, then measures them in alternating blocks so drift in the machine hits all alike. */
export function measureWriteCost(subjects: readonly WriteSubject[], administrator: Administrator, settings: WriteCostSettings): void {
  const update = createUpdater(administrator, 'bench-write-cost');
  for (const subject of subjects) update(subject, settings.warmupUpdates, false);
  const perBlock = Math.ceil(settings.measuredUpdates / settings.blocks);
  for (let block = 0; block < settings.blocks; block++) {
    const order = block % 2 === 0 ? subjects : [...subjects].reverse();
    for (const subject of order) update(subject, perBlock, true);
  }
}

export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) throw new RangeError('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}
