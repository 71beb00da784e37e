/**
 * Makes a target's answer and the reference model's answer comparable: user
 * ids and known addresses become logical names ("owner", "user2"), values
 * each server chooses for itself (timestamps, keys, avatar hosts, address
 * domains) are blanked, and error messages are left out (codes are compared).
 */

/** How one side names the entities the run created: its id (or address) → logical name. */
export interface Names {
  readonly ids: ReadonlyMap<number, string>;
  readonly emails: ReadonlyMap<string, string>;
}

/** Keys whose values are chosen by each server independently. */
const IGNORED = new Set(['date_joined', 'api_key', 'max_message_id', 'msg', 'last_active', 'timestamp']);
/**
 * Fields of the run's starting owner that the target's realm chose before the
 * run (its time zone, profile values, address visibility): the reference
 * model's owner is another person, so they are not compared.
 */
const OWNER_PRESET = new Set(['timezone', 'profile_data', 'email']);
const USER_ID_KEYS = new Set(['user_id', 'bot_owner_id', 'sender_id']);
const USER_ID_LIST_KEYS = new Set(['user_ids', 'direct_members', 'subscribers']);
const EMAIL = /^([^@\s]+)@([^@\s]+)$/;
const PLACEHOLDER = /^user(\d+)$/;

function nameOfId(names: Names, id: unknown): unknown {
  return typeof id === 'number' ? (names.ids.get(id) ?? '<other user>') : id;
}

function normalizeString(text: string, names: Names): string {
  const known = names.emails.get(text.toLowerCase());
  if (known !== undefined) return `<email of ${known}>`;
  const match = EMAIL.exec(text);
  if (match === null) return text;
  const placeholder = PLACEHOLDER.exec(match[1]!);
  if (placeholder !== null) return `<placeholder of ${String(nameOfId(names, Number(placeholder[1])))}>`;
  return `${match[1]}@<domain>`;
}

export function normalize(value: unknown, names: Names, key?: string): unknown {
  if (key !== undefined && USER_ID_KEYS.has(key)) return nameOfId(names, value);
  if (key === 'avatar_url') return value === null ? null : typeof value === 'string' ? '<url>' : value;
  if (Array.isArray(value)) {
    return value.map((item) => (key !== undefined && USER_ID_LIST_KEYS.has(key) ? nameOfId(names, item) : normalize(item, names)));
  }
  if (typeof value === 'string') return normalizeString(value, names);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  const ownersRecord = 'full_name' in record && nameOfId(names, record['user_id']) === 'owner';
  for (const [name, inner] of Object.entries(record)) {
    if (IGNORED.has(name) || (ownersRecord && OWNER_PRESET.has(name))) continue;
    result[name] = normalize(inner, names, name);
  }
  return result;
}

/** The comparable part of an answer: status, and the code of an error or the normalized body of a success. */
export function comparable(status: number, body: unknown, names: Names): unknown {
  const envelope = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  if (envelope?.['result'] === 'error') return { status, result: 'error', code: envelope['code'] };
  return { status, body: normalize(body, names) };
}
