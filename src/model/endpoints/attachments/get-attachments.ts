import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentAttachment } from '../../present/attachments.js';
import type { Attachment } from '../../state.js';
import { idTreeIds } from '../../tables/id-tree.js';
import { getRow } from '../../tables/table.js';

/** GET /attachments (reference server-messages-channels §12.4): the caller's own uploads, and the realm's upload_space_used. */
export const getAttachments = defineEndpoint({
  operation: 'get-attachments',
  method: 'GET',
  path: '/attachments',
  auth: 'basic',
  params: z.object({}),
  reduce(state, { actor }) {
    const owned = getRow(state.uploads.attachmentIdsByOwner, actor.id);
    const attachments = (owned === undefined ? [] : idTreeIds(owned))
      .map((id) => getRow(state.uploads.attachments, id))
      .filter((attachment): attachment is Attachment => attachment !== undefined);
    return succeed(state, { attachments: attachments.map((attachment) => presentAttachment(state, attachment)), upload_space_used: state.uploads.spaceUsed });
  },
});
