/** User group writes for the event oracle: create, rename or describe, members, subgroups, deactivate. */
import {
  activeGroups,
  commandLabel,
  MAX_GROUPS,
  MAX_MADE_PER_CHECK,
  MAX_MADE_PER_RUN,
  type OracleCommand,
  type OracleModel,
  pickActiveCaller,
  pickGroup,
  pickUserId,
  sendWrite,
} from './oracle-world.js';
import type { World } from './world.js';

/** POST /user_groups/create with up to two members by position. */
export class CreateGroupCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly memberPositions: readonly number[],
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return model.groupsMade < MAX_MADE_PER_RUN && activeGroups(model).length < MAX_GROUPS && model.registry.groups.length < MAX_MADE_PER_CHECK;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const name = world.unique('oracle-group');
    const members = [...new Set(this.memberPositions.map((position) => pickUserId(world, model, position)))];
    const made = await sendWrite(
      world,
      { caller, method: 'POST', path: '/user_groups/create', params: { name, description: 'made by the event oracle', members: JSON.stringify(members) } },
      `creating group ${name}`,
    );
    this.label = world.lastCurl;
    model.groupsMade += 1;
    const id = made.body['group_id'];
    if (made.ok && typeof id === 'number') model.registry.groups.push({ id, name, deactivated: false });
  }

  toString(): string {
    return commandLabel('CreateGroup', [`caller#${this.callerPosition}`, `members#[${this.memberPositions.join(',')}]`], this.label);
  }
}

/** PATCH /user_groups/{id}: a new name or description. */
export class UpdateGroupCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly groupPosition: number,
    readonly rename: boolean,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return activeGroups(model).length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const group = pickGroup(model, this.groupPosition);
    const text = world.unique('oracle-group');
    const params: Record<string, string> = this.rename ? { name: text } : { description: `changed ${text}` };
    const done = await sendWrite(world, { caller, method: 'PATCH', path: `/user_groups/${group.id}`, params }, `changing group ${group.id}`);
    this.label = world.lastCurl;
    if (done.ok && this.rename) group.name = text;
  }

  toString(): string {
    return commandLabel('UpdateGroup', [`caller#${this.callerPosition}`, `group#${this.groupPosition}`, this.rename ? 'name' : 'description'], this.label);
  }
}

/** POST /user_groups/{id}/members (a user) or /subgroups (another of the check's groups): add or remove one. */
export class GroupMembershipCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly groupPosition: number,
    readonly subgroup: boolean,
    readonly add: boolean,
    readonly otherPosition: number,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return activeGroups(model).length > (this.subgroup ? 1 : 0);
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const group = pickGroup(model, this.groupPosition);
    const other = this.subgroup ? pickGroup(model, this.otherPosition).id : pickUserId(world, model, this.otherPosition);
    const path = `/user_groups/${group.id}/${this.subgroup ? 'subgroups' : 'members'}`;
    await sendWrite(
      world,
      { caller, method: 'POST', path, params: { [this.add ? 'add' : 'delete']: JSON.stringify([other]) } },
      `${this.add ? 'adding' : 'removing'} ${other} in group ${group.id}`,
    );
    this.label = world.lastCurl;
  }

  toString(): string {
    const name = `${this.add ? 'Add' : 'Remove'}${this.subgroup ? 'Subgroup' : 'Member'}`;
    return commandLabel(
      name,
      [`caller#${this.callerPosition}`, `group#${this.groupPosition}`, `${this.subgroup ? 'group' : 'user'}#${this.otherPosition}`],
      this.label,
    );
  }
}

/** POST /user_groups/{id}/deactivate. */
export class DeactivateGroupCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly groupPosition: number,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return activeGroups(model).length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const group = pickGroup(model, this.groupPosition);
    const done = await sendWrite(world, { caller, method: 'POST', path: `/user_groups/${group.id}/deactivate` }, `deactivating group ${group.id}`);
    if (done.ok) group.deactivated = true;
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel('DeactivateGroup', [`caller#${this.callerPosition}`, `group#${this.groupPosition}`], this.label);
  }
}
