/**
 * The strong events oracle: what a client builds from its register
 * response and the events that followed is what a fresh register shows.
 * The real server tests itself this way (verify_action in its events
 * tests); the spec leaves event payloads open, so the clause is `compat`.
 */
import type { Clause } from '../clauses.js';

export const EVENT_ORACLE_CLAUSES: readonly Clause[] = [
  {
    id: 'events.oracle.register-agrees',
    section: 'server-events.md: §1.4 register algorithm (apply events to the state), §5 event catalogue',
    summary:
      'After any writes, a client that applies every event its queue received, in order, to its register response holds what a new register shows (queue fields aside, unordered lists sorted).',
    level: 'compat',
    endpoint: 'POST /register',
  },
];
