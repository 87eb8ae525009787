// Algolia Crawler configuration for hosted search (used only when the site is built with the
// ALGOLIA_* variables). It yields records of the same shape as the embedded index:
// hierarchy.lvl0 is the sidebar section, lvl1 the page title, lvl2-lvl6 the headings, content the
// paragraphs, list items and table cells, with the language and docs-version facets that
// contextual search filters on.
/* global Crawler */
new Crawler({
  appId: 'YOUR_APP_ID',
  apiKey: 'YOUR_CRAWLER_API_KEY',
  rateLimit: 8,
  maxDepth: 10,
  startUrls: ['https://docs.goauthentik.io/'],
  sitemaps: ['https://docs.goauthentik.io/sitemap.xml'],
  // Generated pages that repeat content found elsewhere.
  exclusionPatterns: ['https://docs.goauthentik.io/search/**', 'https://docs.goauthentik.io/tags/**'],
  ignoreCanonicalTo: true,
  discoveryPatterns: ['https://docs.goauthentik.io/**'],
  actions: [
    {
      indexName: 'authentik-docs',
      pathsToMatch: ['https://docs.goauthentik.io/**'],
      recordExtractor: ({$, helpers}) => {
        // Chrome and generated navigation are never content.
        $('.theme-doc-toc-mobile, .theme-doc-footer, .pagination-nav, .hash-link, .ak-badges').remove();
        const section = $('.menu__link--sublist.menu__link--active').first().text().trim() || 'Documentation';
        return helpers.docsearch({
          recordProps: {
            lvl0: {selectors: '', defaultValue: section},
            lvl1: ['article h1', 'header h1', 'head > title'],
            lvl2: 'article h2',
            lvl3: 'article h3',
            lvl4: 'article h4',
            lvl5: 'article h5',
            lvl6: 'article h6',
            content: ['article p', 'article li', 'article td'],
            language: {selectors: 'meta[name="docsearch:language"]::attr(content)', defaultValue: 'en'},
            docusaurus_tag: {
              selectors: 'meta[name="docsearch:docusaurus_tag"]::attr(content)',
              defaultValue: 'docs-default-current',
            },
          },
          indexHeadings: true,
          aggregateContent: true,
          recordVersion: 'v3',
        });
      },
    },
  ],
  initialIndexSettings: {
    'authentik-docs': {
      attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
      attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
      attributesToHighlight: ['hierarchy', 'content'],
      attributesToSnippet: ['content:10'],
      camelCaseAttributes: ['hierarchy', 'content'],
      searchableAttributes: [
        'unordered(hierarchy.lvl0)',
        'unordered(hierarchy.lvl1)',
        'unordered(hierarchy.lvl2)',
        'unordered(hierarchy.lvl3)',
        'unordered(hierarchy.lvl4)',
        'unordered(hierarchy.lvl5)',
        'unordered(hierarchy.lvl6)',
        'content',
      ],
      distinct: true,
      attributeForDistinct: 'url',
      customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
      ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
      highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
      highlightPostTag: '</span>',
      minWordSizefor1Typo: 4,
      minWordSizefor2Typos: 8,
      allowTyposOnNumericTokens: false,
      minProximity: 1,
      ignorePlurals: true,
      advancedSyntax: true,
      attributeCriteriaComputedByMinProximity: true,
      removeWordsIfNoResults: 'allOptional',
      separatorsToIndex: '_',
    },
  },
});
