import {describe, expect, it} from 'vitest';
import {contrast, flatten, over, parseColor} from '../support/contrast';

describe('contrast', () => {
  it('reads the colours a browser reports', () => {
    expect(parseColor('rgb(255, 255, 255)')).toEqual([255, 255, 255, 1]);
    expect(parseColor('rgba(232, 232, 232, 0.8)')).toEqual([232, 232, 232, 0.8]);
    expect(parseColor('rgb(88 88 88 / 50%)')).toEqual([88, 88, 88, 0.5]);
    expect(parseColor('none')).toBeUndefined();
    expect(parseColor('url(#gradient)')).toBeUndefined();
  });
  it('gives the WCAG ratios', () => {
    expect(contrast([0, 0, 0, 1], [255, 255, 255, 1])).toBeCloseTo(21, 5);
    expect(contrast([255, 255, 255, 1], [255, 255, 255, 1])).toBe(1);
    // Mermaid's dark edge labels before the fix: #ccc on #585858.
    expect(contrast([0xcc, 0xcc, 0xcc, 1], [0x58, 0x58, 0x58, 1])).toBeCloseTo(4.43, 2);
    expect(contrast([0x76, 0x76, 0x76, 1], [255, 255, 255, 1])).toBeGreaterThan(4.5);
  });
  it('lays transparent layers over what is behind them, top first', () => {
    expect(over([0, 0, 0, 0.5], [255, 255, 255, 1])).toEqual([127.5, 127.5, 127.5, 1]);
    expect(
      flatten(
        [
          [0, 0, 0, 0],
          [255, 0, 0, 1],
        ],
        [0, 0, 255, 1],
      ),
    ).toEqual([255, 0, 0, 1]);
    expect(flatten([], [1, 2, 3, 1])).toEqual([1, 2, 3, 1]);
  });
});
