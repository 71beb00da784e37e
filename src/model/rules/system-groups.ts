/**
 * The eight system groups every organization has. Their direct members follow
 * from roles, never from stored rows, so a role change touches no group.
 */
import type { Role, State, SystemGroupName, User } from '../state.js';

export interface SystemGroupDefinition {
  readonly name: SystemGroupName;
  readonly description: string;
  /** The one direct subgroup that makes the roles nest (owners ⊂ administrators ⊂ …). */
  readonly subgroup: SystemGroupName | null;
}

/** In the order the real server creates them, which decides their ids. */
export const SYSTEM_GROUPS: readonly SystemGroupDefinition[] = [
  { name: 'role:owners', description: 'Owners of this organization', subgroup: null },
  { name: 'role:administrators', description: 'Administrators of this organization, including owners', subgroup: 'role:owners' },
  { name: 'role:moderators', description: 'Moderators of this organization, including administrators', subgroup: 'role:administrators' },
  { name: 'role:fullmembers', description: 'Members of this organization, not including new accounts and guests', subgroup: 'role:moderators' },
  { name: 'role:members', description: 'Members of this organization, not including guests', subgroup: 'role:fullmembers' },
  { name: 'role:everyone', description: 'Everyone in this organization, including guests', subgroup: 'role:members' },
  { name: 'role:internet', description: 'Everyone on the Internet', subgroup: 'role:everyone' },
  { name: 'role:nobody', description: 'Nobody', subgroup: null },
];

const SECONDS_PER_DAY = 86_400;

export function systemGroupNameOf(state: State, groupId: number): SystemGroupName | undefined {
  for (const definition of SYSTEM_GROUPS) if (state.systemGroupIds[definition.name] === groupId) return definition.name;
  return undefined;
}

/** A member (role 400) whose account is at least the organization's waiting period old. */
export function isFullMember(state: State, user: User, now: number): boolean {
  if (user.role <= 300) return true;
  if (user.role !== 400) return false;
  return now - user.dateCreated >= state.realm.settings.waitingPeriodThreshold * SECONDS_PER_DAY;
}

/** Whether the user is a direct member of the system group (the role that group holds directly). */
export function isDirectSystemGroupMember(state: State, user: User, name: SystemGroupName, now: number): boolean {
  const role: Role = user.role;
  switch (name) {
    case 'role:owners':
      return role === 100;
    case 'role:administrators':
      return role === 200;
    case 'role:moderators':
      return role === 300;
    case 'role:fullmembers':
      return role === 400 && isFullMember(state, user, now);
    // A full member is listed in both: role:members holds every member directly (reference server-core §7).
    case 'role:members':
      return role === 400;
    case 'role:everyone':
      return role === 600;
    case 'role:internet':
    case 'role:nobody':
      return false;
  }
}

/** Whether the user belongs to the system group, directly or through the nesting of roles. */
export function isSystemGroupMember(state: State, user: User, name: SystemGroupName, now: number): boolean {
  const role = user.role;
  switch (name) {
    case 'role:nobody':
      return false;
    case 'role:internet':
    case 'role:everyone':
      return true;
    case 'role:members':
      return role !== 600;
    case 'role:fullmembers':
      return isFullMember(state, user, now);
    case 'role:moderators':
      return role <= 300;
    case 'role:administrators':
      return role <= 200;
    case 'role:owners':
      return role === 100;
  }
}
