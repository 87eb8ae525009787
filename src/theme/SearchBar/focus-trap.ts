/**
 * Keeps Tab inside the search dialog. DocSearch's own trap lets Tab out of an empty dialog (to the
 * page body, and on to the page while the page is not yet inert). `wrapFocus` is pure, for the
 * unit tests; `trapTab` applies it to the dialog's focusable elements (src/theme/SearchBar).
 */

/** What a key press of Tab should focus to stay inside: undefined lets the browser move focus. */
export function wrapFocus<T>(focusable: readonly T[], active: T | null, backwards: boolean): T | undefined {
  if (focusable.length === 0) return undefined;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const at = active === null ? -1 : focusable.indexOf(active);
  if (at === -1) return backwards ? last : first;
  if (!backwards && at === focusable.length - 1) return first;
  if (backwards && at === 0) return last;
  return undefined;
}

/** The elements of `root` that take focus from the keyboard and are on screen, in document order. */
export function focusableIn(root: Element): HTMLElement[] {
  const candidates = root.querySelectorAll<HTMLElement>(
    'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
  );
  return Array.from(candidates).filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/** Keeps Tab and Shift+Tab inside the element that `selector` finds, whenever there is one; returns what undoes it. */
export function trapTab(selector: string): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const dialog = document.querySelector(selector);
    if (!dialog) return;
    const target = wrapFocus(focusableIn(dialog), document.activeElement as HTMLElement | null, event.shiftKey);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  document.addEventListener('keydown', onKeyDown, true);
  return () => document.removeEventListener('keydown', onKeyDown, true);
}
