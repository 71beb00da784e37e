/**
 * The client-side appliers for what administrators change: `channel_folder`,
 * `realm_playgrounds` and `realm_user_settings_defaults` events applied to the
 * register keys they keep up to date, as the real server's apply_event does
 * (folders kept by order).
 */
import type { RegisterState, StateEvent } from './apply-event.js';

type Row = Record<string, any>;

function byOrder(a: Row, b: Row): number {
  return Number(a['order']) - Number(b['order']) || Number(a['id']) - Number(b['id']);
}

export function applyChannelFolder(state: RegisterState, event: StateEvent): void {
  const folders = state['channel_folders'];
  if (!Array.isArray(folders)) return;
  const list = folders as Row[];
  switch (event['op']) {
    case 'add':
      list.push(structuredClone(event['channel_folder'] as Row));
      break;
    case 'update': {
      const folder = list.find((entry) => entry['id'] === event['channel_folder_id']);
      if (folder !== undefined) Object.assign(folder, structuredClone(event['data'] as Row));
      break;
    }
    case 'reorder': {
      const order = event['order'] as number[];
      const positions = new Map(order.map((id, index) => [id, index] as const));
      for (const folder of list) folder['order'] = positions.get(folder['id']) ?? folder['order'];
      break;
    }
  }
  list.sort(byOrder);
}

export function applyRealmPlaygrounds(state: RegisterState, event: StateEvent): void {
  if ('realm_playgrounds' in state) state['realm_playgrounds'] = structuredClone(event['realm_playgrounds']);
}

export function applyRealmUserSettingsDefaults(state: RegisterState, event: StateEvent): void {
  const defaults = state['realm_user_settings_defaults'];
  if (event['op'] === 'update' && defaults !== null && typeof defaults === 'object') (defaults as Row)[event['property'] as string] = event['value'];
}
