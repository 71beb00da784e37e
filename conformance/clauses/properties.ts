/**
 * Clauses only the property checks (conformance/properties) cover. They also
 * cite clauses other files define: general.envelope.success/error,
 * auth.basic.required and the per-failure auth.basic.* compat clauses,
 * auth.fetch-api-key.unauthenticated, auth.jwt.unauthenticated and
 * general.server-settings.unauthenticated.
 */
import type { Clause } from '../clauses.js';

export const PROPERTY_CLAUSES: readonly Clause[] = [
  // Bad input, for every endpoint
  {
    id: 'general.bad-input.client-error',
    section: 'Errors',
    summary: 'Malformed input gets a 4xx JSON error envelope, never a 5xx or a non-JSON body.',
    level: 'compat',
  },
  {
    id: 'general.bad-input.rejected',
    section: 'Endpoints',
    summary:
      'A request missing a required parameter, with a value of the wrong JSON type or outside its allowed set, or naming an id that does not exist, is refused.',
    level: 'compat',
  },
  { id: 'general.bad-input.no-change', section: 'Errors', summary: 'A refused request leaves everything it could have changed as it was.', level: 'compat' },
  { id: 'general.read.no-change', section: 'Endpoints', summary: 'A GET request changes nothing, whatever it is sent with.', level: 'compat' },

  // Authentication, for every endpoint
  {
    id: 'auth.public.ignores-header',
    section: 'Authentication',
    summary: 'An endpoint that needs no credentials answers the same with any Authorization header, even a broken one.',
    level: 'compat',
  },

  // Invariants over any sequence of calls
  {
    id: 'invariant.owner.exists',
    section: 'States and transitions',
    summary: 'The organization always keeps an active owner: the only owner can neither be deactivated nor lose the role.',
    level: 'spec',
  },
  { id: 'invariant.owner.is-admin', section: 'User', summary: 'is_owner true implies is_admin true.', level: 'spec' },
  {
    id: 'invariant.role.flags',
    section: 'User',
    summary: 'role is one of 100, 200, 300, 400, 600, and is_owner, is_admin and is_guest agree with it.',
    level: 'spec',
  },
  { id: 'invariant.bot.type', section: 'User', summary: 'bot_type is null exactly when is_bot is false.', level: 'spec' },
  { id: 'invariant.delivery-email.type', section: 'User', summary: 'delivery_email is a string or null, and always the real address for bots.', level: 'spec' },
  {
    id: 'invariant.deactivated.no-auth',
    section: 'States and transitions',
    summary: 'A deactivated user (is_active false) cannot authenticate: 401.',
    level: 'compat',
  },
  {
    id: 'invariant.user.read-agrees',
    section: 'GET /users/{user_id} — get a user',
    summary: 'GET /users/{user_id} and the user’s entry in GET /users agree.',
    level: 'compat',
  },
  {
    id: 'invariant.write.read-back',
    section: 'Endpoints',
    summary: 'A write that succeeds shows its change on read-back; one that fails shows none.',
    level: 'compat',
  },
  {
    id: 'invariant.role.permissions',
    section: 'Authentication',
    summary:
      'Only administrators change roles and deactivate users; only owners grant or remove the owner role or deactivate owners; guests are not made administrators.',
    level: 'spec',
  },

  // Differential
  {
    id: 'differential.reference.agrees',
    section: 'Endpoints',
    summary: 'Any sequence of calls gets the same statuses, error codes and (ids mapped) bodies as the reference model.',
    level: 'compat',
  },
];
