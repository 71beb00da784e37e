/** A draft as the API shows it (the real server's Draft.to_dict: the timestamp in whole seconds). */
import type { Draft } from '../state.js';

export function presentDraft(draft: Draft): Record<string, unknown> {
  return { id: draft.id, type: draft.type, to: [...draft.to], topic: draft.topic, content: draft.content, timestamp: Math.trunc(draft.lastEditTime) };
}
