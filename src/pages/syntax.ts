/**
 * Syntax that would reach readers as text. Markdown forgives a mistyped directive by showing it
 * as it was written: `:::info My title` (a title without brackets) becomes a paragraph that starts
 * with `:::`, `:ak-preview:` (a colon straight after a badge) and `:ak-beta` (no such badge) show
 * as typed. This finds them, with their line, so that lint and the build fail instead.
 */
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';

/** Admonition keywords Docusaurus knows (its defaults) and the site's own badges. */
export const ADMONITIONS = ['secondary', 'info', 'success', 'danger', 'note', 'tip', 'warning', 'important', 'caution'];
export const BADGES = ['ak-version', 'ak-enterprise', 'ak-preview'];
/** Generated tables (src/remark/indexes.ts), each a directive on a line of its own. */
export const INDEXES = ['release-index', 'advisory-index'];

export interface SyntaxLeak {
  line: number;
  column: number;
  message: string;
}

const HINT_ADMONITION = 'an admonition is `:::info` or `:::info[Title]` on a line of its own, closed by `:::`';
const HINT_BADGE =
  'a badge is `:ak-version[2024.8]`, `:ak-enterprise` or `:ak-preview`, followed by a space or punctuation other than `:`';

/** Every place in a page's Markdown tree where directive syntax would be shown as text. */
export function findSyntaxLeaks(tree: Root): SyntaxLeak[] {
  const leaks: SyntaxLeak[] = [];
  const at = (node: {position?: {start: {line: number; column: number}}}, message: string) =>
    leaks.push({line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1, message});
  visit(tree, (node, index, parent) => {
    switch (node.type) {
      case 'text': {
        const {value} = node;
        if (value.includes(':::'))
          at(node, `admonition syntax shown as text ("${excerpt(value, ':::')}"): ${HINT_ADMONITION}`);
        else if (value.includes(':ak-'))
          at(node, `badge syntax shown as text ("${excerpt(value, ':ak-')}"): ${HINT_BADGE}`);
        else {
          // `:name` after a space or at the start: a directive Markdown did not take, such as `:smile:`.
          const stray = /(?:^|\s)(:[A-Za-z][\w-]*)/.exec(value);
          if (stray)
            at(
              node,
              `directive syntax shown as text ("${stray[1]}"): write it in code (\`${stray[1]}\`) if it is meant literally`,
            );
        }
        return undefined;
      }
      case 'textDirective': {
        // Inside a word (`mailto:x`) Markdown restores the text as written; only `:name` on its own is meant.
        const before = index !== undefined ? parent?.children[index - 1] : undefined;
        const inWord = before?.type === 'text' && /\w$/.test(before.value);
        if (!inWord && !BADGES.includes(node.name)) {
          at(node, `unknown directive ":${node.name}" would show as text: ${HINT_BADGE}`);
        }
        return undefined;
      }
      case 'leafDirective':
        if (!INDEXES.includes(node.name)) {
          at(
            node,
            `unknown directive "::${node.name}" would show as text: the generated tables are ${INDEXES.map((n) => `::${n}`).join(' and ')}`,
          );
        }
        return undefined;
      case 'containerDirective':
        if (!ADMONITIONS.includes(node.name)) {
          at(node, `unknown admonition ":::${node.name}" would show as text: use one of ${ADMONITIONS.join(', ')}`);
        }
        return undefined;
      default:
        return undefined;
    }
  });
  return leaks;
}

function excerpt(text: string, marker: string): string {
  const start = text.indexOf(marker);
  return text
    .slice(start, start + 40)
    .split('\n')[0]!
    .trim();
}

/** Fails the build on a page with leaks, naming the file and every line. */
