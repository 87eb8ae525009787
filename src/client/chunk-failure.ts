/**
 * When the code of the first page fails to load (a flaky network, a deploy that removed old
 * chunks), the site cannot start. Instead of a page that silently never becomes interactive, the
 * reader gets an error box with a Retry button, which reloads the page.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {isChunkLoadError, renderRetryBox} from './retry-box';

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const started = document.documentElement.getAttribute('data-has-hydrated') === 'true';
    if (started || !isChunkLoadError(event.reason)) return;
    renderRetryBox(document, String((event.reason as Error)?.message ?? event.reason), () => window.location.reload());
  });
}
