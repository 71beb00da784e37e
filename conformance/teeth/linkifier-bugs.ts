/** Realistic linkifier bugs, in the form of bugs.ts. */
import { parseTemplate } from 'url-template';
import { modelOwner } from '../runner.js';
import type { Bug } from './bugs.js';
import { bodyOf, type Distortion, errorResponse, failedWith, is, type Json, rewrite, succeeded, successResponse, whoIs } from './distort.js';

const OWNER = modelOwner();
const FILTER = /^\/realm\/filters\/(\d+)$/;
const MESSAGE = /^\/messages\/\d+$/;

/** Anyone may add a linkifier: a non-administrator's request is made as the owner. */
function membersMayAdd(): Distortion {
  return {
    before: async (request, inner) => {
      if (!is(request, 'POST', '/realm/filters')) return request;
      const me = await whoIs(inner, request.auth);
      if (me === undefined || Number(me['role']) <= 200) return request;
      return { ...request, auth: OWNER };
    },
  };
}

/** PATCH changes only what it is given: a missing url_template is taken from the stored linkifier. */
function partialUpdate(): Distortion {
  return {
    before: async (request, inner) => {
      const id = FILTER.exec(request.path)?.[1];
      if (request.method !== 'PATCH' || id === undefined || request.params['url_template'] !== undefined) return request;
      const listed = (bodyOf(await inner(OWNER, 'GET', '/realm/linkifiers'))?.['linkifiers'] as Json[] | undefined) ?? [];
      const stored = listed.find((linkifier) => linkifier['id'] === Number(id));
      return stored === undefined ? request : { ...request, params: { ...request.params, url_template: String(stored['url_template']) } };
    },
  };
}

/**
 * Matches glued to a word character are linked too (the boundary rule's "before" part ignored): a message read back
 * gets links after letters and digits, for the suite's simple patterns (named groups, no RE2-only syntax).
 */
function boundaryIgnored(): Distortion {
  return {
    after: async (request, response, inner) => {
      if (!is(request, 'GET', MESSAGE) || !succeeded(response)) return response;
      const listed = (bodyOf(await inner(OWNER, 'GET', '/realm/linkifiers'))?.['linkifiers'] as Json[] | undefined) ?? [];
      return rewrite(response, (body) => {
        const message = body['message'] as Json;
        let html = String(message['content']);
        for (const linkifier of listed) {
          let glued: RegExp;
          try {
            glued = new RegExp(`([A-Za-z0-9])(${String(linkifier['pattern']).replaceAll('(?P<', '(?<')})`, 'g');
          } catch {
            continue;
          }
          html = html.replace(glued, (_whole, before: string, text: string, ...rest: unknown[]) => {
            const groups = (rest.at(-1) ?? {}) as Record<string, string>;
            return `${before}<a href="${parseTemplate(String(linkifier['url_template'])).expand(groups)}">${text}</a>`;
          });
        }
        message['content'] = html;
      });
    },
  };
}

export const LINKIFIER_BUGS: readonly Bug[] = [
  {
    name: 'a member may add linkifiers',
    area: 'realm',
    only: 'linkifiers.admin-only',
    caughtBy: ['linkifiers.admin-only'],
    distortion: membersMayAdd,
  },
  {
    name: 'PATCH of a linkifier is a partial update',
    area: 'realm',
    only: 'linkifiers.update.replace',
    caughtBy: ['linkifiers.update.replace'],
    distortion: partialUpdate,
  },
  {
    name: 'the linkifier order ignored',
    area: 'realm',
    only: 'linkifiers.reorder',
    caughtBy: ['linkifiers.reorder'],
    distortion: () => ({ before: (request) => (is(request, 'PATCH', '/realm/linkifiers') ? successResponse() : request) }),
  },
  {
    name: 'the linkifier boundary rule ignored',
    area: 'messages',
    only: 'linkifiers.render.body',
    caughtBy: ['linkifiers.render.body'],
    distortion: boundaryIgnored,
  },
  {
    name: 'deleting a linkifier does nothing',
    area: 'realm',
    only: 'linkifiers.remove',
    caughtBy: ['linkifiers.remove'],
    distortion: () => ({ before: (request) => (request.method === 'DELETE' && FILTER.test(request.path) ? successResponse() : request) }),
  },
  {
    name: 'no realm_linkifiers event',
    area: 'events',
    only: 'events.linkifiers',
    caughtBy: ['events.linkifiers'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/events')
          ? rewrite(response, (body) => {
              if (Array.isArray(body['events'])) body['events'] = (body['events'] as Json[]).filter((event) => event['type'] !== 'realm_linkifiers');
            })
          : response,
    }),
  },
  {
    name: 'lookaround accepted in linkifier patterns (a JavaScript RegExp engine)',
    area: 'realm',
    only: 'linkifiers.validation,linkifiers.patterns.linear',
    caughtBy: ['linkifiers.validation', 'linkifiers.patterns.linear'],
    distortion: () => ({
      after: (request, response) => {
        if (!is(request, 'POST', '/realm/filters') || !failedWith(response, /^Bad regular expression/)) return response;
        try {
          new RegExp(String(request.params['pattern']).replaceAll('(?P<', '(?<'));
        } catch {
          return response;
        }
        // Accepted, though nothing is stored: what a server that validates with JavaScript would answer.
        return successResponse({ id: 1_999_999 });
      },
    }),
  },
  {
    name: 'a linkifier refusal without its errors object',
    area: 'realm',
    only: 'linkifiers.validation.unique',
    caughtBy: ['linkifiers.validation.unique'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'POST', '/realm/filters') && !succeeded(response) && bodyOf(response)?.['errors'] !== undefined
          ? errorResponse(400, 'BAD_REQUEST', String(bodyOf(response)?.['msg']))
          : response,
    }),
  },
];
