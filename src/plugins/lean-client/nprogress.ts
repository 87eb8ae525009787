/**
 * The theme's page-change progress bar, with `nprogress` loaded only when a page change is slow
 * enough to show it (200 ms, as in the theme's own module, which this one replaces): every page
 * otherwise downloads the bar's code and never runs it.
 */
import type {ClientModule} from '@docusaurus/types';
import '@docusaurus/theme-classic/lib/nprogress.css';

type Bar = typeof import('nprogress');

const DELAY_MS = 200;

let loading: Promise<Bar> | undefined;
function bar(): Promise<Bar> {
  loading ??= import('nprogress').then((module) => {
    const nprogress = ((module as {default?: Bar}).default ?? module) as Bar;
    nprogress.configure({showSpinner: false});
    return nprogress;
  });
  // A failed load is forgotten: the next slow page change tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** True from the moment the bar is due until the new page is shown. */
let due = false;

const clientModule: ClientModule = {
  onRouteUpdate({location, previousLocation}) {
    if (!previousLocation || location.pathname === previousLocation.pathname) return undefined;
    const timeout = window.setTimeout(() => {
      due = true;
      bar().then(
        (nprogress) => due && nprogress.start(),
        () => undefined,
      );
    }, DELAY_MS);
    return () => window.clearTimeout(timeout);
  },
  onRouteDidUpdate() {
    if (!due) return;
    due = false;
    bar().then(
      (nprogress) => nprogress.done(),
      () => undefined,
    );
  },
};

export default clientModule;
