import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentRealmPresences } from '../../present/presence.js';

/** GET /realm/presence: the realm's presence in the legacy format, for bots and other API clients. */
export const getPresence = defineEndpoint({
  operation: 'get-presence',
  method: 'GET',
  path: '/realm/presence',
  auth: 'basic',
  allowBots: true,
  params: z.object({}),
  reduce(state, { actor, now }) {
    // The real server drops the sequence number here: this endpoint has no incremental form.
    const { presence_last_update_id: _unused, ...data } = presentRealmPresences(state, actor, { slim: false, now });
    return succeed(state, data);
  },
});
