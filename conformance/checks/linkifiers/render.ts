/**
 * Linkifiers in rendering: a match becomes a link to the expanded template, only at the boundaries the real server
 * allows, never in code or inside an existing link, not when the URL is unsafe; topic_links ranks linkifier matches;
 * messages sent before a linkifier existed keep their HTML.
 */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual } from '../../expect.js';
import { messagesChannel, readMessage, sendToChannel } from '../messages/support.js';
import { renderedBySending, tag, withLinkifiers } from './support.js';

const SEND = 'POST /messages';

async function bodies(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkrender');
    await made.add({ pattern: `${t}#(?P<id>[0-9]+)`, url_template: 'https://trac.example/ticket/{id}' });
    await made.add({ pattern: `${t}js:(?P<code>[a-z]+)`, url_template: 'javascript:{code}' });
    const link = (id: string) => `<a href="https://trac.example/ticket/${id}">${t}#${id}</a>`;
    const cases: [string, string, string][] = [
      [`fix ${t}#12, and (${t}#13)`, `<p>fix ${link('12')}, and (${link('13')})</p>`, 'linkifiers.render.link'],
      [`"${t}#1" :${t}#2 <${t}#3`, `<p>"${link('1')}" :${link('2')} &lt;${link('3')}</p>`, 'linkifiers.render.boundary'],
      [`x${t}#1 ${t}#2z ${t}#3é`, `<p>x${t}#1 ${t}#2z ${t}#3é</p>`, 'linkifiers.render.boundary'],
      [`\`${t}#1\` [${t}#2](https://a.example)`, `<p><code>${t}#1</code> <a href="https://a.example">${t}#2</a></p>`, 'linkifiers.render.not-in-code'],
      [`${t}js:alert`, `<p>${t}js:alert</p>`, 'linkifiers.render.unsafe'],
    ];
    for (const [content, html, clause] of cases) {
      const message = await renderedBySending(ctx, ctx.unique('render'), content);
      expectEqual(message['content'], html, `the HTML of ${JSON.stringify(content)}`, clause);
    }
  });
}

async function topics(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'k');
    await made.add({ pattern: `${t}#1(?P<rest>[0-9]*)`, url_template: 'https://one.example/{rest}' });
    await made.add({ pattern: `${t}#(?P<id>[0-9]+)`, url_template: 'https://all.example/{id}' });
    const message = await renderedBySending(ctx, `${t}#12 ${t}#25 zulip.com`, 'topic links');
    expectEqual(
      message['topic_links'],
      [
        { text: `${t}#12`, url: 'https://one.example/2' },
        { text: `${t}#25`, url: 'https://all.example/25' },
        { text: 'zulip.com', url: 'https://zulip.com' },
      ],
      'the topic links of a topic with two linkifier matches and a URL',
      'linkifiers.render.topic',
    );
  });
}

async function sentKept(ctx: CheckContext): Promise<void> {
  const t = tag(ctx, 'lkkept');
  const channel = await messagesChannel(ctx);
  const content = `before ${t}#5`;
  const before = await sendToChannel(ctx, ctx.cast.member, channel.id, ctx.unique('kept'), content);
  await withLinkifiers(ctx, async (made) => {
    await made.add({ pattern: `${t}#(?P<id>[0-9]+)`, url_template: 'https://kept.example/{id}' });
    expectEqual(
      (await readMessage(ctx, ctx.cast.member, before))['content'],
      `<p>${content}</p>`,
      'a message sent before the linkifier',
      'linkifiers.render.sent-kept',
    );
    const after = await renderedBySending(ctx, ctx.unique('kept'), content);
    expectEqual(after['content'], `<p>before <a href="https://kept.example/5">${t}#5</a></p>`, 'the same text sent after', 'linkifiers.render.link');
  });
}

export const RENDER_CHECKS = defineChecks([
  {
    id: 'linkifiers.render.body',
    title:
      'Given linkifiers, when messages are sent, then matches at allowed boundaries become links to the expanded template; code, links, bad boundaries and unsafe URLs stay text',
    clauses: ['linkifiers.render.link', 'linkifiers.render.boundary', 'linkifiers.render.not-in-code', 'linkifiers.render.unsafe'],
    level: 'compat',
    endpoint: SEND,
    run: bodies,
  },
  {
    id: 'linkifiers.render.topic',
    title:
      'Given two overlapping linkifiers, when a message is sent to a topic they match, then topic_links ranks by linkifier order then position, then raw URLs',
    clauses: ['linkifiers.render.topic'],
    level: 'compat',
    endpoint: SEND,
    run: topics,
  },
  {
    id: 'linkifiers.render.sent-kept',
    title: 'Given a message sent before a linkifier existed, when the linkifier is added, then that message keeps its HTML and new ones get the link',
    clauses: ['linkifiers.render.sent-kept', 'linkifiers.render.link'],
    level: 'compat',
    endpoint: SEND,
    run: sentKept,
  },
]);
