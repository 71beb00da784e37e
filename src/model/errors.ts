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
  /** Set for answers the real server sends as an HTML page rather than JSON (the upload paths' 403 and 404). */
  readonly html?: string;
}

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="zulip"' };

function badRequest(msg: string, data?: Record<string, unknown>): ApiError {
  return data ? { status: 400, code: 'BAD_REQUEST', msg, data } : { status: 400, code: 'BAD_REQUEST', msg };
}

/** A number as Python's str(float) writes it (the real server's Retry-After header): 1800 is "1800.0". */
function pythonFloat(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** On /api/ paths every credential failure is re-raised as UNAUTHORIZED with a Basic challenge. */
function unauthorized(msg: string): ApiError {
  return { status: 401, code: 'UNAUTHORIZED', msg, headers: BASIC_CHALLENGE };
}

export const Errors = {
  // Parameters
  /** The message params/messages.ts makes of a zod issue; every other message has its own entry here. */
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
  /** A value that failed a custom parse (e.g. message_retention_days). */
  badValue: (name: string, value: unknown): ApiError => ({
    status: 400,
    code: 'REQUEST_VARIABLE_INVALID',
    msg: `Bad value for '${name}': ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    data: { var_name: name, bad_value: value },
  }),
  incompatibleParameters: (names: readonly string[]): ApiError =>
    badRequest(`Unsupported parameter combination: ${names.join(', ')}`, { parameters: [...names] }),
  unexpectedArguments: (names: readonly string[]): ApiError => badRequest(`Unexpected arguments: ${[...names].sort().join(', ')}`),

  // Values refused after parsing, in the words of the real server's validators; `name` is the value as they name it.
  notAString: (name: string): ApiError => badRequest(`${name} is not a string`),
  notAList: (name: string): ApiError => badRequest(`${name} is not a list`),
  notADict: (name: string): ApiError => badRequest(`${name} is not a dict`),
  notADate: (name: string): ApiError => badRequest(`${name} is not a date`),
  notAUrl: (name: string): ApiError => badRequest(`${name} is not a URL`),
  tooLong: (name: string, limit: number): ApiError => badRequest(`${name} is too long (limit: ${limit} characters)`),
  cannotBeBlank: (name: string): ApiError => badRequest(`${name} cannot be blank.`),

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
  /** The HTTP layer's header or body timeout (the real server's nginx closes such connections without a word). */
  requestTimeout: (part: 'headers' | 'body', seconds: number): ApiError => ({
    status: 408,
    code: 'BAD_REQUEST',
    msg: `Request timeout: the request's ${part} did not arrive within ${seconds} s`,
  }),
  /** A path the real server serves and chatref does not yet (its 404 code, naming what is missing). */
  notImplemented: (method: string, path: string): ApiError => ({
    status: 404,
    code: 'NOT_FOUND',
    msg: `chatref does not implement ${method} ${path} yet`,
  }),

  // Basic authentication on API paths
  notLoggedIn: (): ApiError => unauthorized('Not logged in: API authentication or user session required'),
  /** The same failure on /json/ paths, whose challenge names the session the web app logs in with. */
  notLoggedInSession: (): ApiError => ({
    status: 401,
    code: 'UNAUTHORIZED',
    msg: 'Not logged in: API authentication or user session required',
    headers: { 'WWW-Authenticate': 'Session realm="zulip"' },
  }),
  /** Django's CSRF middleware refused an unsafe /json/ request; Zulip's csrf_failure answers it as JSON. */
  csrfFailed: (reason: string): ApiError => ({ status: 403, code: 'CSRF_FAILED', msg: `CSRF error: ${reason}`, data: { reason } }),
  devAuthDisabled: (): ApiError => badRequest('DevAuthBackend not enabled.'),
  basicAuthRequired: (): ApiError => badRequest('This endpoint requires HTTP basic authentication.'),
  invalidBasicHeader: (): ApiError => unauthorized('Invalid authorization header for basic auth'),
  malformedApiKey: (): ApiError => unauthorized('Malformed API key'),
  invalidApiKey: (): ApiError => unauthorized('Invalid API key'),
  accountDeactivatedBasic: (): ApiError => unauthorized('Account is deactivated'),
  realmDeactivatedBasic: (): ApiError => unauthorized('This organization has been deactivated'),
  webhookBotNotAllowed: (): ApiError => unauthorized('This API is not available to incoming webhook bots.'),

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

  // Rate limits (the real server's RateLimitedError; the store enforces them, see src/store/rate-limit.ts)
  rateLimitHit: (secondsToFreedom: number): ApiError => ({
    status: 429,
    code: 'RATE_LIMIT_HIT',
    msg: 'API usage exceeded rate limit',
    data: { 'retry-after': secondsToFreedom },
    headers: { 'Retry-After': pythonFloat(secondsToFreedom) },
  }),

  // Roles and access
  mustBe: (what: 'member' | 'administrator' | 'owner'): ApiError => ({
    status: 400,
    code: 'UNAUTHORIZED_PRINCIPAL',
    msg: `Must be an organization ${what}`,
  }),
  notForBots: (): ApiError => badRequest('This endpoint does not accept bot requests.'),
  notForGuests: (): ApiError => badRequest('Not allowed for guest users'),
  insufficientPermission: (): ApiError => badRequest('Insufficient permission'),
  permissionDenied: (): ApiError => ({ status: 403, code: 'BAD_REQUEST', msg: 'Permission denied' }),
  notAuthorizedForQuery: (): ApiError => badRequest('User not authorized for this query'),
  /** Rejects an update whose `old` value is not the current one (compare-and-set of settings). */
  expectationMismatch: (): ApiError => ({ status: 400, code: 'EXPECTATION_MISMATCH', msg: "'old' value does not match the expected value." }),

  // Users
  noSuchUser: (): ApiError => badRequest('No such user'),
  userIsDeactivated: (): ApiError => badRequest('User is deactivated'),
  invalidUserId: (userId: number): ApiError => badRequest(`Invalid user ID: ${userId}`),
  /** Before feature level 208: an unknown or deactivated principal. */
  legacyUnauthorizedPrincipal: (principal: string | number): ApiError => ({
    status: 403,
    code: 'UNAUTHORIZED_PRINCIPAL',
    msg: `User not authorized to execute queries on behalf of '${String(principal)}'`,
    data: { principal },
  }),
  cannotCreateUsers: (): ApiError => badRequest('User not authorized to create users'),
  cannotChangeUserEmails: (): ApiError => badRequest('User not authorized to change user emails'),
  /** POST /users words an invalid address so. */
  badNameOrUsername: (): ApiError => badRequest('Bad name or username'),
  emailInUse: (email: string): ApiError => badRequest(`Email '${email}' already in use`),
  passwordTooWeak: (): ApiError => badRequest('The password is too weak.'),
  cannotRemoveOnlyOwner: (): ApiError => badRequest('The owner permission cannot be removed from the only organization owner.'),
  guestCannotBeAdministrator: (): ApiError => badRequest('Guests cannot be organization administrators'),
  cannotDeactivateOnlyOwner: (): ApiError => badRequest('Cannot deactivate the only organization owner'),

  // Full names (check_full_name)
  nameTooLong: (): ApiError => badRequest('Name too long!'),
  nameTooShort: (): ApiError => badRequest('Name too short!'),
  invalidNameCharacters: (): ApiError => badRequest('Invalid characters in name!'),
  invalidNameFormat: (): ApiError => badRequest('Invalid format!'),
  uniqueNamesRequired: (): ApiError => badRequest('Unique names required in this organization.'),

  // User status and emoji
  noNewStatusValues: (): ApiError => badRequest('Client did not pass any new values.'),
  emojiNameRequired: (): ApiError => badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.'),
  emojiDoesNotExist: (name: string): ApiError => badRequest(`Emoji '${name}' does not exist`),
  invalidCustomEmoji: (): ApiError => badRequest('Invalid custom emoji.'),
  invalidEmojiCode: (): ApiError => badRequest('Invalid emoji code.'),
  invalidEmojiName: (): ApiError => badRequest('Invalid emoji name.'),
  invalidEmojiType: (): ApiError => badRequest('Invalid emoji type.'),

  // Custom profile fields and their values
  profileFieldNotFound: (fieldId: number): ApiError => badRequest(`Field id ${fieldId} not found.`),
  cannotEditProfileField: (): ApiError => badRequest('You are not allowed to change this field. Contact an administrator to update it.'),
  invalidChoice: (value: string, label: string): ApiError => badRequest(`'${value}' is not a valid choice for '${label}'.`),
  profileUserDeactivated: (userId: number): ApiError => badRequest(`User with ID ${userId} is deactivated`),
  profileUserIsBot: (userId: number): ApiError => badRequest(`User with ID ${userId} is a bot`),
  noChoices: (): ApiError => badRequest('Field must have at least one choice.'),
  duplicateChoices: (): ApiError => badRequest('Field must not have duplicate choices.'),
  choiceValueBlank: (): ApiError => badRequest("'value' cannot be blank."),
  fieldDataKeyMissing: (key: string): ApiError => badRequest(`${key} key is missing from field_data`),
  urlPatternWithoutUsername: (): ApiError => badRequest("URL pattern must contain '%(username)s'."),
  invalidExternalAccountType: (): ApiError => badRequest('Invalid external account type'),
  customExternalAccountWithoutUrlPattern: (): ApiError => badRequest('Custom external account must define URL pattern'),
  tooManySummaryFields: (max: number): ApiError => badRequest(`Only ${max} custom profile fields can be displayed in the profile summary.`),
  invalidFieldType: (): ApiError => badRequest('Invalid field type.'),
  fieldTypeNotForSummary: (): ApiError => badRequest('Field type not supported for display in profile summary.'),
  duplicateFieldLabel: (): ApiError => badRequest('A field with that label already exists.'),
  defaultFieldCannotBeUpdated: (): ApiError => badRequest('Default custom field cannot be updated.'),
  invalidOrderMapping: (): ApiError => badRequest('Invalid order mapping.'),

  // Organization settings
  invalidLanguage: (language: string): ApiError => badRequest(`Invalid language '${language}'`),
  invalidVideoChatProvider: (provider: number): ApiError => badRequest(`Invalid video_chat_provider ${provider}`),
  invalidGiphyRating: (rating: number): ApiError => badRequest(`Invalid giphy_rating ${rating}`),
  invalidJitsiServerUrl: (): ApiError => badRequest('jitsi_server_url is not an allowed_type'),

  // Channels
  invalidChannelId: (): ApiError => badRequest('Invalid channel ID'),
  invalidChannelName: (name: string): ApiError => badRequest(`Invalid channel name '${name}'`),
  channelsDoNotExist: (names: readonly string[]): ApiError => badRequest(`Channel(s) (${names.join(', ')}) do not exist`),
  unableToAccessChannel: (name: string): ApiError => badRequest(`Unable to access channel (${name}).`),
  channelContentAccessRequired: (): ApiError => badRequest('Channel content access is required.'),
  cannotAdministerChannel: (): ApiError => ({ status: 400, code: 'CANNOT_ADMINISTER_CHANNEL', msg: 'You do not have permission to administer this channel.' }),
  cannotChangeDefaultChannels: (): ApiError => badRequest('You do not have permission to change default channels.'),
  channelAlreadyExists: (name: string): ApiError => ({
    status: 409,
    code: 'CHANNEL_ALREADY_EXISTS',
    msg: `Channel '${name}' already exists`,
    data: { channel_name: name },
  }),
  channelNameEmpty: (): ApiError => badRequest("Channel name can't be empty."),
  channelNameTooLong: (max: number): ApiError => badRequest(`Channel name too long (limit: ${max} characters).`),
  /** `position` counts code points from 1. */
  invalidChannelNameCharacter: (position: number): ApiError => badRequest(`Invalid character in channel name, at position ${position}.`),
  channelAlreadyHasName: (): ApiError => badRequest('Channel already has that name.'),
  /** A combination of is_private, is_web_public and history_public_to_subscribers the real server refuses. */
  invalidPrivacySettings: (): ApiError => badRequest('Invalid parameters'),
  defaultChannelCannotBePrivate: (): ApiError => badRequest('A default channel cannot be private.'),
  webPublicChannelsDisabled: (): ApiError => badRequest('Web-public channels are not enabled.'),
  moderationChannelMustBePrivate: (): ApiError => badRequest('Moderation request channel must be private.'),
  channelAlreadyArchived: (): ApiError => badRequest('Channel is already deactivated'),
  channelNotArchived: (): ApiError => badRequest('Channel is not currently deactivated'),
  /** Before empty_topic_only existed the value failed like any unknown enum value. */
  invalidTopicsPolicy: (): ApiError => badRequest('Invalid topics_policy'),
  topicsOutsideGeneralChat: (): ApiError =>
    badRequest('To enable this configuration, all messages in this channel must be in the "general chat" topic. Consider renaming or deleting other topics.'),
  invalidChannelFolderId: (): ApiError => badRequest('Invalid channel folder ID'),
  privateChannelCannotBeDefault: (): ApiError => badRequest('Private channels cannot be made default.'),

  // Channel folders (the real server's zerver/lib/channel_folders.py)
  channelFolderNameEmpty: (): ApiError => badRequest("Channel folder name can't be empty."),
  invalidChannelFolderNameCharacter: (position: number): ApiError => badRequest(`Invalid character in channel folder name, at position ${position}.`),
  channelFolderNameInUse: (): ApiError => badRequest('Channel folder name already in use'),
  channelFolderInUse: (): ApiError => badRequest('You need to remove all the channels from this folder to archive it.'),

  // Invitations (the real server's zerver/views/invite.py; InvitationError carries `errors` as [email, message, deactivated])
  noSuchInvitation: (): ApiError => badRequest('No such invitation'),
  invitationAlreadyRevoked: (): ApiError => badRequest('Invitation has already been revoked'),
  noInviteeEmails: (): ApiError => badRequest('You must specify at least one email address.'),
  invalidInvitationChannel: (channelId: number): ApiError => badRequest(`Invalid channel ID ${channelId}. No invites were sent.`),
  cannotSubscribeOthersByInvitation: (): ApiError => badRequest('You do not have permission to subscribe other users to channels.'),
  /** Raised as a plain JsonableError by the invitation views, so without UNAUTHORIZED_PRINCIPAL. */
  administratorRequired: (): ApiError => badRequest('Must be an organization administrator'),
  invitationFailed: (msg: string, errors: readonly (readonly [string, string, boolean])[], sentInvitations: boolean): ApiError => ({
    status: 400,
    code: 'INVITATION_FAILED',
    msg,
    data: { errors: errors.map((error) => [...error]), sent_invitations: sentInvitations, license_limit_reached: false, daily_limit_reached: false },
  }),

  // Code playgrounds (the real server's zerver/views/realm_playgrounds.py)
  invalidPlayground: (): ApiError => badRequest('Invalid playground'),
  invalidPygmentsLanguage: (): ApiError => badRequest('Invalid characters in pygments language'),
  /** Django model validation (ValidationFailureError): the first message, and every message by field (`__all__`: the model's own checks). */
  validationFailed: (errors: Readonly<Record<string, readonly string[]>>): ApiError => badRequest(Object.values(errors).flat()[0] ?? 'Invalid', { errors }),

  // Data exports (the real server's zerver/views/realm_export.py)
  exportRateLimited: (): ApiError => badRequest('Exceeded rate limit.'),
  noSuchBot: (): ApiError => badRequest('No such bot'),

  // Bots (the real server's zerver/views/users.py and zerver/lib/users.py); "No such bot" is noSuchBot above
  nameInUse: (): ApiError => badRequest('Name is already in use.'),
  activeBotNameInUse: (name: string): ApiError =>
    badRequest(
      `There is already an active bot named "${name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`,
    ),
  invalidBotType: (): ApiError => badRequest('Invalid bot type'),
  invalidInterfaceType: (): ApiError => badRequest('Invalid interface type'),
  invalidEmbeddedBotName: (): ApiError => badRequest('Invalid embedded bot name.'),
  embeddedBotsDisabled: (): ApiError => badRequest('Embedded bots are not enabled.'),
  failedToChangeOwner: (why: 'no such user' | 'user is deactivated' | "bots can't own other bots"): ApiError => badRequest(`Failed to change owner, ${why}`),
  userAlreadyActive: (): ApiError => badRequest('User is already active.'),
  /** DELETE /users/me (CannotDeactivateLastUserError). */
  cannotDeactivateLastUser: (isLastOwner: boolean): ApiError => ({
    status: 400,
    code: 'CANNOT_DEACTIVATE_LAST_USER',
    msg: `Cannot deactivate the only ${isLastOwner ? 'organization owner' : 'user'}.`,
    data: { is_last_owner: isLastOwner, entity: isLastOwner ? 'organization owner' : 'user' },
  }),

  // User groups
  invalidUserGroup: (): ApiError => badRequest('Invalid user group'),
  invalidUserGroupId: (groupId: number): ApiError => badRequest(`Invalid user group ID: ${groupId}`),
  userGroupDeactivated: (): ApiError => badRequest('User group is deactivated.'),
  groupNameEmpty: (): ApiError => badRequest("User group name can't be empty!"),
  groupNameTooLong: (max: number): ApiError => badRequest(`User group name cannot exceed ${max} characters.`),
  groupNameReservedPrefix: (prefix: string): ApiError => badRequest(`User group name cannot start with '${prefix}'.`),
  userGroupAlreadyExists: (name: string): ApiError => badRequest(`User group '${name}' already exists.`),
  noNewGroupData: (): ApiError => badRequest('No new data supplied'),
  noMembershipChange: (): ApiError => badRequest('Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".'),
  noSubgroupChange: (): ApiError => badRequest('Nothing to do. Specify at least one of "add" or "delete".'),
  alreadyGroupMember: (userId: number): ApiError => badRequest(`User ${userId} is already a member of this group`),
  notGroupMember: (userId: number): ApiError => badRequest(`There is no member '${userId}' in this user group`),
  alreadySubgroup: (subgroupId: number): ApiError => badRequest(`User group ${subgroupId} is already a subgroup of this group.`),
  notSubgroup: (subgroupId: number): ApiError => badRequest(`User group ${subgroupId} is not a subgroup of this group.`),
  /** Adding the subgroups would make `groupId` its own subgroup. */
  subgroupCycle: (groupId: number): ApiError => badRequest(`User group ${groupId} is already a subgroup of one of the passed subgroups.`),
  /** `objections` says which settings still use the group. */
  cannotDeactivateGroupInUse: (objections: readonly unknown[]): ApiError => ({
    status: 400,
    code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
    msg: 'Cannot deactivate user group in use.',
    data: { objections },
  }),

  // Group-setting values
  groupNotAllowedForSetting: (setting: string, group: string): ApiError => badRequest(`'${setting}' setting cannot be set to '${group}' group.`),
  systemGroupRequired: (setting: string): ApiError => badRequest(`'${setting}' must be a system user group.`),

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
  narrowOperatorNotSupported: (operator: string): ApiError => badRequest(`Operator ${operator} not supported.`),
  narrowOperandNotSupported: (operand: string): ApiError => badRequest(`Operand ${operand} not supported.`),

  // Messages (reference server-messages-channels §3): a missing message and one the user may not read look alike.
  invalidMessage: (): ApiError => badRequest('Invalid message(s)'),
  invalidMessageType: (): ApiError => badRequest('Invalid type'),
  expectedOneChannel: (): ApiError => badRequest('Expected exactly one channel'),
  invalidChannelDataType: (): ApiError => badRequest('Invalid data type for channel'),
  mixedRecipients: (): ApiError => badRequest('Recipient lists may contain emails or user IDs, but not both.'),
  invalidRecipientId: (userId: unknown): ApiError => badRequest(`Invalid user ID ${String(userId)}`),
  invalidRecipientEmail: (email: string): ApiError => badRequest(`Invalid email '${email}'`),
  recipientDeactivated: (email: string): ApiError => badRequest(`'${email}' is no longer using Zulip.`),
  noRecipients: (): ApiError => badRequest('Message must have recipients'),
  missingTopic: (): ApiError => badRequest('Missing topic'),
  invalidTopicCharacter: (position: number): ApiError => badRequest(`Invalid character in topic, at position ${position}!`),
  emptyMessage: (): ApiError => badRequest('Message must not be empty'),
  nullBytesInMessage: (): ApiError => badRequest('Message must not contain null bytes'),
  /** The name is HTML-escaped in both places, as the real server does. */
  channelDoesNotExist: (escapedName: string): ApiError => ({
    status: 400,
    code: 'STREAM_DOES_NOT_EXIST',
    msg: `Channel '${escapedName}' does not exist`,
    data: { stream: escapedName },
  }),
  channelIdDoesNotExist: (channelId: number): ApiError => ({
    status: 400,
    code: 'STREAM_DOES_NOT_EXIST',
    msg: `Channel with ID '${channelId}' does not exist`,
    data: { stream_id: channelId },
  }),
  noPermissionToPost: (): ApiError => badRequest('You do not have permission to post in this channel.'),
  notAuthorizedToSend: (channelName: string): ApiError => badRequest(`Not authorized to send to channel '${channelName}'`),
  emptyTopicNotAllowed: (): ApiError => badRequest('Sending messages to the general chat is not allowed in this channel.'),
  onlyEmptyTopicAllowed: (): ApiError => badRequest('Only the general chat topic is allowed in this channel.'),
  cannotAccessRecipients: (): ApiError => badRequest('You do not have permission to access some of the recipients.'),
  directMessagesDisabled: (): ApiError => badRequest('Direct messages are disabled in this organization.'),
  directMessageNotAuthorized: (): ApiError => badRequest('This conversation does not include any users who can authorize it.'),
  cannotInitiateDirectMessages: (): ApiError => badRequest('You do not have permission to initiate direct message conversations.'),
  channelWildcardNotAllowed: (): ApiError => ({
    status: 400,
    code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    msg: 'You do not have permission to use channel wildcard mentions in this channel.',
  }),
  topicWildcardNotAllowed: (): ApiError => ({
    status: 400,
    code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    msg: 'You do not have permission to use topic wildcard mentions in this topic.',
  }),
  cannotMentionGroup: (groupName: string): ApiError => badRequest(`You are not allowed to mention user group '${groupName}'.`),
  cannotDeleteMessage: (): ApiError => badRequest("You don't have permission to delete this message"),
  deleteTimeLimitPassed: (): ApiError => badRequest('The time limit for deleting this message has passed'),

  // Fetching messages and narrows (reference server-messages-channels §3.3, §6)
  missingAnchor: (): ApiError => badRequest("Missing 'anchor' argument."),
  invalidAnchor: (): ApiError => badRequest('Invalid anchor'),
  tooManyMessages: (maximum: number): ApiError => badRequest(`Too many messages requested (maximum ${maximum}).`),
  anchorExcludedInMiddle: (): ApiError => badRequest('The anchor can only be excluded at an end of the range'),
  badNarrow: (description: string): ApiError => ({
    status: 400,
    code: 'BAD_NARROW',
    msg: `Invalid narrow operator: ${description}`,
    data: { desc: description },
  }),
  /** The real server's InvalidOperatorCombinationError (two `with` terms). */
  badNarrowCombination: (description: string): ApiError => ({
    status: 400,
    code: 'BAD_NARROW',
    msg: `Invalid narrow operator combination: ${description}`,
    data: { desc: description },
  }),
  /** A narrow element refused by the term model's own check; `name` is e.g. narrow[0]. */
  invalidNarrowElement: (name: string, reason: string): ApiError => badRequest(`Invalid ${name}: Value error, ${reason}`),
  notAStringOrInteger: (name: string): ApiError => badRequest(`${name} is not a string or integer`),
  notAStringOrIntegerList: (name: string): ApiError => badRequest(`${name} is not a string or an integer list`),
  notAnInteger: (name: string): ApiError => badRequest(`${name} is not an integer`),
  notABoolean: (name: string): ApiError => badRequest(`${name} is not a boolean`),

  // Editing and moving messages (reference server-messages-channels §4)
  messageEditingDisabled: (): ApiError => badRequest('Your organization has turned off message editing'),
  cannotEditMessage: (): ApiError => badRequest("You don't have permission to edit this message"),
  editTimeLimitPassed: (): ApiError => badRequest('The time limit for editing this message has passed'),
  nothingToChange: (): ApiError => badRequest('Nothing to change'),
  directMessageToChannel: (): ApiError => badRequest('Direct messages cannot be moved to channels.'),
  directMessageTopic: (): ApiError => badRequest('Direct messages cannot have topics.'),
  propagateModeWithoutMove: (): ApiError => badRequest('Invalid propagate_mode without topic edit'),
  resolvingGeneralChat: (): ApiError => badRequest('General chat cannot be marked as resolved'),
  contentEditWithChannelMove: (): ApiError => badRequest('Cannot change message content while changing channel'),
  prevContentMismatch: (): ApiError => ({
    status: 400,
    code: 'EXPECTATION_MISMATCH',
    msg: "'prev_content_sha256' value does not match the expected value.",
    data: { field_name: 'prev_content_sha256' },
  }),
  cannotResolveTopics: (): ApiError => badRequest("You don't have permission to resolve topics in this channel."),
  topicEditTimeLimitPassed: (): ApiError => badRequest("The time limit for editing this message's topic has passed."),
  cannotMoveMessage: (): ApiError => badRequest("You don't have permission to move this message"),
  channelEditTimeLimitPassed: (): ApiError => badRequest("The time limit for editing this message's channel has passed"),
  /** `first` is null when no message of the topic may move (clients must accept null). */
  moveMessagesTimeLimitExceeded: (first: number | null, total: number, allowed: number): ApiError => ({
    status: 400,
    code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    msg: `You only have permission to move the ${allowed}/${total} most recent messages in this topic.`,
    data: { first_message_id_allowed_to_move: first, total_messages_in_topic: total, total_messages_allowed_to_move: allowed },
  }),
  editHistoryDisabled: (): ApiError => badRequest('Message edit history is disabled in this organization'),

  // Message flags and mark-as-read (reference server-messages-channels §5)
  invalidFlag: (flag: string): ApiError => badRequest(`Invalid flag: '${flag}'`),
  flagNotEditable: (flag: string): ApiError => badRequest(`Flag not editable: '${flag}'`),
  invalidFlagOperation: (op: string): ApiError => badRequest(`Invalid message flag operation: '${op}'`),
  noSuchTopic: (topic: string): ApiError => badRequest(`No such topic '${topic}'`),

  // A user's own reading and muting state (the real server's views: alert_words, muted_users, user_topics, streams, read_receipts)
  cannotMuteSelf: (): ApiError => badRequest('Cannot mute self'),
  userAlreadyMuted: (): ApiError => badRequest('User already muted'),
  userNotMuted: (): ApiError => badRequest('User is not muted'),
  /** The legacy unmute's answer for a channel that does not exist. */
  topicNotMuted: (): ApiError => badRequest('Topic is not muted'),
  /** The legacy muted_topics endpoint names a missing channel so, as a plain BAD_REQUEST. */
  missingChannelArgument: (): ApiError => badRequest("Missing 'stream_id' argument"),
  notSubscribedToChannelId: (channelId: number): ApiError => badRequest(`Not subscribed to channel ID ${channelId}`),
  unknownSubscriptionProperty: (property: string): ApiError => badRequest(`Unknown subscription property: ${property}`),
  invalidHexColor: (name: string): ApiError => badRequest(`${name} is not a valid hex color code`),
  nothingToSubscribeOrUnsubscribe: (): ApiError => badRequest('Nothing to do. Specify at least one of "add" or "delete".'),
  readReceiptsDisabled: (): ApiError => badRequest('Read receipts are disabled in this organization.'),

  // Reactions and reports (reference server-messages-channels §7, §8)
  reactionAlreadyExists: (): ApiError => ({ status: 400, code: 'REACTION_ALREADY_EXISTS', msg: 'Reaction already exists.' }),
  reactionDoesNotExist: (): ApiError => ({ status: 400, code: 'REACTION_DOES_NOT_EXIST', msg: "Reaction doesn't exist." }),
  emojiNameOrCodeRequired: (): ApiError => badRequest('At least one of the following arguments must be present: emoji_name, emoji_code'),
  invalidCustomEmojiName: (): ApiError => badRequest('Invalid custom emoji name.'),
  customEmojiDeactivated: (): ApiError => badRequest('This custom emoji has been deactivated.'),
  reportExplanationRequired: (): ApiError => badRequest('An explanation is required.'),
  messageReportingDisabled: (): ApiError => badRequest('Message reporting is not enabled in this organization.'),

  // Typing (reference server-messages-channels §9)
  /** POST /typing names these two in a plain BAD_REQUEST, without var_name. */
  missingTypingArgument: (name: 'stream_id' | 'to'): ApiError => badRequest(`Missing '${name}' argument`),
  emptyTypingRecipients: (): ApiError => badRequest("Empty 'to' list"),
  typingNotificationsDisabled: (kind: 'channel' | 'direct'): ApiError => badRequest(`User has disabled typing notifications for ${kind} messages`),

  // Saved snippets (reference server-messages-channels §11): a ResourceNotFoundError, so 404 with the default code.
  savedSnippetNotFound: (): ApiError => ({ status: 404, code: 'BAD_REQUEST', msg: 'Saved snippet does not exist.' }),

  // Drafts, scheduled messages, reminders, navigation views (zerver/lib/drafts.py, actions/scheduled_messages.py, lib/reminders.py, views/navigation_views.py)
  draftsSynchronizationDisabled: (): ApiError => badRequest('User has disabled synchronizing drafts.'),
  draftNotFound: (): ApiError => ({ status: 404, code: 'BAD_REQUEST', msg: 'Draft does not exist' }),
  negativeTimestamp: (): ApiError => badRequest('Timestamp must not be negative.'),
  topicNullBytes: (): ApiError => badRequest('Topic must not contain null bytes'),
  draftNeedsOneChannel: (): ApiError => badRequest('Must specify exactly 1 channel ID for channel messages'),
  deliveryTimeNotInFuture: (): ApiError => badRequest('Scheduled delivery time must be in the future.'),
  invalidChannelIdType: (): ApiError => badRequest('Invalid data type for channel ID'),
  invalidRecipientsType: (): ApiError => badRequest('Invalid data type for recipients'),
  scheduledRecipientRequired: (): ApiError => badRequest('Recipient required when updating type of scheduled message.'),
  scheduledTopicRequired: (): ApiError => badRequest('Topic required when updating scheduled message type to channel.'),
  scheduledMessageNotFound: (): ApiError => ({ status: 404, code: 'BAD_REQUEST', msg: 'Scheduled message does not exist' }),
  scheduledMessageAlreadySent: (): ApiError => badRequest('Scheduled message was already sent'),
  reminderNotFound: (): ApiError => ({ status: 404, code: 'BAD_REQUEST', msg: 'Reminder does not exist' }),
  reminderNoteTooLong: (max: number): ApiError => badRequest(`Maximum reminder note length: ${max} characters`),
  builtInViewNamed: (): ApiError => badRequest('Built-in views cannot have a custom name.'),
  customViewUnnamed: (): ApiError => badRequest('Custom views must have a valid name.'),
  navigationViewExists: (): ApiError => badRequest('Navigation view already exists.'),
  navigationViewNotFound: (): ApiError => ({ status: 404, code: 'BAD_REQUEST', msg: 'Navigation view does not exist.' }),

  // Video calls (reference server-messages-channels §13); `provider` is the name the real server's messages carry.
  videoCallProviderNotConfigured: (provider: string): ApiError => badRequest(`${provider} credentials have not been configured`),
  invalidVideoCallProviderToken: (provider: string): ApiError => ({
    status: 400,
    code: 'INVALID_VIDEO_CALL_PROVIDER_TOKEN',
    msg: `Invalid ${provider} access token`,
  }),
  // Uploads and attachments (reference server-messages-channels §12)
  noFileToUpload: (): ApiError => badRequest('You must specify a file to upload'),
  oneFileAtATime: (): ApiError => badRequest('You may only upload one file at a time'),
  fileTooLarge: (maxMib: number): ApiError => badRequest(`File is larger than this server's configured maximum upload size (${maxMib} MiB).`),
  uploadQuotaExceeded: (): ApiError => ({ status: 400, code: 'REALM_UPLOAD_QUOTA', msg: "Upload would exceed your organization's upload quota." }),
  invalidAttachment: (): ApiError => badRequest('Invalid attachment'),
  /** The temporary link's token is unknown or expired, or its file was deleted. */
  invalidUploadToken: (): ApiError => badRequest('Invalid token'),
  invalidUploadFilename: (): ApiError => badRequest('Invalid filename'),
  uploadNotFound: (): ApiError => ({
    status: 404,
    code: 'BAD_REQUEST',
    msg: 'This file does not exist or has been deleted.',
    headers: { Vary: 'Accept' },
    html: '<p>This file does not exist or has been deleted.</p>',
  }),
  uploadForbidden: (): ApiError => ({
    status: 403,
    code: 'BAD_REQUEST',
    msg: 'You are not authorized to view this file.',
    headers: { Vary: 'Accept' },
    html: '<p>You are not authorized to view this file.</p>',
  }),
  /** The record exists but its bytes are gone (the real server's serve_local on a missing file). */
  uploadContentMissing: (): ApiError => ({ status: 404, code: 'BAD_REQUEST', msg: 'File not found', html: '<p>File not found</p>' }),
  /** The resumable-upload endpoint is not implemented by chatref. */
  resumableUploadsUnsupported: (): ApiError => ({
    status: 400,
    code: 'BAD_REQUEST',
    msg: 'Resumable uploads (tus) are not supported by this server; use POST /user_uploads',
  }),

  // Linkifiers (reference server-messages-channels §10)
  linkifierNotFound: (): ApiError => badRequest('Linkifier not found.'),
  /** A definition the real server's model validation refused: the first message, and every message by field (`__all__`: the model's own checks). */
  invalidLinkifier: (errors: Readonly<Record<string, readonly string[]>>): ApiError =>
    badRequest(Object.values(errors).flat()[0] ?? 'Invalid linkifier', { errors }),
  duplicateOrderedLinkifiers: (): ApiError => badRequest('The ordered list must not contain duplicated linkifiers'),
  incompleteOrderedLinkifiers: (): ApiError => badRequest('The ordered list must enumerate all existing linkifiers exactly once'),

  // Custom emoji (the real server's zerver/views/realm_emoji.py and zerver/lib/emoji.py)
  emojiNameMissing: (): ApiError => badRequest('Emoji name is missing'),
  emojiNameEnding: (): ApiError => badRequest('Emoji names must end with either a letter or digit.'),
  emojiNameCharacters: (): ApiError => badRequest('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'),
  customEmojiExists: (): ApiError => badRequest('A custom emoji with this name already exists.'),
  oneEmojiFile: (): ApiError => badRequest('You must upload exactly one file.'),
  defaultEmojiOverrideAdminOnly: (): ApiError => badRequest('Only administrators can override default emoji.'),
  emojiFileTooLarge: (maxMib: number): ApiError => badRequest(`Uploaded file is larger than the allowed limit of ${maxMib} MiB`),
  /** The real server's BadImageError. */
  invalidImageFormat: (): ApiError => ({ status: 400, code: 'BAD_IMAGE', msg: 'Invalid image format' }),
  /** A ResourceNotFoundError: 404 with the default code. */
  customEmojiNotFound: (name: string): ApiError => ({ status: 404, code: 'BAD_REQUEST', msg: `Emoji '${name}' does not exist` }),
  customEmojiRemovalDenied: (): ApiError => badRequest('Must be an organization administrator or emoji author'),
  /** A /user_avatars/ path with no file (the real server's serve_local_avatar_unauthed). */
  avatarFileNotFound: (): ApiError => ({ status: 404, code: 'BAD_REQUEST', msg: 'File not found', html: '<p>File not found</p>' }),

  // Presence (zerver/views/presence.py)
  invalidPresenceStatus: (status: string): ApiError => badRequest(`Invalid status: ${status}`),
  presenceNotForBots: (): ApiError => badRequest('Presence is not supported for bot users.'),
  /** Names the user as the request did (an id or an e-mail). */
  noPresenceData: (asked: string): ApiError => badRequest(`No presence data for ${asked}`),

  // Mobile push devices, on a server without push notifications configured (zerver/views/push_notifications.py)
  emptyOrInvalidLengthToken: (): ApiError => badRequest('Empty or invalid length token'),
  invalidApnsToken: (): ApiError => badRequest('Invalid APNS token'),
  pushTokenDoesNotExist: (): ApiError => badRequest('Token does not exist'),
  /** The real server's InvalidPushDeviceTokenError. */
  pushDeviceNotRecognized: (): ApiError => ({ status: 400, code: 'INVALID_PUSH_DEVICE_TOKEN', msg: 'Device not recognized' }),
  /** The real server's PushServiceNotConfiguredError. */
  pushServiceNotConfigured: (): ApiError => ({
    status: 400,
    code: 'PUSH_SERVICE_NOT_CONFIGURED',
    msg: 'Server is not configured to use push notification service.',
  }),
  /** The real server's NoActivePushDeviceError. */
  noActivePushDevice: (): ApiError => ({ status: 400, code: 'NO_ACTIVE_PUSH_DEVICE', msg: 'No active registered push device' }),
} as const;
