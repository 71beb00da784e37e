import { z } from 'zod';
import { compareByCodePoint } from '../../code-point-order.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { presentChannel } from '../../present/channel.js';
import { canAccessChannelContent, canAccessChannelMetadata, isSubscribed } from '../../rules/channels.js';
import { isAdministrator, isBot, isGuest } from '../../rules/roles.js';
import type { Channel, State, User } from '../../state.js';
import { rows } from '../../tables/table.js';

export const getStreamsParams = z.object({
  include_public: wire.bool().default(true),
  include_web_public: wire.bool().default(false),
  include_subscribed: wire.bool().default(true),
  exclude_archived: wire.bool().default(true),
  include_all: wire.bool().default(false),
  include_default: wire.bool().default(false),
  include_owner_subscribed: wire.bool().default(false),
  include_can_access_content: wire.bool().default(false),
  include_all_active: wire.bool().default(false),
});

type GetStreamsParams = z.output<typeof getStreamsParams>;

/**
 * Which sources a channel comes from: with include_all every channel the
 * user may know of; otherwise the union of the requested sources. Only
 * subscriptions, content access and (for a bot) its owner's subscriptions
 * ever yield a private channel, as on the real server.
 */
function selectListed(state: State, actor: User, params: GetStreamsParams, now: number): Channel[] {
  const includeAll = params.include_all || params.include_all_active;
  // Guests never list the public channels they are not subscribed to.
  const includePublic = params.include_public && !isGuest(actor);
  const ownerId = params.include_owner_subscribed && isBot(actor) ? actor.botOwnerId : null;
  const listed: Channel[] = [];
  for (const channel of rows(state.channels)) {
    if (params.exclude_archived && channel.isArchived) continue;
    if (includeAll) {
      if (canAccessChannelMetadata(state, actor, channel, now)) listed.push(channel);
      continue;
    }
    const fromOwner = ownerId !== null && isSubscribed(state, ownerId, channel.id);
    const fromSources = params.include_can_access_content
      ? canAccessChannelContent(state, actor, channel, now)
      : (params.include_subscribed && isSubscribed(state, actor.id, channel.id)) ||
        (includePublic && !channel.inviteOnly) ||
        (params.include_web_public && channel.isWebPublic && !channel.isArchived);
    if (fromSources || fromOwner) listed.push(channel);
  }
  return listed.sort((a, b) => compareByCodePoint(a.name, b.name));
}

/** GET /streams: the channels the user asks for, by name. */
export const getStreams = defineEndpoint({
  operation: 'get-streams',
  method: 'GET',
  path: '/streams',
  auth: 'basic',
  allowBots: true,
  params: getStreamsParams,
  reduce(state, { actor, params, now }) {
    // The deprecated alias kept the administrators-only rule it was documented with.
    if (params.include_all_active && !isAdministrator(actor)) return fail(Errors.notAuthorizedForQuery());
    const listed = selectListed(state, actor, params, now);
    const streams = listed.map((channel) => presentChannel(state, channel, { includeDefault: params.include_default }));
    return succeed(state, { streams });
  },
});
