/** The bench's verdicts on first-load bytes: budgets and the target beside stock. */
import {describe, expect, it} from 'vitest';
import {FIRST_LOAD_JS_TARGET, firstLoadJsVerdict, overBudget, suggestBudget} from '../../scripts/lib/page-weight';

const KB = 1024;

describe('first-load JavaScript beside stock', () => {
  it('is met at most 170 KB and at most 80 % of stock, the limits included', () => {
    expect(FIRST_LOAD_JS_TARGET).toEqual({maxGzip: 170 * KB, maxShareOfStock: 0.8});
    expect(firstLoadJsVerdict(160 * KB, 220 * KB)).toEqual({share: 160 / 220, met: true});
    expect(firstLoadJsVerdict(170 * KB, 212.5 * KB).met).toBe(true);
  });

  it('is missed over 170 KB however large stock is, and over 80 % of stock however small', () => {
    expect(firstLoadJsVerdict(170 * KB + 1, 400 * KB).met).toBe(false);
    expect(firstLoadJsVerdict(100 * KB, 120 * KB).met).toBe(false);
  });

  it('has no verdict without a stock figure', () => {
    expect(firstLoadJsVerdict(100 * KB, undefined)).toEqual({share: null, met: null});
    expect(firstLoadJsVerdict(100 * KB, 0)).toEqual({share: null, met: null});
  });
});

describe('budgets', () => {
  const type = {key: 'stage', label: 'Stage page', route: '/s/', status: 200};
  const budget = {jsGzip: 1000, cssGzip: 500, htmlBytes: 2000, requests: 10};

  it('a figure equal to its budget is within it; one byte more is reported with both values', () => {
    expect(overBudget(type, budget, budget)).toEqual([]);
    const [message, ...rest] = overBudget(type, {...budget, jsGzip: 1001}, budget);
    expect(rest).toEqual([]);
    expect(message).toMatch(/Stage page \(\/s\/\): first-load JS \(gzip\) is 1001 B .* over its budget of 1000 B/);
  });

  it('caps a JavaScript budget at the 170 KB target when the page meets it', () => {
    expect(suggestBudget({jsGzip: 165 * KB, cssGzip: 10, htmlBytes: 99, requests: 16}).jsGzip).toBe(170 * KB);
    expect(suggestBudget({jsGzip: 100 * KB, cssGzip: 10, htmlBytes: 99, requests: 16}).jsGzip).toBe(110 * KB);
    // A page over the target (a diagram's Mermaid) keeps the usual headroom.
    expect(suggestBudget({jsGzip: 300 * KB, cssGzip: 10, htmlBytes: 99, requests: 16}).jsGzip).toBe(330 * KB);
  });

  it('suggests budgets 10 % above the measurement, rounded down', () => {
    expect(suggestBudget({jsGzip: 1001, cssGzip: 10, htmlBytes: 99, requests: 16})).toEqual({
      jsGzip: 1101,
      cssGzip: 11,
      htmlBytes: 108,
      requests: 17,
    });
  });
});
