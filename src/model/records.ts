/** Constructors of new records with the real server's defaults. */
import type { User } from './state.js';

export const EMPTY_STATUS = { statusText: '', emojiName: '', emojiCode: '', reactionType: 'unicode_emoji' } as const;

export type NewUser = Pick<User, 'id' | 'deliveryEmail' | 'fullName' | 'role' | 'apiKey' | 'passwordHash' | 'dateCreated'> &
  Partial<User>;

export function makeUser(fields: NewUser): User {
  return {
    isActive: true,
    isDeleted: false,
    isImportedStub: false,
    botType: null,
    botOwnerId: null,
    timezone: '',
    avatarSource: 'G',
    avatarVersion: 1,
    firstLoginAt: null,
    joinedByFirstLogin: false,
    emailAddressVisibility: 1,
    canCreateUsers: false,
    canChangeUserEmails: false,
    presenceEnabled: true,
    status: EMPTY_STATUS,
    profileData: {},
    ...fields,
  };
}
