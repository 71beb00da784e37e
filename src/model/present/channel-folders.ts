/** The channel folder dict of the API (the real server's get_channel_folder_dict). */
import type { ChannelFolder } from '../state.js';

export function presentChannelFolder(folder: ChannelFolder): Record<string, unknown> {
  return {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    rendered_description: folder.renderedDescription,
    order: folder.order,
    date_created: folder.dateCreated,
    creator_id: folder.creatorId,
    is_archived: folder.isArchived,
  };
}
