/**
 * The error catalogue: every failure the model can answer with. Statuses,
 * codes and messages follow the real server (see shared/reference); reducers
 * never write a status or message by hand.
 */

export interface ApiError {
  readonly status: number;
  readonly code: string;
  readonly msg: string;
  /** Extra top-level fields of the error body (e.g. var_name). */
  readonly data?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="zulip"' };

function badRequest(msg: string, data?: Record<string, unknown>): ApiError {
  return data ? { status: 400, code: 'BAD_REQUEST', msg, data } : { status: 400, code: 'BAD_REQUEST', msg };
}

/** On /api/ paths every credential failure is re-raised as UNAUTHORIZED with a Basic challenge. */
function unauthorized(msg: string): ApiError {
  return { status: 401, code: 'UNAUTHORIZED', msg, headers: BASIC_CHALLENGE };
}

export const Errors = {
  badRequest,
  invalidParam: (msg: string): ApiError => badRequest(msg),
  missingArgument: (name: string): ApiError => ({
    status: 400,
    code: 'REQUEST_VARIABLE_MISSING',
    msg: `Missing '${name}' argument`,
    data: { var_name: name },
  }),
  confusingArguments: (name1: string, name2: string): ApiError => ({
    status: 400,
    code: 'REQUEST_CONFUSING_VAR',
    msg: `Can't decide between '${name1}' and '${name2}' arguments`,
    data: { var_name1: name1, var_name2: name2 },
  }),

  // Routing
  notFound: (): ApiError => ({ status: 404, code: 'NOT_FOUND', msg: 'Not Found' }),
  methodNotAllowed: (allowed: readonly string[]): ApiError => ({
    status: 405,
    // The real server omits `code` here; the spec requires one on every failure.
    code: 'BAD_REQUEST',
    msg: 'Method Not Allowed',
    data: { allowed_methods: allowed },
    headers: { Allow: allowed.join(', ') },
  }),
  bodyTooLarge: (limitBytes: number): ApiError => ({
    status: 413,
    code: 'BAD_REQUEST',
    msg: `Request body too large (limit: ${limitBytes} bytes)`,
  }),
  malformedBody: (): ApiError => badRequest('Malformed request body'),

  // Basic authentication on API paths
  notLoggedIn: (): ApiError => unauthorized('Not logged in: API authentication or user session required'),
  basicAuthRequired: (): ApiError => badRequest('This endpoint requires HTTP basic authentication.'),
  invalidBasicHeader: (): ApiError => unauthorized('Invalid authorization header for basic auth'),
  malformedApiKey: (): ApiError => unauthorized('Malformed API key'),
  invalidApiKey: (): ApiError => unauthorized('Invalid API key'),
  accountDeactivatedBasic: (): ApiError => unauthorized('Account is deactivated'),
  realmDeactivatedBasic: (): ApiError => unauthorized('This organization has been deactivated'),

  // Key fetches
  authenticationFailed: (): ApiError => ({
    status: 401,
    code: 'AUTHENTICATION_FAILED',
    msg: 'Your username or password is incorrect',
  }),
  userDeactivated: (): ApiError => ({ status: 401, code: 'USER_DEACTIVATED', msg: 'Account is deactivated' }),
  realmDeactivated: (): ApiError => ({
    status: 401,
    code: 'REALM_DEACTIVATED',
    msg: 'This organization has been deactivated',
  }),
  passwordAuthDisabled: (): ApiError => ({
    status: 401,
    code: 'PASSWORD_AUTH_DISABLED',
    msg: 'Password authentication is disabled in this organization',
  }),
  invalidEmailAddress: (): ApiError => badRequest('Enter a valid email address.'),
  jwtDisabled: (): ApiError => badRequest('JWT authentication is not enabled for this organization'),
  jwtMissing: (): ApiError => badRequest('No JSON web token passed in request'),
  jwtBad: (): ApiError => badRequest('Bad JSON web token'),
  jwtNoEmail: (): ApiError => badRequest('No email specified in JSON web token claims'),

  // Roles and access
  mustBe: (what: 'member' | 'administrator' | 'owner'): ApiError => ({
    status: 400,
    code: 'UNAUTHORIZED_PRINCIPAL',
    msg: `Must be an organization ${what}`,
  }),
  notForBots: (): ApiError => badRequest('This endpoint does not accept bot requests.'),
  notForGuests: (): ApiError => badRequest('Not allowed for guest users'),
  insufficientPermission: (): ApiError => badRequest('Insufficient permission'),
  /** Rejects an update whose `old` value is not the current one (compare-and-set of settings). */
  expectationMismatch: (): ApiError => ({ status: 400, code: 'EXPECTATION_MISMATCH', msg: "'old' value does not match the expected value." }),
  /** A value that failed a custom parse (e.g. message_retention_days). */
  badValue: (name: string, value: unknown): ApiError => ({
    status: 400,
    code: 'REQUEST_VARIABLE_INVALID',
    msg: `Bad value for '${name}': ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    data: { var_name: name, bad_value: value },
  }),
  incompatibleParameters: (names: readonly string[]): ApiError =>
    badRequest(`Unsupported parameter combination: ${names.join(', ')}`, { parameters: [...names] }),
  /** Before feature level 208: an unknown or deactivated principal. */
  legacyUnauthorizedPrincipal: (principal: string | number): ApiError => ({
    status: 403,
    code: 'UNAUTHORIZED_PRINCIPAL',
    msg: `User not authorized to execute queries on behalf of '${String(principal)}'`,
    data: { principal },
  }),
  permissionDenied: (): ApiError => ({ status: 403, code: 'BAD_REQUEST', msg: 'Permission denied' }),
  invalidChannelId: (): ApiError => badRequest('Invalid channel ID'),
  invalidChannelName: (name: string): ApiError => badRequest(`Invalid channel name '${name}'`),
  channelContentAccessRequired: (): ApiError => badRequest('Channel content access is required.'),
  cannotAdministerChannel: (): ApiError => ({ status: 400, code: 'CANNOT_ADMINISTER_CHANNEL', msg: 'You do not have permission to administer this channel.' }),
  channelAlreadyExists: (name: string): ApiError => ({
    status: 409,
    code: 'CHANNEL_ALREADY_EXISTS',
    msg: `Channel '${name}' already exists`,
    data: { channel_name: name },
  }),
  invalidUserGroup: (): ApiError => badRequest('Invalid user group'),
  /** `objections` says which settings still use the group. */
  cannotDeactivateGroupInUse: (objections: readonly unknown[]): ApiError => ({
    status: 400,
    code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
    msg: 'Cannot deactivate user group in use.',
    data: { objections },
  }),
  noSuchUser: (): ApiError => badRequest('No such user'),

  // Event queues (reference server-events §2.6): unknown, expired, deleted and other users' queues look alike.
  badEventQueueId: (queueId: string): ApiError => ({
    status: 400,
    code: 'BAD_EVENT_QUEUE_ID',
    msg: `Bad event queue ID: ${queueId}`,
    data: { queue_id: queueId },
  }),
  /** GET /events reports these two as plain BAD_REQUEST, without var_name. */
  missingQueueArgument: (name: 'queue_id' | 'last_event_id'): ApiError => badRequest(`Missing '${name}' argument`),
  eventAlreadyPruned: (lastEventId: number): ApiError => badRequest(`An event newer than ${lastEventId} has already been pruned!`),
  eventNotInQueue: (lastEventId: number): ApiError => badRequest(`Event ${lastEventId} was not in this queue`),
  couldNotAllocateQueue: (): ApiError => badRequest('Could not allocate event queue'),
  notAuthorizedForQuery: (): ApiError => badRequest('User not authorized for this query'),
  userIsDeactivated: (): ApiError => badRequest('User is deactivated'),
} as const;
