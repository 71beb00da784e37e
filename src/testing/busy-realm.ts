/**
 * A scripted day in the default realm that touches most of the State: every
 * kind of message, reactions, edits and moves, uploads and custom emoji (so
 * the content store holds bytes), snippets, statuses, settings, a new user, a
 * deactivation (an e-mail in the outbox), groups, channels and linkifiers.
 * Tests of snapshots and the journal run it to get a state worth comparing.
 */
import type { Model } from '../in-process.js';
import type { ModelResponse } from '../model/request.js';
import { CORDELIA, DESDEMONA, HAMLET, IAGO, POLONIUS, SHIVA } from './default-realm.js';

/** A 1×1 PNG header: enough for the custom emoji endpoint. */
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

function ok(response: ModelResponse, what: string): Record<string, unknown> {
  if (response.status !== 200) throw new Error(`busy realm: ${what} answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
}

/** Runs the day on `model` (which must start from the default realm); `tag` keeps names apart when run twice. */
export function liveABusyDay(model: Model, tag = 'day'): void {
  const as = (user: { email: string; apiKey: string }) => ({
    call: (method: string, path: string, params: Record<string, string> = {}, what = `${method} ${path}`) =>
      ok(model.call(method, path, params, { auth: user }), what),
  });
  const hamlet = as(HAMLET);
  const cordelia = as(CORDELIA);
  const iago = as(IAGO);

  const first = hamlet.call('POST', '/messages', { type: 'stream', to: 'general', topic: `${tag} a`, content: 'Hello **all**, see @**Cordelia**' })['id'];
  hamlet.call('POST', '/messages', { type: 'stream', to: 'general', topic: `${tag} b`, content: 'a second topic' });
  hamlet.call('POST', '/messages', { type: 'direct', to: JSON.stringify([CORDELIA.userId]), content: 'psst' });
  const group = hamlet.call('POST', '/messages', { type: 'direct', to: JSON.stringify([CORDELIA.userId, SHIVA.userId]), content: 'all three' })['id'];
  cordelia.call('POST', `/messages/${first}/reactions`, { emoji_name: 'octopus' });
  as(SHIVA).call('POST', `/messages/${group}/reactions`, { emoji_name: 'smile' });
  hamlet.call('PATCH', `/messages/${first}`, { content: 'Hello again' });
  hamlet.call('PATCH', `/messages/${first}`, { topic: `${tag} moved`, propagate_mode: 'change_all' });
  cordelia.call('POST', '/messages/flags', { messages: JSON.stringify([first]), op: 'add', flag: 'starred' });
  cordelia.call('POST', '/messages/flags', { messages: JSON.stringify([first]), op: 'add', flag: 'read' });

  const upload = model.call(
    'POST',
    '/user_uploads',
    {},
    {
      auth: HAMLET,
      files: [{ fieldName: 'file', fileName: `${tag} notes.txt`, contentType: 'text/plain', data: Buffer.from(`notes of ${tag}`) }],
    },
  );
  const url = ok(upload, 'upload')['url'];
  hamlet.call('POST', '/messages', { type: 'stream', to: 'general', topic: `${tag} a`, content: `[notes](${url})` });
  ok(
    model.call(
      'POST',
      `/realm/emoji/${tag}-emoji`,
      {},
      { auth: IAGO, files: [{ fieldName: 'f1', fileName: 'e.png', contentType: 'image/png', data: PNG_BYTES }] },
    ),
    'custom emoji',
  );

  hamlet.call('POST', '/saved_snippets', { title: `${tag} snippet`, content: 'Thanks!' });
  hamlet.call('POST', '/users/me/status', { status_text: `busy on ${tag}`, emoji_name: 'car' });
  hamlet.call('PATCH', '/settings', { enter_sends: 'true', emojiset: 'text' });
  hamlet.call('PATCH', '/users/me/profile_data', { data: JSON.stringify([{ id: 1, value: '+1 555 0100' }]) });
  hamlet.call('POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: `${tag} channel`, description: 'made today' }]) });
  hamlet.call('DELETE', '/users/me/subscriptions', { subscriptions: JSON.stringify(['general']) });

  const created = as(DESDEMONA).call('POST', '/users', { email: `${tag}@chatref.test`, password: 'Strong-pw-1234-xyz', full_name: `New ${tag}` })['user_id'];
  iago.call('DELETE', `/users/${created}`, { deactivation_notification_comment: 'Sorry' });
  iago.call('POST', '/user_groups/create', { name: `${tag} group`, description: 'a group', members: JSON.stringify([HAMLET.userId, POLONIUS.userId]) });
  iago.call('POST', '/realm/filters', { pattern: `${tag}-#(?P<id>[0-9]+)`, url_template: 'https://example.com/{id}' });

  const folder = iago.call('POST', '/channel_folders/create', { name: `${tag} folder`, description: 'for **today**' })['channel_folder_id'];
  iago.call('POST', '/channels/create', { name: `${tag} foldered`, subscribers: JSON.stringify([HAMLET.userId]), folder_id: String(folder) });
  hamlet.call('POST', '/invites', { invitee_emails: `${tag}-guest@example.com`, stream_ids: '[]' });
  iago.call('POST', '/invites/multiuse', {});
  iago.call('POST', '/realm/playgrounds', { name: `${tag} playground`, pygments_language: 'Python', url_template: 'https://play.example.com/?c={code}' });
  iago.call('PATCH', '/realm/user_settings_defaults', { enter_sends: 'true' });
}
