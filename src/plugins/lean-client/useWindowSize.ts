/**
 * Stands in for `useWindowSize` of `@docusaurus/theme-common` (same contract: `'ssr'` until the page
 * is hydrated, then `'desktop'` above the 996 px breakpoint, else `'mobile'`), with one change: the
 * update is a React transition.
 *
 * Right after hydration every user of the hook switches from `'ssr'` to the real size at once, and
 * on a phone that swaps the desktop sidebar and table of contents for their mobile forms. As an
 * ordinary update React rendered all of it in one task, one of the longest of the load on a phone;
 * as a transition it renders in slices and yields between them. The same goes for a resize.
 */
import {startTransition, useEffect, useState} from 'react';

export type WindowSize = 'desktop' | 'mobile' | 'ssr';

/** Infima's breakpoint (its CSS has the same number): wider than this is desktop. */
export const DESKTOP_BREAKPOINT = 996;

export function windowSizeOf(width: number, desktopBreakpoint = DESKTOP_BREAKPOINT): Exclude<WindowSize, 'ssr'> {
  return width > desktopBreakpoint ? 'desktop' : 'mobile';
}

export function useWindowSize({desktopBreakpoint = DESKTOP_BREAKPOINT}: {desktopBreakpoint?: number} = {}): WindowSize {
  // The same value on the server and in the first render in the browser, so hydration matches.
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const update = () => {
      const next = windowSizeOf(window.innerWidth, desktopBreakpoint);
      startTransition(() => setWindowSize(next));
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [desktopBreakpoint]);
  return windowSize;
}
