/**
 * Stands in for Docusaurus's own `./docusaurus` module (the object the client entry mounts on
 * `window.docusaurus`), with one change: a link's prefetch runs in idle time (./idle-queue.ts).
 *
 * Every internal link that scrolls into view asks for its page's chunks. Each request matches the
 * path against the whole route table and walks every route's chunk list, and the browser delivers
 * the intersection callbacks of all links on screen in one task: on a phone that task ran right
 * after hydration and was one of the longest of the load. Queued, the same work runs in slices
 * that never block input. A hover or a tap still preloads at once (`preload` is unchanged). A link
 * into a route section that is not loaded prefetches that section's chunk
 * (./route-sections-runtime.ts).
 */
import docusaurus from '@docusaurus/core/lib/client/docusaurus';
import {createIdleQueue} from './idle-queue';
import prefetchHelper from '@docusaurus/core/lib/client/prefetch';
import {prefetchSectionsOf} from './route-sections-runtime';

const prefetches = createIdleQueue<string>((routePath) => {
  // Docusaurus finds a page's chunks by matching its path against the route table: a path whose
  // section is not loaded gets its section's chunk prefetched instead (nothing runs until a hover
  // or the page change loads it).
  if (!prefetchSectionsOf(routePath, prefetchHelper)) void docusaurus.prefetch(routePath);
});

export default Object.freeze({
  preload: docusaurus.preload,
  prefetch: (routePath: string): false => {
    prefetches.add(routePath);
    // The caller ignores the answer; `false` is what Docusaurus answers when it does not prefetch now.
    return false;
  },
});
