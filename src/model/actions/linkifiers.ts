/**
 * Writing linkifiers (the real server's do_add_linkifier, do_update_linkifier, do_remove_linkifier,
 * check_reorder_linkifiers). Each write tells every user the whole new list in a realm_linkifiers event
 * (reference server-events §5.6). Messages already sent keep their rendering.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { CapabilityFilter } from '../events/event.js';
import { presentLinkifiers } from '../present/linkifiers.js';
import type { LinkifierDefinition } from '../rules/linkifiers.js';
import type { Linkifier, State } from '../state.js';

/**
 * Only queues registered with linkifier_url_template get the event, as the API documentation says (their register
 * state is the real list; others hold `[]` and are never told otherwise).
 */
const URL_TEMPLATE_CLIENTS: CapabilityFilter = { name: 'linkifier_url_template', has: true };

/** A writable copy for the draft (the list of alternative templates is frozen in the state it comes from). */
function stored(linkifier: Linkifier): Linkifier & { alternativeUrlTemplates: string[] } {
  return { ...linkifier, alternativeUrlTemplates: [...linkifier.alternativeUrlTemplates] };
}

function notifyLinkifiers(tx: Tx): void {
  const current = tx.draft as unknown as State;
  tx.emit({ type: 'realm_linkifiers', realm_linkifiers: presentLinkifiers(current) }, Audiences.everyone(), URL_TEMPLATE_CLIENTS);
}

/** Adds the linkifier last in the order, with the next id. */
export function addLinkifier(tx: Tx, definition: LinkifierDefinition): number {
  const id = tx.draft.counters.nextLinkifierId;
  tx.draft.counters.nextLinkifierId += 1;
  tx.draft.linkifiers.push(stored({ id, ...definition }));
  notifyLinkifiers(tx);
  return id;
}

/** Replaces every field of the linkifier; its place in the order stays. */
export function updateLinkifier(tx: Tx, linkifier: Linkifier, definition: LinkifierDefinition): void {
  const index = tx.before.linkifiers.findIndex((candidate) => candidate.id === linkifier.id);
  tx.draft.linkifiers[index] = stored({ id: linkifier.id, ...definition });
  notifyLinkifiers(tx);
}

export function removeLinkifier(tx: Tx, linkifier: Linkifier): void {
  const index = tx.before.linkifiers.findIndex((candidate) => candidate.id === linkifier.id);
  tx.draft.linkifiers.splice(index, 1);
  notifyLinkifiers(tx);
}

/** Puts the linkifiers in the given order of ids (every existing id, once). */
export function reorderLinkifiers(tx: Tx, orderedIds: readonly number[]): void {
  const byId = new Map(tx.before.linkifiers.map((linkifier) => [linkifier.id, linkifier]));
  tx.draft.linkifiers = orderedIds.map((id) => stored(byId.get(id)!));
  notifyLinkifiers(tx);
}
