/** PATCH /realm for the event oracle: one of a few settings, restored when the check ends. */
import { commandLabel, type OracleCommand, type OracleModel, pickActiveCaller, sendWrite } from './oracle-world.js';
import { pick, type World } from './world.js';

export class UpdateRealmCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly settingPosition: number,
    readonly valuePosition: number,
  ) {}

  check(model: Readonly<OracleModel>): boolean {
    return model.registry.realmSettings.length > 0;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const setting = pick(model.registry.realmSettings, this.settingPosition);
    const value = pick(setting.values, this.valuePosition);
    model.registry.touchedSettings.add(setting.name);
    await sendWrite(world, { caller, method: 'PATCH', path: '/realm', params: { [setting.name]: value } }, `setting ${setting.name}`);
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel('UpdateRealm', [`caller#${this.callerPosition}`, `setting#${this.settingPosition}`, `value#${this.valuePosition}`], this.label);
  }
}
