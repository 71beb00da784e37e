/**
 * Channel folders (the real server's zerver/lib/channel_folders.py): who
 * manages them, what a name may be, and when one may be archived.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { ChannelFolder, State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { firstInvalidCharacterPosition } from './channel-names.js';
import { isAdministrator } from './roles.js';

/** Creating, changing and reordering folders is for administrators (require_realm_admin). */
export function canManageChannelFolders(actor: User): boolean {
  return isAdministrator(actor);
}

/** A folder of the organization by id, archived or not (get_channel_folder_by_id). */
export function accessChannelFolderById(state: State, folderId: number): Checked<ChannelFolder> {
  const folder = getRow(state.channelFolders, folderId);
  return folder === undefined ? reject(Errors.invalidChannelFolderId()) : accept(folder);
}

/** The organization's folders by `order`, the archived ones only when asked for. */
export function selectChannelFolders(state: State, includeArchived: boolean): ChannelFolder[] {
  const folders = [...rows(state.channelFolders)].filter((folder) => includeArchived || !folder.isArchived);
  return folders.sort((a, b) => a.order - b.order || a.id - b.id);
}

/** Not blank, printable, and unused among the active folders (case-insensitively); names are not trimmed. */
export function checkChannelFolderName(state: State, name: string): Checked<string> {
  if (name.trim() === '') return reject(Errors.channelFolderNameEmpty());
  const position = firstInvalidCharacterPosition(name);
  if (position !== null) return reject(Errors.invalidChannelFolderNameCharacter(position));
  const key = name.toLowerCase();
  for (const folder of rows(state.channelFolders)) {
    if (!folder.isArchived && folder.name.toLowerCase() === key) return reject(Errors.channelFolderNameInUse());
  }
  return accept(name);
}

/** Whether any channel, archived ones included, is in the folder (such a folder cannot be archived). */
export function isChannelFolderInUse(state: State, folderId: number): boolean {
  const channels = getRow(state.channelIdsByFolder, folderId);
  return channels !== undefined && !rows(channels).next().done;
}

/**
 * A new order: every folder's id must appear (archived ones too); each gets
 * the position of its last appearance, and ids of no folder are ignored, as
 * on the real server.
 */
export function checkChannelFolderOrder(state: State, order: readonly number[]): Checked<ReadonlyMap<number, number>> {
  const positions = new Map<number, number>();
  for (const [index, id] of order.entries()) positions.set(id, index);
  for (const folder of rows(state.channelFolders)) if (!positions.has(folder.id)) return reject(Errors.invalidOrderMapping());
  return accept(positions);
}
