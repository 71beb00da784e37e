/**
 * Who may read an upload, over random sequences of uploads, sends (to a
 * public channel, a private shared-history channel, direct messages), moves
 * between the two channels and subscription changes. After each sequence,
 * every reader's answer for every file must agree with the named rule
 * canReadAttachment, evaluated on a mirror: an in-process model of the
 * default realm given the same calls, whose users of the same roles stand
 * in for the cast. The run deletes its files again.
 */
import fc from 'fast-check';
import { createModel, type Model } from '../../src/in-process.js';
import { canReadAttachment, selectAttachmentByPath } from '../../src/model/rules/uploads.js';
import type { User } from '../../src/model/state.js';
import { getRow } from '../../src/model/tables/table.js';
import { CORDELIA, DESDEMONA, HAMLET, POLONIUS, SHIVA } from '../../src/testing/default-realm.js';
import { type Actor, type Check, type CheckContext, CheckFailure } from '../check.js';
import { wire } from '../checks/streams/support.js';
import { answersFilenameAt, removeUploads, textFile, type Uploaded, urlKeyAt } from '../checks/uploads/support.js';
import { type Body, expectSuccess } from '../expect.js';
import type { TargetFile } from '../target.js';
import { checkProperty, Recorder } from './recorder.js';

type Place = 'public' | 'private';
type Reader = 'other' | 'moderator' | 'guest';
const READERS: readonly Reader[] = ['other', 'moderator', 'guest'];

type Op =
  | { readonly kind: 'upload' }
  | { readonly kind: 'send'; readonly file: number; readonly to: Place | 'dm-other' | 'dm-guest' }
  | { readonly kind: 'move'; readonly message: number; readonly to: Place }
  | { readonly kind: 'subscription'; readonly reader: Reader; readonly channel: Place; readonly subscribed: boolean };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: 'upload' }),
  fc.record({
    kind: fc.constant('send' as const),
    file: fc.nat(5),
    to: fc.constantFrom<Place | 'dm-other' | 'dm-guest'>('public', 'private', 'dm-other', 'dm-guest'),
  }),
  fc.record({ kind: fc.constant('move' as const), message: fc.nat(5), to: fc.constantFrom<Place>('public', 'private') }),
  fc.record({
    kind: fc.constant('subscription' as const),
    reader: fc.constantFrom(...READERS),
    channel: fc.constantFrom<Place>('public', 'private'),
    subscribed: fc.boolean(),
  }),
);

/** One side (the target or the mirror): who plays each part and where the two channels are. */
interface Side {
  call(
    actor: 'owner' | 'uploader' | Reader,
    method: string,
    path: string,
    params?: Readonly<Record<string, unknown>>,
    files?: readonly TargetFile[],
  ): Promise<Body>;
  readonly userIds: Readonly<Record<'owner' | 'uploader' | Reader, number>>;
  readonly channels: Readonly<Record<Place, number>>;
}

/** The default realm in-process, with two channels like the target's, to evaluate the rule on. */
class Mirror implements Side {
  readonly model: Model;
  readonly userIds = { owner: DESDEMONA.userId, uploader: HAMLET.userId, other: CORDELIA.userId, moderator: SHIVA.userId, guest: POLONIUS.userId };
  private readonly actors = { owner: DESDEMONA, uploader: HAMLET, other: CORDELIA, moderator: SHIVA, guest: POLONIUS };
  channels: Record<Place, number> = { public: 0, private: 0 };

  constructor(seed: number) {
    const now = 1_760_000_000;
    this.model = createModel({ seed: `upload-access-${seed}`, clock: () => now });
  }

  async call(
    actor: keyof Mirror['actors'],
    method: string,
    path: string,
    params: Readonly<Record<string, unknown>> = {},
    files: readonly TargetFile[] = [],
  ): Promise<Body> {
    const response = this.model.call(method, path, wire(params), { auth: this.actors[actor], files });
    if (response.status !== 200) throw new Error(`the mirror refused ${method} ${path}: ${JSON.stringify(response.body)}`);
    return response.body as Body;
  }

  /** Whether the rule lets the reader read the file, on the mirror's state. */
  allows(reader: Reader, pathId: string): boolean {
    const state = this.model.state;
    const attachment = selectAttachmentByPath(state, pathId);
    const user = getRow(state.users, this.userIds[reader]) as User;
    return attachment !== undefined && canReadAttachment(state, user, attachment, 1_760_000_000);
  }
}

async function makeChannels(side: Side, name: (label: string) => string): Promise<Record<Place, number>> {
  const { owner, uploader, other, moderator, guest } = side.userIds;
  const made: Record<Place, number> = { public: 0, private: 0 };
  for (const [place, inviteOnly] of [
    ['public', false],
    ['private', true],
  ] as const) {
    const channel = name(`upload-${place}`);
    await side.call('uploader', 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: channel }],
      principals: [uploader, owner, other, moderator, guest],
      invite_only: inviteOnly,
      history_public_to_subscribers: true,
    });
    made[place] = (await side.call('uploader', 'GET', '/get_stream_id', { stream: channel }))['stream_id'] as number;
  }
  return made;
}

interface RunState {
  /** The target's feature level: which keys its upload answer has (uri before url, filename from 286). */
  readonly level: number;
  readonly files: { readonly target: Uploaded; readonly mirrorPath: string }[];
  readonly messages: { readonly target: number; readonly mirror: number }[];
}

async function apply(op: Op, target: Side, mirror: Mirror, run: RunState, index: number): Promise<void> {
  switch (op.kind) {
    case 'upload': {
      const file = textFile(`access-${index}.txt`, `file ${index}`);
      const onTarget = await target.call('uploader', 'POST', '/user_uploads', {}, [file]);
      const onMirror = await mirror.call('uploader', 'POST', '/user_uploads', {}, [file]);
      const url = String(onTarget[urlKeyAt(run.level)]);
      const filename = answersFilenameAt(run.level) ? String(onTarget['filename']) : file.fileName;
      run.files.push({
        target: { url, pathId: url.slice(14), filename, body: onTarget },
        mirrorPath: String(onMirror['url']).slice(14),
      });
      return;
    }
    case 'send': {
      const file = run.files[op.file % Math.max(run.files.length, 1)];
      if (file === undefined) return;
      const content = (url: string) => `[${file.target.filename}](${url})`;
      const params = (side: Side, url: string): Record<string, unknown> =>
        op.to === 'public' || op.to === 'private'
          ? { type: 'stream', to: side.channels[op.to], topic: 'files', content: content(url) }
          : { type: 'direct', to: [side.userIds[op.to === 'dm-other' ? 'other' : 'guest']], content: content(url) };
      const sent = await target.call('uploader', 'POST', '/messages', params(target, file.target.url));
      const mirrored = await mirror.call('uploader', 'POST', '/messages', params(mirror, `/user_uploads/${file.mirrorPath}`));
      if (op.to === 'public' || op.to === 'private') run.messages.push({ target: sent['id'] as number, mirror: mirrored['id'] as number });
      return;
    }
    case 'move': {
      const message = run.messages[op.message % Math.max(run.messages.length, 1)];
      if (message === undefined) return;
      await target.call('uploader', 'PATCH', `/messages/${message.target}`, { stream_id: target.channels[op.to] }).catch(() => undefined);
      await mirror.call('uploader', 'PATCH', `/messages/${message.mirror}`, { stream_id: mirror.channels[op.to] }).catch(() => undefined);
      return;
    }
    case 'subscription': {
      for (const side of [target, mirror] as const) {
        const params = {
          subscriptions: op.subscribed ? [{ name: await channelName(side, op.channel) }] : [await channelName(side, op.channel)],
          principals: [side.userIds[op.reader]],
        };
        await side.call('owner', op.subscribed ? 'POST' : 'DELETE', '/users/me/subscriptions', params);
      }
      return;
    }
  }
}

async function channelName(side: Side, place: Place): Promise<string> {
  return String(((await side.call('owner', 'GET', `/streams/${side.channels[place]}`))['stream'] as Body)['name']);
}

export const UPLOAD_ACCESS_PROPERTY: Check = {
  id: 'properties.uploads.access',
  title:
    'Given random uploads, sends, moves and subscription changes, when each reader asks for each file, then the answer agrees with the canReadAttachment rule',
  clauses: ['uploads.access.rule'],
  level: 'compat',
  endpoint: 'POST /user_uploads',
  async run(ctx: CheckContext) {
    const { owner, member, otherMember, moderator, guest } = ctx.cast;
    const actors: Record<'owner' | 'uploader' | Reader, Actor> = { owner, uploader: member, other: otherMember, moderator, guest };
    const recorder = new Recorder(ctx);
    const target: Side & { channels: Record<Place, number> } = {
      userIds: { owner: owner.userId, uploader: member.userId, other: otherMember.userId, moderator: moderator.userId, guest: guest.userId },
      channels: { public: 0, private: 0 },
      async call(actor, method, path, params = {}, files = []) {
        return expectSuccess(await recorder.call(actors[actor], method, path, wire(params), files), 'uploads.access.rule');
      },
    };
    const mirror = new Mirror(ctx.seed);
    target.channels = await makeChannels(target, (label) => ctx.unique(label));
    mirror.channels = await makeChannels(mirror, (label) => `${label}-mirror`);
    const property = fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 6 }), (ops) =>
      recorder.execute(async () => {
        const run: RunState = { level: ctx.featureLevel, files: [], messages: [] };
        try {
          for (const [index, op] of [{ kind: 'upload' } as Op, ...ops].entries()) await apply(op, target, mirror, run, index);
          for (const file of run.files) {
            for (const reader of READERS) {
              const status = (await ctx.fetch(actors[reader], 'GET', file.target.url)).status;
              const allowed = mirror.allows(reader, file.mirrorPath);
              if (status !== (allowed ? 200 : 403)) {
                throw new CheckFailure(
                  `the ${reader} reading ${file.target.url} to get ${allowed ? 200 : 403} (canReadAttachment says ${allowed}), got ${status}`,
                  undefined,
                  'uploads.access.rule',
                );
              }
            }
          }
        } finally {
          await removeUploads(
            ctx,
            member,
            run.files.map((file) => file.target),
          );
          for (const file of run.files) {
            const id = selectAttachmentByPath(mirror.model.state, file.mirrorPath)?.id;
            if (id !== undefined) await mirror.call('uploader', 'DELETE', `/attachments/${id}`);
          }
        }
      }),
    );
    await checkProperty(ctx, recorder, { claim: 'who may read an upload agrees with canReadAttachment', clause: 'uploads.access.rule', share: 0.4 }, property);
  },
};
