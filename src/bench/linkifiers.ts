/**
 * Rendering cost of linkifiers: a typical message rendered with 20 linkifiers configured against none (a ratio),
 * and the slowest render of an adversarial text under backtracking-prone patterns (RE2 keeps it linear).
 */
import { EMPTY_RENDER_CONTEXT, renderMessage } from '../model/markdown/render.js';
import type { RenderContext, RenderLinkifier } from '../model/markdown/types.js';

const CONTEXT: RenderContext = { ...EMPTY_RENDER_CONTEXT, realmUrl: 'http://127.0.0.1:9991' };

/** Twenty linkifiers of the usual kinds (issue numbers per tracker, repository references), one of which matches. */
const TWENTY: readonly RenderLinkifier[] = Array.from({ length: 20 }, (_, i) =>
  i % 2 === 0
    ? { pattern: `T${i}-(?P<id>[0-9]+)`, urlTemplate: `https://tracker${i}.example/issues/{id}` }
    : { pattern: `(?P<org>[a-z]+)/(?P<repo>[a-z]+)#${i}(?P<id>[0-9]+)`, urlTemplate: `https://git${i}.example/{org}/{repo}/pull/{id}` },
);

const TYPICAL =
  'The fix for T0-1234 is in https://github.com/zulip/zulip/pull/1234, see the **release notes** :tada:\n\n' +
  '```python\ndef greet(name):\n    return f"hello {name}"\n```\nThanks, and ping me about T4-77 tomorrow.';

function perSecond(linkifiers: readonly RenderLinkifier[], milliseconds: number): number {
  const context = { ...CONTEXT, linkifiers };
  for (let i = 0; i < 300; i++) renderMessage(TYPICAL, context);
  const start = performance.now();
  let rendered = 0;
  while (performance.now() - start < milliseconds) {
    renderMessage(TYPICAL, context);
    rendered++;
  }
  return rendered / ((performance.now() - start) / 1000);
}

export interface LinkifierBenchResult {
  readonly withoutPerSecond: number;
  readonly withTwentyPerSecond: number;
  /** Milliseconds to render 10^4 adversarial characters under `(a+)+$` and `(a|aa)+b`. */
  readonly adversarialMs: number;
}

export function measureLinkifiers(info: (line: string) => void): LinkifierBenchResult {
  // Alternate so that machine noise hits both alike.
  const without: number[] = [];
  const withTwenty: number[] = [];
  for (let round = 0; round < 3; round++) {
    without.push(perSecond([], 400));
    withTwenty.push(perSecond(TWENTY, 400));
  }
  const best = (values: readonly number[]) => Math.max(...values);
  const adversarial = `${'a'.repeat(10_000)}!`;
  const start = performance.now();
  renderMessage(adversarial, {
    ...CONTEXT,
    linkifiers: [
      { pattern: '(?P<x>(a+)+$)', urlTemplate: 'https://x.example/{x}' },
      { pattern: '(?P<y>(a|aa)+b)', urlTemplate: 'https://y.example/{y}' },
    ],
  });
  const adversarialMs = performance.now() - start;
  info(
    `linkifiers: ${best(without).toFixed(0)} renders/s without, ${best(withTwenty).toFixed(0)} with 20; adversarial 10^4 characters ${adversarialMs.toFixed(0)} ms`,
  );
  return { withoutPerSecond: best(without), withTwentyPerSecond: best(withTwenty), adversarialMs };
}
