/** Custom profile writes for the event oracle: a user's own values, and (once per realm) a new field. */
import { commandLabel, type OracleCommand, type OracleModel, sendWrite } from './oracle-world.js';
import { type Caller, pick, type World } from './world.js';

const VALUES = ['first value', 'second value', 'ünïcödé ✓'] as const;

/** The one field the oracle adds to a realm; the API cannot delete fields, so it is made only where it is missing. */
export const ORACLE_FIELD_NAME = 'chatref event oracle';

/**
 * A throw-away user, never the owner: the owner outlives the run, and values
 * left on it would show in later runs' reads (the differential's GET /users/me).
 */
function pickFiller(model: Readonly<OracleModel>, position: number): Caller {
  return {
    kind: 'pool',
    user: pick(
      model.pool.filter((user) => user.active),
      position,
    ),
  };
}

/** PATCH /users/me/profile_data: a throw-away caller fills in one of the suite's fields. */
export class ProfileDataCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly fieldPosition: number,
    readonly value: number,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return model.registry.fieldIds.length > 0 && model.pool.some((user) => user.active);
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickFiller(model, this.callerPosition);
    const id = pick(model.registry.fieldIds, this.fieldPosition);
    const value = VALUES[this.value % VALUES.length]!;
    await sendWrite(
      world,
      { caller, method: 'PATCH', path: '/users/me/profile_data', params: { data: JSON.stringify([{ id, value }]) } },
      `setting profile field ${id}`,
    );
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel('ProfileData', [`caller#${this.callerPosition}`, `field#${this.fieldPosition}`, `value#${this.value % VALUES.length}`], this.label);
  }
}

/** POST /realm/profile_fields: the oracle's own short-text field, by the owner, once. */
export class CreateProfileFieldCommand implements OracleCommand {
  private label = '';

  check(model: Readonly<OracleModel>): boolean {
    return !model.registry.fieldCreated;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    model.registry.fieldCreated = true;
    await sendWrite(
      world,
      {
        caller: { kind: 'owner' },
        method: 'POST',
        path: '/realm/profile_fields',
        params: { name: ORACLE_FIELD_NAME, field_type: '1', hint: 'made by the event oracle' },
      },
      'creating a custom profile field',
    );
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel('CreateProfileField', [], this.label);
  }
}
