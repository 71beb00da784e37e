/** Registering rules on an instance whose rule names may vary: before the first listed rule that exists, else last. */
import type MarkdownIt from 'markdown-it';
import type { StateCore, StateInline } from 'markdown-it';

type InlineRule = (state: StateInline, silent: boolean) => boolean;
type CoreRule = (state: StateCore) => void;

interface NamedRuler<T> {
  before(anchor: string, name: string, rule: T): void;
  push(name: string, rule: T): void;
}

function place<T>(ruler: NamedRuler<T>, name: string, rule: T, before: readonly string[]): void {
  const existing = new Set(ruleNames(ruler));
  const anchor = before.find((candidate) => existing.has(candidate));
  if (anchor) ruler.before(anchor, name, rule);
  else ruler.push(name, rule);
}

export function addInlineRule(md: MarkdownIt, name: string, rule: InlineRule, before: readonly string[]): void {
  place(md.inline.ruler, name, rule, before);
}

export function addCoreRule(md: MarkdownIt, name: string, rule: CoreRule, before: readonly string[]): void {
  place(md.core.ruler, name, rule, before);
}

export function hasRule(ruler: unknown, name: string): boolean {
  return ruleNames(ruler).includes(name);
}

// A Ruler keeps its rules in `__rules__`; it is the only way to list names, disabled rules included.
function ruleNames(ruler: unknown): string[] {
  const rules = (ruler as { __rules__?: readonly { name: string }[] }).__rules__ ?? [];
  return rules.map((rule) => rule.name);
}
