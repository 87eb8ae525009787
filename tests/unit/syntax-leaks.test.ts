/** Directive and admonition syntax that would reach readers as text fails lint and the build. */
import {describe, expect, it} from 'vitest';
import {VFile} from 'vfile';
import {parsePage} from '../../src/pages/parse';
import remarkSyntaxLeaks from '../../src/remark/syntax-leaks';
import {findSyntaxLeaks} from '../../src/pages/syntax';

const leaks = (markdown: string) => findSyntaxLeaks(parsePage(markdown)).map((l) => `${l.line}: ${l.message}`);

describe('syntax leaks', () => {
  it('finds a titled admonition written without brackets, and its closing fence', () => {
    expect(leaks('Intro.\n\n:::info My title\nBody.\n:::\n')).toEqual([
      expect.stringMatching(/^3: admonition syntax shown as text \(":::info My title"\)/),
    ]);
  });
  it('finds a badge followed by a colon, and a badge that does not exist', () => {
    expect(leaks('- **Map** :ak-enterprise: see it.\n\nA :ak-beta feature.\n')).toEqual([
      expect.stringMatching(/^1: badge syntax shown as text \(":ak-enterprise: see it\."\)/),
      expect.stringMatching(/^3: unknown directive ":ak-beta"/),
    ]);
  });
  it('finds unknown directives of every kind and stray :names', () => {
    expect(leaks(':::aside\nx\n:::\n\n::table-of-things\n\nSay :smile: to it.\n')).toEqual([
      expect.stringMatching(/^1: unknown admonition ":::aside"/),
      expect.stringMatching(/^5: unknown directive "::table-of-things"/),
      expect.stringMatching(/^7: directive syntax shown as text \(":smile"\)/),
    ]);
  });
  it('leaves what is right alone: titled admonitions, badges, tables, times, addresses and code', () => {
    const good = [
      ':::warning[Reserved slugs]\nText.\n:::',
      ':::tip\nText.\n:::',
      'Since :ak-version[2024.8] and :ak-enterprise, or :ak-preview.',
      '::release-index',
      'At 10:30, see https://example.org/a:b or mailto:x@example.org.',
      'Write `:::info[Title]` or `:ak-preview:` in code.',
      '```text\n:::info Title\n:ak-beta\n```',
    ].join('\n\n');
    expect(leaks(good)).toEqual([]);
  });
  it('fails the build at the page and line, listing every leak', () => {
    const file = new VFile({path: 'docs/x/index.md'});
    expect(() => remarkSyntaxLeaks()(parsePage('A.\n\n:::note Title\n\nB :ak-beta.\n'), file)).toThrow(
      /syntax that would show as text:\nline 3: admonition syntax[^\n]*\nline 5: unknown directive ":ak-beta"/,
    );
  });
});
