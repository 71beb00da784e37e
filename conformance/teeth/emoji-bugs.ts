/** Realistic custom emoji bugs, in the form of bugs.ts. */
import { modelOwner } from '../runner.js';
import type { Bug } from './bugs.js';
import { bodyOf, type Distortion, errorResponse, type Inner, is, type Json, type Request, rewrite, succeeded, successResponse, whoIs } from './distort.js';

const OWNER = modelOwner();
const EMOJI = /^\/realm\/emoji\/(.+)$/;
const REACTIONS = /^\/messages\/\d+\/reactions$/;
const MESSAGE_READ = /^\/messages(\/\d+)?$/;
const BAD_CHARACTERS = 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.';

/** The emoji name of a /realm/emoji/{name} request, decoded, or undefined for another path. */
function emojiNameOf(request: Request): string | undefined {
  const raw = EMOJI.exec(request.path)?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

async function listed(inner: Inner): Promise<Json[]> {
  return Object.values((bodyOf(await inner(OWNER, 'GET', '/realm/emoji'))?.['emoji'] as Record<string, Json> | undefined) ?? {});
}

async function roleOf(inner: Inner, request: Request): Promise<number | undefined> {
  const me = await whoIs(inner, request.auth);
  return me === undefined ? undefined : Number(me['role']);
}

/** Deactivation checks no author: anyone's request is carried out as the owner's. */
function anyoneDeactivates(): Distortion {
  return { before: (request) => (request.method === 'DELETE' && EMOJI.test(request.path) ? { ...request, auth: OWNER } : request) };
}

/** The listing filters on `deactivated = false`, as the name index does. */
function deactivatedUnlisted(): Distortion {
  return {
    after: (request, response) =>
      is(request, 'GET', '/realm/emoji') && succeeded(response)
        ? rewrite(response, (body) => {
            for (const [id, emoji] of Object.entries(body['emoji'] as Record<string, Json>)) if (emoji['deactivated'] === true) delete body['emoji'][id];
          })
        : response,
  };
}

/** The duplicate check forgot `deactivated = false`: a deactivated emoji's name stays taken. */
function deactivatedNameTaken(): Distortion {
  return {
    before: async (request, inner) => {
      const name = emojiNameOf(request);
      if (request.method !== 'POST' || name === undefined) return request;
      const taken = (await listed(inner)).some((emoji) => emoji['name'] === name && emoji['deactivated'] === true);
      return taken ? errorResponse(400, 'BAD_REQUEST', 'A custom emoji with this name already exists.') : request;
    },
  };
}

/** can_add_custom_emoji_group is never consulted: any non-guest's upload is carried out as the owner's. */
function permissionIgnored(): Distortion {
  return {
    before: async (request, inner) => {
      if (request.method !== 'POST' || !EMOJI.test(request.path)) return request;
      const role = await roleOf(inner, request);
      return role !== undefined && role !== 600 ? { ...request, auth: OWNER } : request;
    },
  };
}

/** The path's name is validated as sent: no stripping, spaces not turned into underscores. */
function namesTakenAsSent(): Distortion {
  return {
    before: (request) => {
      const name = emojiNameOf(request);
      return request.method === 'POST' && name !== undefined && name.includes(' ') ? errorResponse(400, 'BAD_REQUEST', BAD_CHARACTERS) : request;
    },
  };
}

/** check_emoji_request skips the deactivated flag: reacting with a deactivated custom emoji is answered success (and not stored). */
function deactivatedReactionAccepted(): Distortion {
  return {
    before: async (request, inner) => {
      if (!is(request, 'POST', REACTIONS) || request.params['reaction_type'] !== 'realm_emoji') return request;
      const code = request.params['emoji_code'];
      const deactivated = (await listed(inner)).some((emoji) => emoji['id'] === code && emoji['deactivated'] === true);
      return deactivated ? successResponse() : request;
    },
  };
}

/** The renderer's context has no custom emoji: `:name:` stays text. */
function customEmojiNotRendered(): Distortion {
  const image = /<img alt="(:[^"]+:)" class="emoji" src="\/user_avatars\/[^"]*" title="[^"]*">/g;
  const plain = (message: Json) => {
    if (typeof message['content'] === 'string') message['content'] = message['content'].replace(image, '$1');
  };
  return {
    after: (request, response) =>
      request.method === 'GET' && MESSAGE_READ.test(request.path) && succeeded(response)
        ? rewrite(response, (body) => {
            if (body['message'] !== undefined) plain(body['message']);
            for (const message of (body['messages'] as Json[] | undefined) ?? []) plain(message);
          })
        : response,
  };
}

/** realm_emoji events are sent to administrators only. */
function eventsToAdministratorsOnly(): Distortion {
  return {
    after: async (request, response, inner) => {
      if (!is(request, 'GET', '/events') || !succeeded(response)) return response;
      const role = await roleOf(inner, request);
      if (role !== undefined && role <= 200) return response;
      return rewrite(response, (body) => {
        body['events'] = ((body['events'] as Json[] | undefined) ?? []).filter((event) => event['type'] !== 'realm_emoji');
      });
    },
  };
}

/** The listing applies the add-permission to reading: guests see none. */
function hiddenFromGuests(): Distortion {
  return {
    after: async (request, response, inner) =>
      is(request, 'GET', '/realm/emoji') && succeeded(response) && (await roleOf(inner, request)) === 600
        ? rewrite(response, (body) => {
            body['emoji'] = {};
          })
        : response,
  };
}

export const EMOJI_BUGS: readonly Bug[] = [
  {
    name: 'any user may deactivate another’s custom emoji',
    area: 'realm',
    only: 'realm-emoji.deactivate.rules',
    caughtBy: ['realm-emoji.deactivate.rules'],
    distortion: anyoneDeactivates,
  },
  {
    name: 'deactivated custom emoji drop out of the listing',
    area: 'realm',
    only: 'realm-emoji.deactivate.rules,realm-emoji.upload.duplicate',
    caughtBy: ['realm-emoji.deactivate.rules', 'realm-emoji.upload.duplicate'],
    distortion: deactivatedUnlisted,
  },
  {
    name: 'a deactivated custom emoji’s name stays taken',
    area: 'realm',
    only: 'realm-emoji.upload.duplicate',
    caughtBy: ['realm-emoji.upload.duplicate'],
    distortion: deactivatedNameTaken,
  },
  {
    name: 'custom emoji uploads ignore can_add_custom_emoji_group',
    area: 'realm',
    only: 'realm-emoji.upload.permission',
    caughtBy: ['realm-emoji.upload.permission'],
    distortion: permissionIgnored,
  },
  {
    name: 'custom emoji names are validated unstripped, spaces and all',
    area: 'realm',
    only: 'realm-emoji.upload.read-back,realm-emoji.upload.names',
    caughtBy: ['realm-emoji.upload.read-back', 'realm-emoji.upload.names'],
    distortion: namesTakenAsSent,
  },
  {
    name: 'a reaction with a deactivated custom emoji is accepted',
    area: 'messages',
    only: 'realm-emoji.reactions',
    caughtBy: ['realm-emoji.reactions'],
    distortion: deactivatedReactionAccepted,
  },
  {
    name: 'custom emoji are not rendered in messages',
    area: 'messages',
    only: 'realm-emoji.render',
    caughtBy: ['realm-emoji.render'],
    distortion: customEmojiNotRendered,
  },
  {
    name: 'realm_emoji events reach administrators only',
    area: 'events',
    only: 'realm-emoji.events',
    caughtBy: ['realm-emoji.events'],
    distortion: eventsToAdministratorsOnly,
  },
  {
    name: 'guests are shown no custom emoji',
    area: 'realm',
    only: 'realm-emoji.upload.read-back',
    caughtBy: ['realm-emoji.upload.read-back'],
    distortion: hiddenFromGuests,
  },
];
