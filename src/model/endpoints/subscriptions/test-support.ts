/** Helpers the subscription tests share: subscribe calls, read-backs and realm tweaks. */
import type { Model } from '../../../in-process.js';
import { as, body, expectSuccess } from '../../../testing/default-realm.js';
import { selectChannelByName } from '../../rules/channels.js';
import type { RealmGroupSettingName, RealmSettings, State, SystemGroupName } from '../../state.js';
import { withRow } from '../../tables/table.js';

type Actor = Parameters<typeof as>[1];

/** POST /users/me/subscriptions with `names` and the other parameters as given (raw wire strings). */
export function subscribeTo(model: Model, actor: Actor, names: readonly string[], extra: Record<string, string> = {}) {
  return as(model, actor).post('/users/me/subscriptions', { subscriptions: JSON.stringify(names.map((name) => ({ name }))), ...extra });
}

/** The actor's subscription to `name` as GET /users/me/subscriptions shows it, or undefined. */
export function subscriptionOf(model: Model, actor: Actor, name: string, params: Record<string, string> = {}): Record<string, any> | undefined {
  const list = expectSuccess(as(model, actor).get('/users/me/subscriptions', params))['subscriptions'] as Record<string, any>[];
  return list.find((entry) => entry['name'] === name);
}

export function subscribedNames(model: Model, actor: Actor): string[] {
  const list = body(as(model, actor).get('/users/me/subscriptions'))['subscriptions'] as Record<string, any>[];
  return list.map((entry) => entry['name'] as string);
}

export function groupId(model: Model, name: SystemGroupName): number {
  return model.state.systemGroupIds[name];
}

export function setRealm(model: Model, settings: Partial<RealmSettings>): void {
  const state: State = model.state;
  model.reset({ ...state, realm: { ...state.realm, settings: { ...state.realm.settings, ...settings } } });
}

export function setRealmGroup(model: Model, setting: RealmGroupSettingName, group: SystemGroupName): void {
  setRealm(model, { groups: { ...model.state.realm.settings.groups, [setting]: groupId(model, group) } });
}

export function channelIdOf(model: Model, name: string): number {
  const channel = selectChannelByName(model.state, name);
  if (channel === undefined) throw new Error(`no channel ${name}`);
  return channel.id;
}

/** Archives a channel directly in the state (archiving has its own endpoint elsewhere). */
export function archiveChannel(model: Model, name: string): void {
  const channel = selectChannelByName(model.state, name)!;
  model.reset({ ...model.state, channels: withRow(model.state.channels, channel.id, { ...channel, isArchived: true }) });
}
