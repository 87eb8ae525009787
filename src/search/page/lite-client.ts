/**
 * Stands in for `algoliasearch/lite` in the browser bundle (see the search plugin's alias), so the
 * theme's search page runs unchanged in both modes: in embedded mode every query is answered by the
 * local engine; with Algolia configured, queries go to Algolia. Either way a page holds 20 hits, and
 * snippets lose their own trailing ellipsis, since the page adds one.
 */
// The real client, reached through an alias of its own (the plain name points at this file).
import {liteClient as algoliaLiteClient} from 'algoliasearch-original-lite';
import {embeddedClient} from './embedded-client';
import {withoutTrailingEllipsis} from './page-snippets';
import {HITS_PER_PAGE} from '../constants';

function withPageSize(arg: unknown): unknown {
  const fix = (request: Record<string, unknown>) =>
    request.params && typeof request.params === 'object'
      ? {...request, params: {...(request.params as object), hitsPerPage: HITS_PER_PAGE}}
      : {...request, hitsPerPage: HITS_PER_PAGE};
  if (Array.isArray(arg)) return arg.map(fix);
  const requests = (arg as {requests?: Record<string, unknown>[]}).requests;
  return requests ? {...(arg as object), requests: requests.map(fix)} : arg;
}

export function liteClient(appId: string, apiKey: string, options?: object) {
  const client = embeddedClient() ?? algoliaLiteClient(appId, apiKey, options);
  const search = client.search.bind(client) as (arg: unknown) => Promise<unknown>;
  return Object.assign(client, {search: (arg: unknown) => search(withPageSize(arg)).then(withoutTrailingEllipsis)});
}
