/** What the crash page shows and what it puts in a new issue. */
import {describe, expect, it} from 'vitest';
import {causalChain, crashMessage, newIssueUrl} from '../../src/crash/report';

describe('crash report', () => {
  it('shows the error and every cause behind it', () => {
    const error = new Error('outer', {cause: new Error('middle', {cause: 'a string cause'})});
    expect(crashMessage(error)).toBe('outer\n\nCause:\nmiddle\n\nCause:\na string cause');
  });
  it('stops at a cycle of causes', () => {
    const a = new Error('a');
    const b = new Error('b', {cause: a});
    (a as {cause?: unknown}).cause = b;
    expect(causalChain(a)).toEqual([a, b]);
  });
  it('opens a new issue with the page and the error filled in, the error cut when long', () => {
    const url = new URL(newIssueUrl('https://github.com/o/r/', 'https://docs.example.org/a/b/?x=1', 'boom'));
    expect(url.origin + url.pathname).toBe('https://github.com/o/r/issues/new');
    expect(url.searchParams.get('title')).toBe('Docs: /a/b/ crashed');
    expect(url.searchParams.get('body')).toContain('Page: https://docs.example.org/a/b/?x=1');
    expect(url.searchParams.get('body')).toContain('```text\nboom\n```');
    const long = new URL(newIssueUrl('https://github.com/o/r', 'https://docs.example.org/', 'x'.repeat(5000)));
    expect(long.searchParams.get('body')!.length).toBeLessThan(2000);
  });
});
