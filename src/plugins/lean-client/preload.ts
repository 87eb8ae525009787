/**
 * Stands in for Docusaurus's client `./preload` (which the client entry, the page-change handler and
 * `window.docusaurus.preload` call before a path is rendered): it first loads the route section the
 * path is in (./route-sections-runtime.ts), so that the path's route is in the table when Docusaurus
 * matches it, then preloads as Docusaurus does.
 */
import preloadRoutes from '@docusaurus/core/lib/client/preload';
import {loadSectionOf} from './route-sections-runtime';

export default function preload(pathname: string): Promise<unknown> {
  return loadSectionOf(pathname).then(() => preloadRoutes(pathname));
}
