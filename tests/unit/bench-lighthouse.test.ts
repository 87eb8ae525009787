import {describe, expect, it} from 'vitest';
import {judgePerformance, timeRatio} from '../../bench/lib/lighthouse';

const mobile = {score: 95, tbtRatio: 0.6, fallbackTbtRatio: 0.6};
const desktop = {score: 100, tbtRatio: Number.POSITIVE_INFINITY, fallbackTbtRatio: 0.6};

describe('timeRatio', () => {
  it('divides this site by stock', () => {
    expect(timeRatio(120, 400)).toBeCloseTo(0.3);
    expect(timeRatio(400, 400)).toBe(1);
  });

  it('counts nothing against nothing as no worse than stock, and something against nothing as infinitely worse', () => {
    expect(timeRatio(0, 0)).toBe(0);
    expect(timeRatio(10, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('judgePerformance', () => {
  it('meets the mobile target with the score and TBT within 60 % of stock', () => {
    expect(judgePerformance({performance: 96, tbtMs: 100}, {performance: 80, tbtMs: 400}, mobile)).toEqual({
      met: true,
      by: 'score',
      tbtRatio: 0.25,
    });
  });

  it('misses the mobile target when TBT is over 60 % of stock, whatever the score', () => {
    expect(judgePerformance({performance: 98, tbtMs: 250}, {performance: 97, tbtMs: 400}, mobile).met).toBe(false);
  });

  it('lets the comparison with stock decide where the host misses the score', () => {
    const verdict = judgePerformance({performance: 88, tbtMs: 200}, {performance: 70, tbtMs: 900}, mobile);
    expect(verdict).toMatchObject({met: true, by: 'ratio'});
  });

  it('misses by the comparison when the score is below stock or TBT is not low enough', () => {
    expect(judgePerformance({performance: 60, tbtMs: 200}, {performance: 70, tbtMs: 900}, mobile).met).toBe(false);
    expect(judgePerformance({performance: 88, tbtMs: 700}, {performance: 70, tbtMs: 900}, mobile).met).toBe(false);
  });

  it('judges desktop by the score alone when it is reached', () => {
    expect(judgePerformance({performance: 100, tbtMs: 30}, {performance: 100, tbtMs: 0}, desktop).met).toBe(true);
    expect(judgePerformance({performance: 99, tbtMs: 30}, {performance: 99, tbtMs: 0}, desktop)).toMatchObject({
      met: false,
      by: 'ratio',
    });
  });

  it('has only the score to go by on a page stock does not have', () => {
    expect(judgePerformance({performance: 95, tbtMs: 500}, null, mobile)).toEqual({
      met: true,
      by: 'score',
      tbtRatio: null,
    });
    expect(judgePerformance({performance: 94, tbtMs: 0}, null, mobile).met).toBe(false);
  });
});
