/** The closing line of `npm test`: counts add up, and a skip nobody explained fails the run. */
import {describe, expect, it} from 'vitest';
import {readAllowedSkips, summarise} from '../../scripts/test-summary.mjs';

describe('test summary', () => {
  it('reads vitest counts and the names of skipped tests', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        {
          assertionResults: [
            {status: 'passed', fullName: 'a'},
            {status: 'skipped', fullName: 'b c'},
          ],
        },
      ],
    };
    expect(summarise(report)).toEqual({passed: 3, failed: 1, skipped: ['b c']});
  });
  it('reads Playwright counts and the names of skipped tests, suites included', () => {
    const report = {
      stats: {expected: 2, unexpected: 0, flaky: 1, skipped: 1},
      suites: [
        {
          title: 'x.spec.ts',
          specs: [],
          suites: [{title: 'group', specs: [{title: 't', tests: [{status: 'skipped'}]}]}],
        },
      ],
    };
    expect(summarise(report)).toEqual({passed: 3, failed: 0, skipped: ['x.spec.ts > group > t']});
  });
  it('allows a skip only with a reason', () => {
    expect(readAllowedSkips('# c\nx.spec.ts > t\tneeds a GPU\n')).toEqual(new Map([['x.spec.ts > t', 'needs a GPU']]));
    expect(() => readAllowedSkips('x.spec.ts > t\n')).toThrow(/needs a reason/);
  });
});
