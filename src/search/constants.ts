/** Search settings shared by the build and the browser. */
export const SEARCH_PLUGIN_NAME = 'authentik-search';
export const HITS_PER_PAGE = 20;
export const MAX_RESULTS_PER_GROUP = 5;
export const PLACEHOLDER = 'Search docs';
/** Index settings in embedded mode: the theme needs names, though nothing is sent anywhere. */
export const EMBEDDED_ALGOLIA = {appId: 'EMBEDDED', apiKey: 'embedded-search', indexName: 'authentik-docs'};

export interface SearchGlobalData {
  /** URL of the embedded index, or null when hosted search is configured. */
  indexUrl: string | null;
  /** URL of every page's route and title (`[route, title][]`), for the not-found page's suggestions. */
  titlesUrl: string;
}
