/** The user record as every read endpoint shows it (spec section "User"). */
import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectSuccess, expectTrue } from '../../expect.js';
import { profileFields } from '../profile/fields.js';
import { createAccount, isPlaceholderFor, listUsers, login, ROLES, readUser, retire } from './support.js';

const isInt = (value: unknown): boolean => Number.isInteger(value);
const isBool = (value: unknown): boolean => typeof value === 'boolean';
const isString = (value: unknown): boolean => typeof value === 'string';
const isNullOr = (test: (value: unknown) => boolean) => (value: unknown) => value === null || test(value);

/** The spec's User fields and their JSON types (avatar_url is always sent: the suite never declares user_avatar_url_field_optional). */
const FIELD_TYPES: Readonly<Record<string, (value: unknown) => boolean>> = {
  user_id: isInt,
  delivery_email: isNullOr(isString),
  email: isString,
  full_name: isString,
  date_joined: isString,
  is_active: isBool,
  is_owner: isBool,
  is_admin: isBool,
  is_guest: isBool,
  is_bot: isBool,
  role: isInt,
  timezone: isString,
  avatar_url: isNullOr(isString),
  avatar_version: isInt,
  is_imported_stub: isBool,
};

/** Fields of FIELD_TYPES a server sends only from a feature level on. */
const FIELD_SINCE: Readonly<Record<string, number>> = { is_imported_stub: 433 };

/** Fields a user object may omit, and their types when present. */
const OPTIONAL_TYPES: Readonly<Record<string, (value: unknown) => boolean>> = {
  bot_type: isNullOr(isInt),
  bot_owner_id: isNullOr(isInt),
  is_deleted: (value) => value === true,
  profile_data: (value) => value !== null && typeof value === 'object' && !Array.isArray(value),
};

export function expectUserShape(user: Body, where: string, featureLevel: number): void {
  for (const [field, test] of Object.entries(FIELD_TYPES)) {
    if (featureLevel < (FIELD_SINCE[field] ?? 0)) {
      if (field in user)
        throw new CheckFailure(
          `${where}: no ${field} below feature level ${FIELD_SINCE[field]}, got ${JSON.stringify(user[field])}`,
          undefined,
          'users.record.fields',
        );
      continue;
    }
    if (!(field in user) || !test(user[field])) {
      throw new CheckFailure(
        `${where}: field ${field} with its documented type, got ${JSON.stringify(user[field])} in ${JSON.stringify(user)}`,
        undefined,
        'users.record.fields',
      );
    }
  }
  for (const [field, test] of Object.entries(OPTIONAL_TYPES)) {
    if (field in user && !test(user[field])) {
      throw new CheckFailure(`${where}: ${field} with its documented type, got ${JSON.stringify(user[field])}`, undefined, 'users.record.fields');
    }
  }
}

/** role is a known value and the flags say the same. */
function expectRoleFlags(user: Body, where: string): void {
  const role = user['role'] as number;
  expectTrue((ROLES as readonly number[]).includes(role), `${where}: role in 100/200/300/400/600, got ${role}`, 'users.record.role');
  expectEqual(
    [user['is_owner'], user['is_admin'], user['is_guest']],
    [role === 100, role <= 200, role === 600],
    `${where}: is_owner, is_admin, is_guest for role ${role}`,
    'users.record.role',
  );
}

function castActors(ctx: CheckContext) {
  const { owner, administrator, moderator, member, otherMember, guest } = ctx.cast;
  return [owner, administrator, moderator, member, otherMember, guest];
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export const USER_RECORD_CHECKS = defineChecks([
  {
    id: 'users.record.fields',
    title: 'Given every user the guest and the owner can list, and each cast member read by id, then every user object has the documented fields and types',
    clauses: ['users.record.fields'],
    level: 'spec',
    endpoint: 'GET /users',
    async run(ctx) {
      for (const viewer of [ctx.cast.owner, ctx.cast.guest]) {
        for (const user of await listUsers(ctx, viewer))
          expectUserShape(user, `GET /users as ${viewer.email}, user ${String(user['user_id'])}`, ctx.featureLevel);
      }
      for (const actor of castActors(ctx)) expectUserShape(await readUser(ctx, ctx.cast.member, actor.userId), `GET /users/${actor.userId}`, ctx.featureLevel);
    },
  },
  {
    id: 'users.record.role',
    title: 'Given the cast, when each is read, then role is the one the cast was given and is_owner, is_admin, is_guest agree with it',
    clauses: ['users.record.role'],
    level: 'spec',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      for (const actor of castActors(ctx)) {
        const user = await readUser(ctx, ctx.cast.moderator, actor.userId);
        expectEqual(user['role'], actor.role, `role of ${actor.email}`, 'users.record.role');
        expectRoleFlags(user, `user ${actor.userId}`);
      }
      for (const user of await listUsers(ctx, ctx.cast.owner)) expectRoleFlags(user, `listed user ${String(user['user_id'])}`);
    },
  },
  {
    id: 'users.record.is-active',
    title: 'Given a new user, then is_active is true; after deactivation, it is false by id and in the list',
    clauses: ['users.record.is-active', 'users.deactivate.deactivates'],
    level: 'spec',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      const user = await ctx.newUser();
      expectEqual((await readUser(ctx, ctx.cast.member, user.userId))['is_active'], true, 'is_active before', 'users.record.is-active');
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${user.userId}`));
      expectEqual((await readUser(ctx, ctx.cast.member, user.userId))['is_active'], false, 'is_active after', 'users.record.is-active');
      const listed = (await listUsers(ctx, ctx.cast.member)).find((entry) => entry['user_id'] === user.userId);
      expectEqual(listed?.['is_active'], false, 'is_active in GET /users', 'users.record.is-active');
    },
  },
  {
    id: 'users.record.delivery-email.own',
    title: 'Given each cast member reading themselves, then delivery_email is their real address; in every listing it is a string or null',
    clauses: ['users.record.delivery-email'],
    level: 'spec',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      for (const actor of castActors(ctx)) {
        const self = await readUser(ctx, actor, actor.userId);
        expectEqual(
          String(self['delivery_email']).toLowerCase(),
          actor.email.toLowerCase(),
          `delivery_email of ${actor.email} read by themselves`,
          'users.record.delivery-email',
        );
        for (const user of await listUsers(ctx, actor)) {
          const value = user['delivery_email'];
          expectTrue(
            value === null || (typeof value === 'string' && value.includes('@')),
            `delivery_email to be an address or null, got ${JSON.stringify(value)}`,
            'users.record.delivery-email',
          );
        }
      }
    },
  },
  {
    id: 'users.record.email.placeholder',
    title: 'Given every user as each cast member lists them, when delivery_email is null, then email is the placeholder user<id>@host',
    clauses: ['users.record.email.placeholder', 'users.record.delivery-email'],
    level: 'spec',
    endpoint: 'GET /users',
    async run(ctx) {
      for (const viewer of [ctx.cast.guest, ctx.cast.member, ctx.cast.moderator]) {
        for (const user of await listUsers(ctx, viewer)) {
          if (user['delivery_email'] !== null) continue;
          expectTrue(
            isPlaceholderFor(user['email'], user['user_id'] as number),
            `a placeholder email for hidden user ${String(user['user_id'])}, got ${JSON.stringify(user['email'])}`,
            'users.record.email.placeholder',
          );
        }
      }
    },
  },
  {
    id: 'users.record.placeholder-form',
    title: 'Given the guest’s view of every human, then email is the real address exactly when the guest sees it, else the placeholder',
    clauses: ['users.record.placeholder-form'],
    level: 'compat',
    endpoint: 'GET /users',
    async run(ctx) {
      for (const user of await listUsers(ctx, ctx.cast.guest)) {
        if (user['is_bot'] === true || user['user_id'] === ctx.cast.guest.userId) continue;
        const id = user['user_id'] as number;
        if (user['delivery_email'] === null) {
          expectTrue(isPlaceholderFor(user['email'], id), `placeholder email for user ${id} hidden from the guest, got ${JSON.stringify(user['email'])}`);
        } else {
          expectEqual(user['email'], user['delivery_email'], `email of user ${id} whose address even the guest sees`);
        }
      }
    },
  },
  {
    id: 'users.record.delivery-email.bots',
    title: 'Given the bots in the realm (if any), then every viewer sees each bot’s real address as delivery_email',
    clauses: ['users.record.delivery-email.bots', 'users.record.bot-type'],
    level: 'spec',
    endpoint: 'GET /users',
    async run(ctx) {
      for (const viewer of [ctx.cast.guest, ctx.cast.member]) {
        for (const bot of (await listUsers(ctx, viewer)).filter((user) => user['is_bot'] === true)) {
          expectTrue(
            typeof bot['delivery_email'] === 'string',
            `bot ${String(bot['user_id'])}'s delivery_email to be its address, got ${JSON.stringify(bot['delivery_email'])}`,
            'users.record.delivery-email.bots',
          );
          expectTrue(
            [1, 2, 3, 4].includes(bot['bot_type'] as number),
            `bot ${String(bot['user_id'])}'s bot_type in 1–4, got ${JSON.stringify(bot['bot_type'])}`,
            'users.record.bot-type',
          );
        }
      }
    },
  },
  {
    id: 'users.record.bot-type.humans',
    title: 'Given the cast (all humans), then is_bot is false and bot_type and bot_owner_id are null (or left out)',
    clauses: ['users.record.bot-type'],
    level: 'spec',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      for (const actor of castActors(ctx)) {
        const user = await readUser(ctx, ctx.cast.owner, actor.userId);
        expectEqual(
          [user['is_bot'], user['bot_type'] ?? null, user['bot_owner_id'] ?? null],
          [false, null, null],
          `is_bot, bot_type, bot_owner_id of ${actor.email}`,
          'users.record.bot-type',
        );
      }
    },
  },
  {
    id: 'users.record.avatar-url',
    title:
      'Given users without an uploaded avatar, then avatar_url is null with client_gravatar when the address is visible, a URL without it, and never null when the address is hidden',
    clauses: ['users.record.avatar-url'],
    level: 'spec',
    endpoint: 'GET /users',
    async run(ctx) {
      const user = await ctx.newUser();
      expectEqual(
        (await readUser(ctx, user, user.userId, { client_gravatar: 'true' }))['avatar_url'],
        null,
        'own avatar_url with client_gravatar',
        'users.record.avatar-url',
      );
      const url = (await readUser(ctx, user, user.userId, { client_gravatar: 'false' }))['avatar_url'];
      expectTrue(
        typeof url === 'string' && url !== '',
        `own avatar_url without client_gravatar to be a URL, got ${JSON.stringify(url)}`,
        'users.record.avatar-url',
      );
      for (const listed of await listUsers(ctx, ctx.cast.guest, { client_gravatar: 'true' })) {
        if (listed['delivery_email'] !== null) continue;
        expectTrue(
          typeof listed['avatar_url'] === 'string',
          `avatar_url of user ${String(listed['user_id'])} whose address is hidden to be a URL, got ${JSON.stringify(listed['avatar_url'])}`,
          'users.record.avatar-url',
        );
      }
      for (const listed of await listUsers(ctx, ctx.cast.guest, { client_gravatar: 'false' })) {
        expectTrue(
          typeof listed['avatar_url'] === 'string',
          `avatar_url without client_gravatar to be a URL, got ${JSON.stringify(listed['avatar_url'])}`,
          'users.record.avatar-url',
        );
      }
    },
  },
  {
    id: 'users.record.date-joined',
    title: 'Given a user created through the API, then date_joined moves at most forward at the first login and stays put at later logins',
    clauses: ['users.record.date-joined', 'users.record.date-joined-format'],
    level: 'spec',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      const account = await createAccount(ctx, 'joined');
      const created = (await readUser(ctx, ctx.cast.owner, account.userId))['date_joined'] as string;
      await login(ctx, account);
      const firstLogin = (await readUser(ctx, ctx.cast.owner, account.userId))['date_joined'] as string;
      await login(ctx, account);
      const laterLogin = (await readUser(ctx, ctx.cast.owner, account.userId))['date_joined'] as string;
      expectTrue(
        Date.parse(firstLogin) >= Date.parse(created),
        `date_joined not to move back at the first login: ${created} then ${firstLogin}`,
        'users.record.date-joined',
      );
      expectEqual(laterLogin, firstLogin, 'date_joined after a second login', 'users.record.date-joined');
      await retire(ctx, account.userId);
    },
  },
  {
    id: 'users.record.timezone',
    title:
      'Given a user who sets a legacy and then a canonical time zone, then every read endpoint shows the canonical name (the legacy one canonicalised), and a user who set none shows ""',
    clauses: ['users.record.timezone'],
    level: 'compat',
    endpoint: 'GET /users',
    async run(ctx) {
      const user = await ctx.sharedMember(0);
      const fresh = await ctx.newUser();
      const readEverywhere = async (userId: number): Promise<unknown[]> => {
        const listed = (await listUsers(ctx, ctx.cast.member, { user_ids: JSON.stringify([userId]) })).find((entry) => entry['user_id'] === userId);
        return [(await readUser(ctx, ctx.cast.owner, userId))['timezone'], (await readUser(ctx, ctx.cast.guest, userId))['timezone'], listed?.['timezone']];
      };
      expectEqual(await readEverywhere(fresh.userId), ['', '', ''], `timezone of user ${fresh.userId}, who never set one`, 'users.record.timezone');
      for (const [set, shown] of [
        ['Asia/Calcutta', 'Asia/Kolkata'],
        ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
      ]) {
        expectSuccess(await ctx.call(user, 'PATCH', '/settings', { timezone: set! }));
        expectEqual(await readEverywhere(user.userId), [shown, shown, shown], `timezone of user ${user.userId} after setting ${set}`, 'users.record.timezone');
      }
    },
  },
  {
    id: 'users.record.date-joined-format',
    title: 'Given every listed user, then date_joined is ISO 8601 with a UTC offset',
    clauses: ['users.record.date-joined-format'],
    level: 'compat',
    endpoint: 'GET /users',
    async run(ctx) {
      for (const user of await listUsers(ctx, ctx.cast.member)) {
        expectTrue(ISO_WITH_OFFSET.test(String(user['date_joined'])), `an ISO 8601 date_joined with offset, got ${JSON.stringify(user['date_joined'])}`);
      }
    },
  },
  {
    id: 'users.record.is-deleted',
    title: 'Given active users and a user who is only deactivated, then is_deleted is absent',
    clauses: ['users.record.is-deleted'],
    level: 'spec',
    endpoint: 'GET /users',
    async run(ctx) {
      const user = await ctx.newUser();
      expectSuccess(await ctx.call(ctx.cast.owner, 'DELETE', `/users/${user.userId}`));
      expectTrue(
        !('is_deleted' in (await readUser(ctx, ctx.cast.owner, user.userId))),
        'no is_deleted on a deactivated, not deleted user',
        'users.record.is-deleted',
      );
      for (const listed of await listUsers(ctx, ctx.cast.owner)) {
        if (listed['is_active'] === true)
          expectTrue(!('is_deleted' in listed), `no is_deleted on active user ${String(listed['user_id'])}`, 'users.record.is-deleted');
        else if ('is_deleted' in listed) expectEqual(listed['is_deleted'], true, 'is_deleted when present', 'users.record.is-deleted');
      }
    },
  },
  {
    id: 'users.record.profile-data',
    title: 'Given users with custom profile values, then profile_data appears only when asked for, only on humans, keyed by field id with a value each',
    clauses: ['users.record.profile-data'],
    level: 'spec',
    endpoint: 'GET /users',
    async run(ctx) {
      const fields = await profileFields(ctx);
      const user = await ctx.sharedMember(0);
      expectSuccess(await ctx.call(user, 'PATCH', '/users/me/profile_data', { data: JSON.stringify([{ id: fields.short, value: 'record value' }]) }));
      for (const listed of await listUsers(ctx, ctx.cast.member)) {
        expectTrue(!('profile_data' in listed), `no profile_data unless asked, got it on user ${String(listed['user_id'])}`, 'users.record.profile-data');
      }
      for (const listed of await listUsers(ctx, ctx.cast.member, { include_custom_profile_fields: 'true' })) {
        const data = listed['profile_data'];
        if (listed['is_bot'] === true) {
          expectTrue(data === undefined, `no profile_data on bot ${String(listed['user_id'])}`, 'users.record.profile-data');
          continue;
        }
        expectTrue(
          data !== null && typeof data === 'object',
          `profile_data on human ${String(listed['user_id'])}, got ${JSON.stringify(data)}`,
          'users.record.profile-data',
        );
        for (const [key, entry] of Object.entries(data as Record<string, unknown>)) {
          expectTrue(
            /^[0-9]+$/.test(key) && entry !== null && typeof entry === 'object' && 'value' in entry,
            `profile_data entries keyed by field id with a value, got ${key}: ${JSON.stringify(entry)}`,
            'users.record.profile-data',
          );
        }
      }
      const own = await readUser(ctx, ctx.cast.member, user.userId, { include_custom_profile_fields: 'true' });
      expectEqual((own['profile_data'] as Record<string, Body>)[String(fields.short)]?.['value'], 'record value', 'the value set', 'users.record.profile-data');
    },
  },
  {
    id: 'users.record.profile-data.rendered',
    title:
      'Given a long-text value in Markdown, a choice and a Users value, then only the text field has rendered_value and the Users value comes back as JSON text',
    clauses: ['users.record.profile-data.rendered'],
    level: 'compat',
    endpoint: 'GET /users/{user_id}',
    async run(ctx) {
      const fields = await profileFields(ctx);
      const user = await ctx.sharedMember(0);
      const data = [
        { id: fields.long, value: 'Some **bold** words' },
        { id: fields.select, value: 'b' },
        { id: fields.users, value: [ctx.cast.member.userId] },
      ];
      expectSuccess(await ctx.call(user, 'PATCH', '/users/me/profile_data', { data: JSON.stringify(data) }));
      const profile = (await readUser(ctx, ctx.cast.owner, user.userId, { include_custom_profile_fields: 'true' }))['profile_data'] as Record<string, Body>;
      const long = profile[String(fields.long)];
      expectTrue(
        typeof long?.['rendered_value'] === 'string' && long['rendered_value'].includes('<strong>bold</strong>'),
        `rendered_value with <strong>, got ${JSON.stringify(long)}`,
      );
      expectEqual(profile[String(fields.select)], { value: 'b' }, 'the choice entry (no rendered_value)');
      const people = profile[String(fields.users)]?.['value'];
      expectTrue(typeof people === 'string', `the Users value as JSON text, got ${JSON.stringify(people)}`);
      expectEqual(JSON.parse(people), [ctx.cast.member.userId], 'the Users value decoded');
    },
  },
]);
