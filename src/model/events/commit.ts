/**
 * The write seam. A reducer checks every rule on the frozen state, then
 * calls `commit` once: inside, named actions change the draft and emit the
 * events that describe the change, the way the real server's do_* functions
 * both write and send. An audience that is a rule is evaluated by the
 * store on the state after the change.
 */
import { type Draft, produce } from 'immer';
import type { State } from '../state.js';
import type { ApiEvent, Audience, CapabilityFilter, Emission, MessageDelivery } from './event.js';

export interface Tx {
  readonly draft: Draft<State>;
  /** The frozen state before the write: read rules here, not on the draft. */
  readonly before: State;
  readonly now: number;
  emit(event: ApiEvent, to: Audience, capability?: CapabilityFilter, delivery?: MessageDelivery): void;
}

export interface Written {
  readonly state: State;
  readonly events: readonly Emission[];
}

/** Applies `recipe` in one produce and collects what it emitted. */
export function commit(state: State, now: number, recipe: (tx: Tx) => void): Written {
  const events: Emission[] = [];
  const next = produce(state, (draft) => {
    recipe({
      draft,
      before: state,
      now,
      emit(event, audience, capability, delivery) {
        if (audience.kind === 'users' && audience.userIds.length === 0) return;
        const emission: Emission = { event, audience };
        events.push({ ...emission, ...(capability === undefined ? {} : { capability }), ...(delivery === undefined ? {} : { delivery }) });
      },
    });
  });
  return { state: next, events };
}
