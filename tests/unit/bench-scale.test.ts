/** The bench's synthetic corpus (bench/lib/scale.ts): copies of pages whose prose varies and whose markup does not. */
import {describe, expect, it} from 'vitest';
import matter from 'gray-matter';
import {variedWord, varyPage} from '../../bench/lib/scale';

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
});
