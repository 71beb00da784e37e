import { z } from 'zod';
import { reportPresence } from '../../actions/presence.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { presentRealmPresences } from '../../present/presence.js';
import { checkPresenceStatus } from '../../rules/presence.js';

/**
 * POST /users/me/presence: the client reports the user active or idle and
 * gets the realm's presence back (nothing with ping_only). The report counts
 * as rules/presence.ts says, and not at all while presence_enabled is off;
 * passing last_update_id asks for the modern format and only newer rows.
 */
export const updatePresence = defineEndpoint({
  operation: 'update-presence',
  method: 'POST',
  path: '/users/me/presence',
  auth: 'basic',
  allowBots: false,
  // In the real server's order: its parameters are checked alphabetically.
  params: z.object({
    history_limit_days: wire.int().optional(),
    last_update_id: wire.int().optional(),
    new_user_input: wire.bool().default(false),
    ping_only: wire.bool().default(false),
    slim_presence: wire.bool().default(false),
    status: z.string(),
  }),
  reduce(state, { actor, params, now }) {
    const status = checkPresenceStatus(params.status);
    if (!status.ok) return fail(status.error);
    // new_user_input feeds the real server's activity statistics, which the API does not show.
    const written = actor.presenceEnabled ? commit(state, now, (tx) => reportPresence(tx, actor, status.value)) : { state, events: [] };
    if (params.ping_only) return succeed(written);
    const data = presentRealmPresences(written.state, actor, {
      slim: params.slim_presence || params.last_update_id !== undefined,
      lastUpdateId: params.last_update_id,
      historyLimitDays: params.history_limit_days,
      now,
    });
    return succeed(written, data);
  },
});
