/** Markdown to HTML for rendered fields (profile values, descriptions). */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

export function renderMarkdown(source: string): string {
  return markdown.render(source).trim();
}
