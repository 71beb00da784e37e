/**
 * The settings a client registers an event queue with, shared by POST
 * /register and the queue-creating form of GET /events.
 */
import { z } from 'zod';
import type { EntropyReader } from '../entropy.js';
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import { json, wire } from '../params/wire.js';
import { isGuest } from '../rules/roles.js';
import type { User } from '../state.js';
import { CAPABILITIES, type Capability, type QueueSpec } from './event.js';

export const DEFAULT_QUEUE_LIFESPAN_SECS = 600;
export const MAX_QUEUE_LIFESPAN_SECS = 7 * 24 * 3600;

/** The narrow operators an event queue can filter on (check_narrow_for_events). */
const QUEUE_NARROW_OPERATORS: ReadonlySet<string> = new Set(['channel', 'stream', 'topic', 'sender', 'is']);

/** A JSON list of event type names; JSON null means "not given", as zulip-js sends it. */
export const eventTypesParam = () => json(z.array(z.string()).nullable()).optional();

export const narrowParam = () => json(z.array(z.tuple([z.string(), z.string()]))).optional();

export interface QueueOptions {
  readonly eventTypes: readonly string[] | null | undefined;
  readonly narrow: readonly (readonly [string, string])[] | undefined;
  readonly allPublicStreams: boolean | undefined;
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  readonly slimPresence: boolean;
  readonly capabilities: Partial<Record<Capability, boolean | undefined>>;
  readonly lifespanSecs: number;
}

/** The narrow an event queue may filter by: only a few operators, no negation. */
export function checkQueueNarrow(narrow: readonly (readonly [string, string])[]): Checked<void> {
  for (const [operator, operand] of narrow) {
    if (!QUEUE_NARROW_OPERATORS.has(operator)) return reject(Errors.narrowOperatorNotSupported(operator));
    if (operator === 'is' && operand === 'followed') return reject(Errors.narrowOperandNotSupported(operand));
  }
  return accept(undefined);
}

/** 0 means the default; longer than a week is cut to a week. */
export function queueLifespan(requested: number): number {
  if (requested === 0) return DEFAULT_QUEUE_LIFESPAN_SECS;
  return Math.min(requested, MAX_QUEUE_LIFESPAN_SECS);
}

/** Checks the options and draws a queue id: everything the store needs to allocate the queue. */
export function checkQueueSpec(actor: User, options: QueueOptions, entropy: EntropyReader): Checked<QueueSpec> {
  const narrow = options.narrow ?? [];
  const narrowOk = checkQueueNarrow(narrow);
  if (!narrowOk.ok) return narrowOk;
  if (options.allPublicStreams === true && isGuest(actor)) return reject(Errors.notAuthorizedForQuery());
  if (options.lifespanSecs < 0) return reject(Errors.badValue('queue_lifespan_secs', options.lifespanSecs));
  const capabilities = new Set<Capability>(CAPABILITIES.filter((name) => options.capabilities[name] === true));
  return accept({
    queueId: drawQueueId(entropy),
    userId: actor.id,
    eventTypes: options.eventTypes == null ? null : new Set(options.eventTypes),
    narrow,
    allPublicStreams: options.allPublicStreams ?? false,
    applyMarkdown: options.applyMarkdown,
    clientGravatar: options.clientGravatar,
    slimPresence: options.slimPresence,
    capabilities,
    lifespanSecs: queueLifespan(options.lifespanSecs),
  });
}

/** A queue id in the real server's UUID form, drawn from the request's entropy. */
export function drawQueueId(entropy: EntropyReader): string {
  const bytes = entropy.take(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const lifespanParam = () => wire.int().default(0);
