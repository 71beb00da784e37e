/** The one list of endpoints, and the router that finds one for a method and path. */
import type { Endpoint, PathParamKind, PathParams, PathValues } from './endpoint.js';
import { ALERT_WORD_ENDPOINTS } from './endpoints/alert-words/index.js';
import { ATTACHMENT_ENDPOINTS } from './endpoints/attachments/index.js';
import { AUTH_ENDPOINTS } from './endpoints/auth/index.js';
import { BOT_ENDPOINTS } from './endpoints/bots/index.js';
import { CALL_ENDPOINTS } from './endpoints/calls/index.js';
import { CHANNEL_FOLDER_ENDPOINTS } from './endpoints/channel-folders/index.js';
import { CHANNEL_ENDPOINTS } from './endpoints/channels/index.js';
import { DEFAULT_STREAM_ENDPOINTS } from './endpoints/default-streams/index.js';
import { DEV_ENDPOINTS } from './endpoints/dev/index.js';
import { DRAFT_ENDPOINTS } from './endpoints/drafts/index.js';
import { EVENT_ENDPOINTS } from './endpoints/events/index.js';
import { INVITE_ENDPOINTS } from './endpoints/invites/index.js';
import { LINKIFIER_ENDPOINTS } from './endpoints/linkifiers/index.js';
import { MESSAGE_ENDPOINTS } from './endpoints/messages/index.js';
import { MUTED_USER_ENDPOINTS } from './endpoints/muted-users/index.js';
import { NAVIGATION_VIEW_ENDPOINTS } from './endpoints/navigation-views/index.js';
import { PLAYGROUND_ENDPOINTS } from './endpoints/playgrounds/index.js';
import { PRESENCE_ENDPOINTS } from './endpoints/presence/index.js';
import { PUSH_DEVICE_ENDPOINTS } from './endpoints/push/index.js';
import { REALM_ENDPOINTS } from './endpoints/realm/index.js';
import { REALM_EMOJI_ENDPOINTS } from './endpoints/realm-emoji/index.js';
import { REGISTER_ENDPOINTS } from './endpoints/register/index.js';
import { REMINDER_ENDPOINTS } from './endpoints/reminders/index.js';
import { SAVED_SNIPPET_ENDPOINTS } from './endpoints/saved-snippets/index.js';
import { SCHEDULED_MESSAGE_ENDPOINTS } from './endpoints/scheduled-messages/index.js';
import { SERVER_ENDPOINTS } from './endpoints/server/index.js';
import { SETTINGS_ENDPOINTS } from './endpoints/settings/index.js';
import { STREAM_ENDPOINTS } from './endpoints/streams/index.js';
import { SUBSCRIPTION_ENDPOINTS } from './endpoints/subscriptions/index.js';
import { UPLOAD_ENDPOINTS } from './endpoints/uploads/index.js';
import { USER_GROUP_ENDPOINTS } from './endpoints/user-groups/index.js';
import { USER_TOPIC_ENDPOINTS } from './endpoints/user-topics/index.js';
import { USER_ENDPOINTS } from './endpoints/users/index.js';
import { LEGACY_ENDPOINTS } from './feature-levels/table.js';
import { memoizeString } from './memo.js';
import { decodePathSegments } from './path-segments.js';

/** Every endpoint: each area lists its own in endpoints/<area>/index.ts. */
export const ENDPOINTS: readonly Endpoint[] = [
  ...AUTH_ENDPOINTS,
  ...DEV_ENDPOINTS,
  ...SERVER_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...BOT_ENDPOINTS,
  ...REALM_ENDPOINTS,
  ...LINKIFIER_ENDPOINTS,
  ...REALM_EMOJI_ENDPOINTS,
  ...USER_GROUP_ENDPOINTS,
  ...REGISTER_ENDPOINTS,
  ...STREAM_ENDPOINTS,
  ...SUBSCRIPTION_ENDPOINTS,
  ...EVENT_ENDPOINTS,
  ...MESSAGE_ENDPOINTS,
  ...SETTINGS_ENDPOINTS,
  ...UPLOAD_ENDPOINTS,
  ...ATTACHMENT_ENDPOINTS,
  ...SAVED_SNIPPET_ENDPOINTS,
  ...CALL_ENDPOINTS,
  ...PRESENCE_ENDPOINTS,
  ...PUSH_DEVICE_ENDPOINTS,
  ...ALERT_WORD_ENDPOINTS,
  ...MUTED_USER_ENDPOINTS,
  ...USER_TOPIC_ENDPOINTS,
  ...CHANNEL_ENDPOINTS,
  ...CHANNEL_FOLDER_ENDPOINTS,
  ...DEFAULT_STREAM_ENDPOINTS,
  ...INVITE_ENDPOINTS,
  ...PLAYGROUND_ENDPOINTS,
  ...DRAFT_ENDPOINTS,
  ...SCHEDULED_MESSAGE_ENDPOINTS,
  ...REMINDER_ENDPOINTS,
  ...NAVIGATION_VIEW_ENDPOINTS,
];

type Segment = { readonly literal: string } | { readonly param: string; readonly kind: PathParamKind };

interface CompiledRoute {
  readonly endpoint: Endpoint;
  readonly segments: readonly Segment[];
}

function compile(endpoint: Endpoint): CompiledRoute {
  const segments = endpoint.path
    .split('/')
    .filter((part) => part !== '')
    .map((part): Segment => {
      const match = /^\{(\w+)\}$/.exec(part);
      if (!match) return { literal: part };
      const name = match[1]!;
      return { param: name, kind: endpoint.pathParams?.[name] ?? 'string' };
    });
  return { endpoint, segments };
}

/** Literal segments beat integer parameters, which beat string parameters (as /users/me, /users/{id}, /users/{email}). */
function specificity(route: CompiledRoute): number[] {
  return route.segments.map((segment) => ('literal' in segment ? 0 : segment.kind === 'int' ? 1 : segment.kind === 'string' ? 2 : 3));
}

function compareSpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const left = specificity(a);
  const right = specificity(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i]! - right[i]!;
  }
  return 0;
}

// Endpoints an older server had and the newest dropped route too; handle() answers them only at their levels.
const ROUTES: readonly CompiledRoute[] = [...ENDPOINTS, ...LEGACY_ENDPOINTS].map(compile).sort(compareSpecificity);

/** The endpoints of one path pattern, one per method. */
export function endpointsAtPath(path: string): readonly Endpoint[] {
  return ROUTES.filter((route) => route.endpoint.path === path).map((route) => route.endpoint);
}

const DIGITS = /^[0-9]+$/;

function matchSegments(route: CompiledRoute, parts: readonly string[]): Record<string, number | string> | null {
  const last = route.segments[route.segments.length - 1];
  const rest = last !== undefined && 'kind' in last && last.kind === 'path';
  if (rest ? parts.length < route.segments.length : route.segments.length !== parts.length) return null;
  const values: Record<string, number | string> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    const part = parts[i]!;
    if ('kind' in segment && segment.kind === 'path') {
      values[segment.param] = parts.slice(i).join('/');
    } else if ('literal' in segment) {
      if (segment.literal !== part) return null;
    } else if (segment.kind === 'int') {
      if (!DIGITS.test(part)) return null;
      values[segment.param] = Number(part);
    } else {
      values[segment.param] = part;
    }
  }
  return values;
}

export type RouteMatch =
  | { readonly kind: 'found'; readonly endpoint: Endpoint; readonly path: PathValues<PathParams> }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' };

/** HEAD is served wherever GET is, as the real server does. */
function allowedMethods(methods: readonly string[]): string[] {
  const allowed = new Set(methods);
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort();
}

/**
 * Like the real server's URL table: the most specific path pattern that
 * matches decides, and only its methods are allowed (PATCH /users/me is 405,
 * not an e-mail lookup of "me").
 */
export function matchRoute(method: string, path: string): RouteMatch {
  return matchRouteMemo(`${method} ${path}`);
}

const matchRouteMemo = memoizeString((key: string) => {
  const space = key.indexOf(' ');
  return Object.freeze(computeRoute(key.slice(0, space), key.slice(space + 1)));
});

function computeRoute(method: string, path: string): RouteMatch {
  const parts = decodePathSegments(path);
  if (parts === null) return { kind: 'not-found' };
  const first = ROUTES.find((route) => matchSegments(route, parts) !== null);
  if (!first) return { kind: 'not-found' };
  const siblings = ROUTES.filter((route) => route.endpoint.path === first.endpoint.path);
  const lookupMethod = method === 'HEAD' ? 'GET' : method;
  const chosen = siblings.find((route) => route.endpoint.method === lookupMethod);
  if (!chosen) return { kind: 'method-not-allowed', allowed: Object.freeze(allowedMethods(siblings.map((route) => route.endpoint.method))) };
  return { kind: 'found', endpoint: chosen.endpoint, path: Object.freeze(matchSegments(chosen, parts)!) };
}
