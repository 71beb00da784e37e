import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { renderMessageFor } from '../../rules/message-rendering.js';

/** POST /messages/render: the HTML a message with this content would have, for previews. Nothing is stored. */
export const renderMessageEndpoint = defineEndpoint({
  operation: 'render-message',
  method: 'POST',
  path: '/messages/render',
  auth: 'basic',
  params: z.object({ content: z.string() }),
  reduce(state, { actor, params, origin, now }) {
    return succeed(state, { rendered: renderMessageFor(state, actor, params.content, origin, now).html });
  },
});
