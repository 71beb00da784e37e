/** A new organization: its system groups and its settings at the real server's defaults. */

import { REALM_GROUP_SETTING_NAMES, REALM_GROUP_SETTINGS } from './rules/realm-group-settings.js';
import { SYSTEM_GROUPS } from './rules/system-groups.js';
import type { RealmGroupSettingName, RealmSettings, SystemGroupName, UserGroup } from './state.js';

export type SystemGroupIds = { readonly [name in SystemGroupName]: number };

/** The system groups with ids from `firstId` on, in the real server's creation order. */
export function makeSystemGroups(firstId: number): { groups: readonly UserGroup[]; ids: SystemGroupIds } {
  const ids = Object.fromEntries(SYSTEM_GROUPS.map((definition, index) => [definition.name, firstId + index])) as SystemGroupIds;
  const nobody = ids['role:nobody'];
  const groups = SYSTEM_GROUPS.map(
    (definition): UserGroup => ({
      id: ids[definition.name],
      name: definition.name,
      description: definition.description,
      creatorId: null,
      dateCreated: null,
      isSystemGroup: true,
      deactivated: false,
      directMemberIds: [],
      directSubgroupIds: definition.subgroup === null ? [] : [ids[definition.subgroup]],
      settings: {
        can_add_members_group: nobody,
        can_join_group: nobody,
        can_leave_group: nobody,
        can_manage_group: nobody,
        can_mention_group: nobody,
        can_remove_members_group: nobody,
      },
    }),
  );
  return { groups, ids };
}

export function defaultRealmSettings(systemGroupIds: SystemGroupIds): RealmSettings {
  const groups = Object.fromEntries(
    REALM_GROUP_SETTING_NAMES.map((name) => {
      const initial = REALM_GROUP_SETTINGS[name].defaultGroup;
      if (initial === 'creator') throw new Error(`${name}: an organization setting cannot default to its creator`);
      return [name, systemGroupIds[initial]];
    }),
  ) as { [name in RealmGroupSettingName]: number };
  return {
    requireUniqueNames: false,
    nameChangesDisabled: false,
    emailChangesDisabled: false,
    avatarChangesDisabled: false,
    emailsRestrictedToDomains: false,
    disallowDisposableEmailAddresses: true,
    allowMessageEditing: true,
    messageContentEditLimitSeconds: 600,
    messageContentDeleteLimitSeconds: 600,
    moveMessagesWithinStreamLimitSeconds: 604_800,
    moveMessagesBetweenStreamsLimitSeconds: 604_800,
    messageRetentionDays: -1,
    enableSpectatorAccess: false,
    waitingPeriodThreshold: 0,
    topicsPolicy: 'allow_empty_topic',
    moderationRequestChannelId: null,
    newStreamAnnouncementsStreamId: null,
    signupAnnouncementsStreamId: null,
    zulipUpdateAnnouncementsStreamId: null,
    sendChannelEventsMessages: false,
    groups,
    description: '',
    inviteRequired: true,
    messageEditHistoryVisibilityPolicy: 'all',
    videoChatProvider: 1,
    jitsiServerUrl: null,
    giphyRating: 2,
    defaultLanguage: 'en',
    defaultCodeBlockLanguage: '',
    digestEmailsEnabled: false,
    digestWeekday: 1,
    enableGuestUserDmWarning: true,
    enableGuestUserIndicator: true,
    enableReadReceipts: false,
    inlineImagePreview: true,
    inlineUrlEmbedPreview: false,
    messageContentAllowedInEmailNotifications: true,
    requireE2eePushNotifications: false,
    sendWelcomeEmails: true,
    wantAdvertiseInCommunitiesDirectory: false,
    welcomeMessageCustomText: '',
    orgType: 0,
  };
}
