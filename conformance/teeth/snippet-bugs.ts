/** Realistic bugs in saved snippets, video calls and profile field administration, in the form of bugs.ts. */
import { modelOwner } from '../runner.js';
import type { TargetCredentials } from '../target.js';
import type { Bug } from './bugs.js';
import { bodyOf, credentialsOf, type Distortion, eachOf, errorResponse, is, type Json, rewrite, succeeded, successResponse } from './distort.js';

const OWNER = modelOwner();
const SNIPPETS = '/saved_snippets';
const SNIPPET = /^\/saved_snippets\/(\d+)$/;
const FIELD = /^\/realm\/profile_fields\/(\d+)$/;
const USER_READ = /^\/users(\/\d+)?$/;

/** Every snippet a GET /saved_snippets answer lists, changed in place. */
function eachListedSnippet(response: Parameters<typeof rewrite>[0], change: (list: Json[]) => void) {
  return succeeded(response) ? rewrite(response, (body) => change(body['saved_snippets'] as Json[])) : response;
}

/** GET /saved_snippets also lists the snippets other users created: a query that forgot its owner filter. */
function snippetsOfEveryone(): Distortion {
  const created = new Map<number, Json>();
  return {
    after: (request, response) => {
      if (is(request, 'POST', SNIPPETS) && succeeded(response)) {
        const id = bodyOf(response)?.['saved_snippet_id'] as number;
        created.set(id, { id, title: request.params['title']?.trim(), content: request.params['content']?.trim(), date_created: 0 });
      }
      const deleted = SNIPPET.exec(request.path)?.[1];
      if (request.method === 'DELETE' && deleted !== undefined && succeeded(response)) created.delete(Number(deleted));
      if (!is(request, 'GET', SNIPPETS)) return response;
      return eachListedSnippet(response, (list) => {
        for (const snippet of created.values()) if (!list.some((own) => own['id'] === snippet['id'])) list.push(snippet);
      });
    },
  };
}

/** Snippets are stored as sent, padding and all. */
function untrimmedSnippets(): Distortion {
  const raw = new Map<number, { title?: string; content?: string }>();
  return {
    after: (request, response) => {
      if (is(request, 'POST', SNIPPETS) && succeeded(response)) {
        raw.set(bodyOf(response)?.['saved_snippet_id'] as number, { title: request.params['title'], content: request.params['content'] });
      }
      if (!is(request, 'GET', SNIPPETS)) return response;
      return eachListedSnippet(response, (list) => {
        for (const snippet of list) Object.assign(snippet, raw.get(snippet['id'] as number) ?? {});
      });
    },
  };
}

/** Every write to one user's snippets is also made, and undone, in every other user the server has seen: their queues hear of it. */
function snippetEventsToEveryone(): Distortion {
  const seen = new Map<string, TargetCredentials>();
  return {
    after: async (request, response, inner) => {
      const caller = credentialsOf(request.auth);
      if (caller !== undefined) seen.set(caller.email, caller);
      if (!is(request, 'POST', SNIPPETS) || !succeeded(response) || caller === undefined) return response;
      for (const other of seen.values()) {
        if (other.email === caller.email) continue;
        const copy = bodyOf(await inner(other, 'POST', SNIPPETS, request.params))?.['saved_snippet_id'];
        if (typeof copy === 'number') await inner(other, 'DELETE', `${SNIPPETS}/${copy}`);
      }
      return response;
    },
  };
}

/** Deleting a field leaves its values behind: user reads keep showing them. */
function deletedFieldValuesKept(): Distortion {
  const kept = new Map<number, Map<string, Json>>();
  return {
    before: async (request, inner) => {
      const fieldId = FIELD.exec(request.path)?.[1];
      if (request.method !== 'DELETE' || fieldId === undefined) return request;
      const users = (bodyOf(await inner(OWNER, 'GET', '/users', { include_custom_profile_fields: 'true' }))?.['members'] as Json[] | undefined) ?? [];
      for (const user of users) {
        const value = (user['profile_data'] as Json | undefined)?.[fieldId];
        const userId = user['user_id'] as number;
        if (value !== undefined) kept.set(userId, new Map([...(kept.get(userId) ?? []), [fieldId, value]]));
      }
      return request;
    },
    after: (request, response) => {
      if (request.method !== 'GET' || !USER_READ.test(request.path) || request.params['include_custom_profile_fields'] !== 'true' || !succeeded(response)) {
        return response;
      }
      const restore = (user: Json) => {
        for (const [fieldId, value] of kept.get(user['user_id'] as number) ?? []) if (user['profile_data'] !== undefined) user['profile_data'][fieldId] = value;
      };
      return rewrite(response, (body) => {
        eachOf(body['members'], restore);
        if (body['user'] !== undefined) restore(body['user']);
      });
    },
  };
}

export const SNIPPET_BUGS: readonly Bug[] = [
  {
    name: 'another user’s saved snippet accepted for editing',
    area: 'messages',
    only: 'snippets.edit.missing,snippets.edit.not-found',
    caughtBy: ['snippets.edit.missing', 'snippets.edit.not-found'],
    distortion: () => ({
      after: (request, response) => (request.method === 'PATCH' && SNIPPET.test(request.path) && response.status === 404 ? successResponse() : response),
    }),
  },
  {
    name: 'saved snippets listed to every user',
    area: 'messages',
    only: 'snippets.create.list',
    caughtBy: ['snippets.create.list'],
    distortion: snippetsOfEveryone,
  },
  {
    name: 'saved snippets stored untrimmed',
    area: 'messages',
    only: 'snippets.create.list',
    caughtBy: ['snippets.create.list'],
    distortion: untrimmedSnippets,
  },
  {
    name: 'a saved snippet PATCH with neither title nor content refused',
    area: 'messages',
    only: 'snippets.edit.nothing',
    caughtBy: ['snippets.edit.nothing'],
    distortion: () => ({
      before: (request) =>
        request.method === 'PATCH' && SNIPPET.test(request.path) && request.params['title'] === undefined && request.params['content'] === undefined
          ? errorResponse(400, 'BAD_REQUEST', 'Nothing to change')
          : request,
    }),
  },
  {
    name: 'saved snippet events reach other users',
    area: 'events',
    only: 'events.snippets',
    caughtBy: ['events.snippets'],
    distortion: snippetEventsToEveryone,
  },
  {
    name: 'a deleted profile field’s values survive',
    area: 'profile',
    only: 'profile.fields.delete',
    caughtBy: ['profile.fields.delete'],
    distortion: deletedFieldValuesKept,
  },
  {
    name: 'a moderator may delete a profile field',
    area: 'profile',
    only: 'profile.fields.admin-only-changes',
    caughtBy: ['profile.fields.admin-only-changes'],
    distortion: () => ({
      before: (request, inner) => (request.method === 'DELETE' && FIELD.test(request.path) ? inner(OWNER, 'DELETE', request.path, request.params) : request),
    }),
  },
  {
    name: 'reordering profile fields ignored',
    area: 'profile',
    only: 'profile.fields.reorder',
    caughtBy: ['profile.fields.reorder'],
    distortion: () => ({
      before: (request) => (is(request, 'PATCH', '/realm/profile_fields') && request.params['order'] !== undefined ? successResponse() : request),
    }),
  },
];
