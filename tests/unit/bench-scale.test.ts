/** The bench's synthetic corpus (bench/lib/scale.ts): copies of pages whose prose varies and whose markup does not. */
import {describe, expect, it} from 'vitest';
import matter from 'gray-matter';
import {variedWord, varyPage, withinRoute, withSlug} from '../../bench/lib/scale';

const PAGE = `---
title: Password stage
description: Check the password of the pending user.
tags:
  - stages
---

Check the password against a backend, see [the flow](../flows/index.md) and \`AUTHENTIK_POSTGRESQL__HOST\`.

## Settings

\`\`\`yaml
password: keep this
\`\`\`
`;

describe('scaled corpus', () => {
  it('varies a word the same way every time, and about one word in three', () => {
    expect(variedWord('password', 2)).toBe(variedWord('password', 2));
    const words = Array.from({length: 3000}, (_, i) => `word${i}`);
    const varied = words.filter((w) => variedWord(w, 2) !== w).length;
    expect(varied / words.length).toBeGreaterThan(0.28);
    expect(varied / words.length).toBeLessThan(0.39);
  });

  it('keeps front matter keys, code, links and headings of every copy as they are', () => {
    for (let copy = 2; copy <= 40; copy += 1) {
      const varied = varyPage(PAGE, copy);
      const {data, content} = matter(varied);
      // The keys stay, whatever their own words would become (`title` itself varies in some copies).
      expect(Object.keys(data)).toEqual(['title', 'description', 'tags']);
      expect(data.title).toMatch(/^Password\w* stage\w*$/);
      expect(data.tags).toEqual(['stages']);
      expect(content).toContain('](../flows/index.md)');
      expect(content).toContain('`AUTHENTIK_POSTGRESQL__HOST`');
      expect(content).toContain('## Settings\n');
      expect(content).toContain('password: keep this');
    }
  });

  it('in the layout within, gives a copy the route of its part with the copy after the first segment', () => {
    expect(withinRoute('add-secure-apps/providers/saml', 2)).toBe('/add-secure-apps/scale-2/providers/saml/');
    expect(withinRoute('releases', 3)).toBe('/releases/scale-3/');
    expect(withinRoute('', 4)).toBe('/scale-4/');
  });

  it('puts the route into the front matter, and refuses a page without front matter or with a slug', () => {
    const page = withSlug(PAGE, '/a/scale-2/b/');
    const {data, content} = matter(page);
    expect(data.slug).toBe('/a/scale-2/b/');
    expect(data.title).toBe('Password stage');
    expect(content).toBe(matter(PAGE).content);
    expect(() => withSlug('# No front matter\n', '/x/')).toThrow(/no front matter/);
    expect(() => withSlug('---\nslug: /own/\n---\n', '/x/')).toThrow(/own slug/);
  });
});
