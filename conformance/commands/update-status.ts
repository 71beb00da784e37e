/** POST /users/me/status: a user sets their own status text and away flag; read back through GET /users/{id}/status. */
import type fc from 'fast-check';
import { CheckFailure } from '../check.js';
import { endpointSince } from '../feature-level.js';
import { describeResponse, isSuccess } from '../properties/envelope.js';
import { checkInvariants } from './invariants.js';
import { expectOutcome } from './outcome.js';
import { type Model, pick, type World } from './world.js';

/** At most 60 code points, as the spec allows; some not ASCII. */
export const STATUS_TEXTS = ['', 'in a meeting', '🏖️ on vacation', 'עברית mixed', 'é'.repeat(60)] as const;

const STATUS_READ = 'GET /users/{user_id}/status';

export class UpdateStatusCommand implements fc.AsyncCommand<Model, World> {
  private label = '';

  constructor(
    readonly userPosition: number,
    readonly text: number,
    readonly away: boolean | undefined,
  ) {}

  check(model: Readonly<Model>): boolean {
    return model.pool.length > 0;
  }

  async run(model: Model, world: World): Promise<void> {
    const user = pick(model.pool, this.userPosition);
    const text = STATUS_TEXTS[this.text % STATUS_TEXTS.length]!;
    const params: Record<string, string> = { status_text: text };
    if (this.away !== undefined) params['away'] = String(this.away);
    const response = await world.send({ caller: { kind: 'pool', user }, method: 'POST', path: '/users/me/status', params });
    this.label = world.lastCurl;
    const outcome = expectOutcome(response, user.active ? 'ok' : 'unauthenticated', `${user.actor.email} setting their status`, 'invariant.write.read-back');
    // GET /users/{user_id}/status appeared at 262: below it there is no read-back of one user's status.
    const readable = (world.featureLevel ?? Number.POSITIVE_INFINITY) >= (endpointSince(STATUS_READ) ?? 0);
    if (outcome === 'success' && readable) {
      const read = await world.read(`/users/${user.actor.userId}/status`);
      const status = (read.body as { status?: Record<string, unknown> } | null)?.status;
      if (!isSuccess(read) || status === undefined) {
        throw new CheckFailure(
          `GET /users/${user.actor.userId}/status to succeed after a status update; got ${describeResponse(read)}`,
          undefined,
          'invariant.write.read-back',
        );
      }
      if ((status['status_text'] ?? '') !== text || (this.away !== undefined && (status['away'] === true) !== this.away)) {
        throw new CheckFailure(
          `the status read back to show status_text ${JSON.stringify(text)}${this.away === undefined ? '' : ` and away ${this.away}`}; got ${JSON.stringify(status)}`,
          undefined,
          'invariant.write.read-back',
        );
      }
    }
    await checkInvariants(world, model);
  }

  toString(): string {
    return `UpdateStatus(user#${this.userPosition}, text#${this.text}, away ${String(this.away)})${this.label ? ` /* ${this.label} */` : ''}`;
  }
}
