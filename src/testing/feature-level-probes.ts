/**
 * Tests of the feature-level table: every level a table file lists gets a
 * probe, run against the default realm answering at the level just below
 * (`before`) and at the level itself (`at`).
 */
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../fixtures/load.js';
import { createModel, type Model } from '../in-process.js';
import type { LevelChange } from '../model/feature-levels/change.js';
import { OLDEST_FEATURE_LEVEL } from '../model/feature-levels/releases.js';
import { withFeatureLevel } from '../model/feature-levels/with-feature-level.js';
import type { State } from '../model/state.js';
import { as, T0 } from './default-realm.js';

export interface ProbeServer {
  readonly level: number;
  readonly model: Model;
  /** A small client as one of the default realm's users (default-realm.ts). */
  as(actor: Parameters<typeof as>[1]): ReturnType<typeof as>;
}

/** `before` is null only for the oldest level, which has no level below it that chatref serves. */
export type LevelProbe = (before: ProbeServer | null, at: ProbeServer) => void | Promise<void>;

let base: State | undefined;

/** A fresh model of the default realm at `level`, with its own clock. */
export function probeServer(level: number): ProbeServer {
  base ??= loadFixture('default', { start: T0 });
  let now = T0;
  const model = createModel({ fixture: withFeatureLevel(base, level), seed: 'levels', clock: () => (now += 1) });
  return { level, model, as: (actor) => as(model, actor) };
}

/** For a level that changed nothing: both levels answer, each reporting its own level. */
export const NO_CHANGE: LevelProbe = (before, at) => {
  for (const server of before === null ? [at] : [before, at]) {
    const settings = server.as(null).get('/server_settings');
    expect(settings.status).toBe(200);
    expect((settings.body as Record<string, unknown>)['zulip_feature_level']).toBe(server.level);
  }
};

/** One test per level of `rows`, running its probe at the level below and at the level. */
export function describeLevelChanges(title: string, rows: readonly LevelChange[], probes: Readonly<Record<number, LevelProbe>>): void {
  const levels = [...new Set(rows.map((row) => row.level))].sort((a, b) => a - b);
  describe(title, () => {
    it('has one probe for each level it lists', () => {
      expect(
        Object.keys(probes)
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(levels);
    });
    for (const level of levels) {
      const summary = rows
        .filter((row) => row.level === level)
        .map((row) => row.change)
        .join(' / ');
      it(`level ${level}: ${summary}`, async () => {
        const probe = probes[level];
        expect(probe, `a probe for level ${level}`).toBeDefined();
        await probe!(level > OLDEST_FEATURE_LEVEL ? probeServer(level - 1) : null, probeServer(level));
      });
    }
  });
}

type Actor = Parameters<typeof as>[1];

/** The keys of a register response that asked for one fetch type. */
export function registerKeys(server: ProbeServer, actor: Actor, fetchType: string, params: Record<string, string> = {}): string[] {
  const response = server.as(actor).post('/register', { fetch_event_types: JSON.stringify([fetchType]), ...params });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return Object.keys(response.body as Record<string, unknown>);
}

/** A probe of register keys new at the level: absent just below it, present at it. */
export function registerKeysProbe(actor: Actor, fetchType: string, keys: readonly string[]): LevelProbe {
  return (before, at) => {
    expect(registerKeys(at, actor, fetchType)).toEqual(expect.arrayContaining([...keys]));
    const old = registerKeys(before!, actor, fetchType);
    for (const key of keys) expect(old).not.toContain(key);
  };
}

/** The events `actor`'s new queue (of `eventTypes`) holds after `act` ran. */
export function eventsAfter(
  server: ProbeServer,
  actor: Actor,
  eventTypes: readonly string[],
  act: () => void,
  params: Record<string, string> = {},
): Record<string, any>[] {
  const client = server.as(actor);
  const registered = client.post('/register', { event_types: JSON.stringify(eventTypes), fetch_event_types: '[]', ...params });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const queueId = String((registered.body as Record<string, unknown>)['queue_id']);
  act();
  const polled = client.get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' });
  expect(polled.status, JSON.stringify(polled.body)).toBe(200);
  return ((polled.body as Record<string, unknown>)['events'] as Record<string, any>[]).filter((event) => event['type'] !== 'heartbeat');
}
