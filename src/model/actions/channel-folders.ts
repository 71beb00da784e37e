/**
 * Writing channel folders (the real server's zerver/actions/channel_folders.py):
 * each write sends a channel_folder event to every active user.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentChannelFolder } from '../present/channel-folders.js';
import { renderMarkdown } from '../present/markdown.js';
import type { ChannelFolder, State, User } from '../state.js';
import { getRow, withRow } from '../tables/table.js';

function putFolderMutably(tx: Tx, folder: ChannelFolder): void {
  const draft = tx.draft as unknown as { channelFolders: State['channelFolders'] };
  draft.channelFolders = withRow(draft.channelFolders, folder.id, Object.freeze(folder));
}

/** A new folder, last in the order (its order is its id). */
export function addChannelFolder(tx: Tx, creator: User, name: string, description: string): number {
  const id = tx.draft.counters.nextChannelFolderId;
  tx.draft.counters.nextChannelFolderId = id + 1;
  const folder: ChannelFolder = {
    id,
    name,
    description,
    renderedDescription: renderMarkdown(description),
    order: id,
    creatorId: creator.id,
    dateCreated: Math.floor(tx.now),
    isArchived: false,
  };
  putFolderMutably(tx, folder);
  tx.emit({ type: 'channel_folder', op: 'add', channel_folder: presentChannelFolder(folder) }, Audiences.everyone());
  return id;
}

export interface ChannelFolderChange {
  readonly name?: string;
  readonly description?: string;
  readonly isArchived?: boolean;
}

/** One update event per changed property, in the real server's order: name, description, archiving. */
export function updateChannelFolder(tx: Tx, folder: ChannelFolder, change: ChannelFolderChange): void {
  let current = folder;
  const update = (fields: Partial<ChannelFolder>, data: Record<string, unknown>) => {
    current = { ...current, ...fields };
    putFolderMutably(tx, current);
    tx.emit({ type: 'channel_folder', op: 'update', channel_folder_id: folder.id, data }, Audiences.everyone());
  };
  if (change.name !== undefined) update({ name: change.name }, { name: change.name });
  if (change.description !== undefined) {
    const rendered = renderMarkdown(change.description);
    update({ description: change.description, renderedDescription: rendered }, { description: change.description, rendered_description: rendered });
  }
  if (change.isArchived !== undefined) update({ isArchived: change.isArchived }, { is_archived: change.isArchived });
}

/** Every folder takes its position in `order` (positions already checked to cover them all). */
export function reorderChannelFolders(tx: Tx, order: readonly number[], positions: ReadonlyMap<number, number>): void {
  for (const [id, position] of positions) {
    const folder = getRow(tx.before.channelFolders, id);
    if (folder !== undefined && folder.order !== position) putFolderMutably(tx, { ...folder, order: position });
  }
  tx.emit({ type: 'channel_folder', op: 'reorder', order: [...order] }, Audiences.everyone());
}
