/** Cross-cutting rules: envelopes, parameter encoding, versioning, routing, the server settings endpoint. */
import type { Clause } from '../clauses.js';

export const GENERAL_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  {
    id: 'general.envelope.success',
    section: 'Conventions',
    summary: 'A successful JSON answer has result "success" and an empty msg.',
    level: 'spec',
  },
  {
    id: 'general.envelope.error',
    section: 'Conventions',
    summary: 'A failed answer has result "error", a msg string and a code string.',
    level: 'spec',
  },
  {
    id: 'general.json.content-type',
    section: 'Conventions',
    summary: 'A JSON answer (success or error) is declared as Content-Type application/json.',
    level: 'spec',
  },
  {
    id: 'general.ignored-parameters',
    section: 'Conventions',
    summary: 'Parameters an endpoint does not support are named in ignored_parameters_unsupported of an otherwise successful answer.',
    level: 'spec',
  },
  {
    id: 'general.params.encoding',
    section: 'Endpoints',
    summary: 'Bodies are form-encoded and GET takes query parameters; arrays and objects travel as JSON text.',
    level: 'spec',
  },
  {
    id: 'general.versioning.prefix',
    section: 'Versioning',
    summary: 'Every endpoint is served below /api/v1.',
    level: 'spec',
  },
  {
    id: 'general.versioning.feature-level',
    section: 'Versioning',
    summary: 'The server describes its version by an integer feature level.',
    level: 'spec',
  },
  {
    id: 'general.versioning.consistent',
    section: 'Versioning',
    summary:
      'A server is the version it claims: at feature level L it sends no server_settings or register key, and serves no endpoint, that appeared after L (changes are tied to feature levels).',
    level: 'spec',
  },
  // ---------------------------------------------------------------- compat
  {
    id: 'general.routing.not-found',
    section: 'server-core.md: Unknown endpoint under /api/v1',
    summary: 'A path no endpoint serves answers 404, with or without credentials.',
    level: 'compat',
  },
  {
    id: 'general.routing.method-not-allowed',
    section: 'server-core.md: Wrong method',
    summary: 'A known path with a method it does not serve answers 405 "Method Not Allowed" listing allowed_methods, with an Allow header.',
    level: 'compat',
  },
  {
    id: 'general.routing.method-before-auth',
    section: 'server-core.md: Wrong method',
    summary: 'The method is checked before credentials: a wrong method is 405 even without authentication.',
    level: 'compat',
  },
  {
    id: 'general.params.missing',
    section: 'server-core.md: How parameters are parsed',
    summary: 'A missing required parameter is 400 REQUEST_VARIABLE_MISSING "Missing \'x\' argument" with var_name.',
    level: 'compat',
  },
  {
    id: 'general.params.strict-json',
    section: 'server-core.md: Encoding conventions',
    summary: 'Booleans must be the JSON literals true/false and JSON parameters must parse; otherwise 400 BAD_REQUEST naming the parameter.',
    level: 'compat',
  },
  {
    id: 'general.ignored-parameters.shape',
    section: 'server-core.md: ignored_parameters_unsupported',
    summary: 'The ignored list is sorted, absent when every parameter was used, and never part of an error.',
    level: 'compat',
  },
  {
    id: 'general.server-settings.unauthenticated',
    section: 'Zulip OpenAPI: get-server-settings',
    summary: 'GET /server_settings answers without credentials.',
    level: 'compat',
    endpoint: 'GET /server_settings',
  },
  {
    id: 'general.server-settings.fields',
    section: 'Zulip OpenAPI: get-server-settings',
    summary: 'GET /server_settings reports zulip_version, zulip_feature_level, realm_url, realm_name, authentication_methods and email_auth_enabled.',
    level: 'compat',
    endpoint: 'GET /server_settings',
  },
];
