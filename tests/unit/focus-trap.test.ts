import {describe, expect, it} from 'vitest';
import {wrapFocus} from '../../src/theme/SearchBar/focus-trap';

describe('the search dialog keeps Tab inside', () => {
  const items = ['input', 'clear', 'all results'];
  it('wraps from the last element to the first, and back with Shift+Tab', () => {
    expect(wrapFocus(items, 'all results', false)).toBe('input');
    expect(wrapFocus(items, 'input', true)).toBe('all results');
  });
  it('leaves a move between elements of the dialog to the browser', () => {
    expect(wrapFocus(items, 'input', false)).toBeUndefined();
    expect(wrapFocus(items, 'all results', true)).toBeUndefined();
    expect(wrapFocus(items, 'clear', false)).toBeUndefined();
  });
  it('keeps focus on the only element: the field of an empty dialog', () => {
    expect(wrapFocus(['input'], 'input', false)).toBe('input');
    expect(wrapFocus(['input'], 'input', true)).toBe('input');
  });
  it('brings focus that is outside back in, at the first element or, going back, the last', () => {
    expect(wrapFocus(items, 'body', false)).toBe('input');
    expect(wrapFocus(items, null, true)).toBe('all results');
  });
  it('does nothing in a dialog with nothing to focus', () => {
    expect(wrapFocus([], 'body', false)).toBeUndefined();
  });
});
