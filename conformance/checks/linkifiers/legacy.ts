/** GET /realm/filters, the listing the real server removed (zulip-js's filters.retrieve still calls it): 405 with a JSON error. */
import { defineChecks } from '../../check.js';
import { expectEqual, expectTrue } from '../../expect.js';

export const LEGACY_CHECKS = defineChecks([
  {
    id: 'linkifiers.legacy-list',
    title: 'Given the old linkifier listing, when GET /realm/filters is called, then the answer is 405 with a JSON error naming the allowed methods',
    clauses: ['linkifiers.legacy-list'],
    level: 'compat',
    endpoint: 'GET /realm/filters',
    async run(ctx) {
      const response = await ctx.call(ctx.cast.member, 'GET', '/realm/filters');
      expectEqual(response.status, 405, 'the status of GET /realm/filters', 'linkifiers.legacy-list');
      const body = response.body as Record<string, unknown> | null;
      expectTrue(
        body !== null &&
          body['result'] === 'error' &&
          body['msg'] === 'Method Not Allowed' &&
          Array.isArray(body['allowed_methods']) &&
          body['allowed_methods'].includes('POST'),
        `a JSON error "Method Not Allowed" allowing POST, got ${JSON.stringify(body)}`,
        'linkifiers.legacy-list',
      );
    },
  },
]);
