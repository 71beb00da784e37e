/** POST /users/me/status for the event oracle: emoji and text together or apart, and clearing (any caller, the owner included). */
import { commandLabel, type OracleCommand, type OracleModel, pickActiveCaller, sendWrite } from './oracle-world.js';
import type { World } from './world.js';

/** Status changes as a client sends them: an emoji alone, text with an emoji, everything cleared, away alone. */
export const STATUS_CHANGES: readonly Readonly<Record<string, string>>[] = [
  { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' },
  { status_text: 'at the beach', emoji_name: 'palm_tree', emoji_code: '1f334', reaction_type: 'unicode_emoji' },
  { status_text: '', emoji_name: '', emoji_code: '', reaction_type: '' },
  { emoji_name: '' },
  { away: 'true' },
  { away: 'false', status_text: 'back' },
];

export class StatusCommand implements OracleCommand {
  private label = '';

  constructor(
    readonly callerPosition: number,
    readonly change: number,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: OracleModel, world: World): Promise<void> {
    const caller = pickActiveCaller(model, this.callerPosition);
    const params = STATUS_CHANGES[this.change % STATUS_CHANGES.length]!;
    await sendWrite(world, { caller, method: 'POST', path: '/users/me/status', params }, 'changing their status');
    this.label = world.lastCurl;
  }

  toString(): string {
    return commandLabel('Status', [`caller#${this.callerPosition}`, `change#${this.change % STATUS_CHANGES.length}`], this.label);
  }
}
