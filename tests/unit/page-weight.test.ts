/** The bench's verdict on first-load JavaScript beside stock (budgets: tests/site/budgets.test.ts). */
import {describe, expect, it} from 'vitest';
import {FIRST_LOAD_JS_TARGET, firstLoadJsVerdict} from '../support/page-weight';

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
