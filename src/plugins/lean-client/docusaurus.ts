/**
 * Stands in for Docusaurus's own `./docusaurus` module (the object the client entry mounts on
 * `window.docusaurus`), with one change: a link's prefetch runs in idle time (./idle-queue.ts).
 *
 * Every internal link that scrolls into view asks for its page's chunks. Each request matches the
 * path against the whole route table and walks every route's chunk list, and the browser delivers
 * the intersection callbacks of all links on screen in one task: on a phone that task ran right
 * after hydration and was one of the longest of the load. Queued, the same work runs in slices
 * that never block input. A hover or a tap still preloads at once (`preload` is unchanged).
 */
import docusaurus from '@docusaurus/core/lib/client/docusaurus';
import {createIdleQueue} from './idle-queue';

const prefetches = createIdleQueue<string>((routePath) => {
  void docusaurus.prefetch(routePath);
});

export default Object.freeze({
  preload: docusaurus.preload,
  prefetch: (routePath: string): false => {
    prefetches.add(routePath);
    // The caller ignores the answer; `false` is what Docusaurus answers when it does not prefetch now.
    return false;
  },
});
