/**
 * Pagefind's pages and sections as DocSearch hits (bench/lib/pagefind-map.ts), and the client that
 * calls Pagefind (bench/lib/pagefind-client.ts) over a fake Pagefind module.
 */
import {describe, expect, it} from 'vitest';
import {readRequest} from '../../src/search/engine/engine';
import {createPagefindClient, type PagefindModule} from '../../bench/lib/pagefind-client';
import {
  DEFAULT_SECTION,
  MAX_HITS_PER_PAGE,
  excerptHtml,
  headingChain,
  hitsOfPage,
  pagesToLoad,
  toResponse,
  type PagefindResultData,
} from '../../bench/lib/pagefind-map';

const MODAL = {
  query: 'password',
  hitsPerPage: 20,
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
};

const anchors = [
  {element: 'h2', id: 'how-it-works', text: 'How it works', location: 10},
  {element: 'h3', id: 'backends', text: 'Backends', location: 30},
  {element: 'div', id: 'not-a-heading', text: 'x', location: 35},
  {element: 'h2', id: 'settings', text: 'Settings', location: 50},
];

function page(overrides: Partial<PagefindResultData> = {}): PagefindResultData {
  return {
    url: '/add-secure-apps/flows-stages/stages/password/',
    excerpt: 'The <mark>Password</mark> stage asks for the password',
    meta: {title: 'Password stage', section: 'Add and secure applications'},
    anchors,
    sub_results: [
      {
        title: 'Password stage',
        url: '/add-secure-apps/flows-stages/stages/password/',
        excerpt: 'The <mark>Password</mark> stage asks',
        weighted_locations: [{weight: 1, balanced_score: 5, location: 1}],
      },
      {
        title: 'Backends',
        url: '/add-secure-apps/flows-stages/stages/password/#backends',
        excerpt: 'Checks the <mark>password</mark> against LDAP',
        anchor: anchors[1],
        weighted_locations: [{weight: 1, balanced_score: 20, location: 31}],
      },
    ],
    ...overrides,
  };
}

describe('excerptHtml', () => {
  it('turns Pagefind marks into the request tags and escapes the rest of the text', () => {
    expect(excerptHtml('a <mark>Password</mark> b', '<em>', '</em>')).toEqual({
      value: 'a <em>Password</em> b',
      marked: ['Password'],
    });
  });

  it('leaves the punctuation around a marked word outside the tags', () => {
    expect(excerptHtml('<mark>Certificates.</mark> and <mark>(certificate,</mark>', '<mark>', '</mark>')).toEqual({
      value: '<mark>Certificates</mark>. and (<mark>certificate</mark>,',
      marked: ['Certificates', 'certificate'],
    });
  });

  it('keeps HTML in page text escaped', () => {
    // Pagefind escapes only < and >; & and quotes arrive raw, and a script tag must stay text.
    const {value} = excerptHtml('&lt;script&gt;alert("x")&lt;/script&gt; &amp; <mark>a&b</mark>', '<mark>', '</mark>');
    expect(value).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;amp; <mark>a&amp;b</mark>');
    expect(value).not.toContain('<script');
  });
});

describe('headingChain', () => {
  it('gives a heading the headings above it', () => {
    expect(headingChain(anchors, anchors[1]!)).toEqual({lvl2: 'How it works', lvl3: 'Backends'});
    expect(headingChain(anchors, anchors[3]!)).toEqual({lvl2: 'Settings'});
  });

  it('gives nothing for an anchor that is not a heading', () => {
    expect(headingChain(anchors, anchors[2]!)).toEqual({});
  });
});

describe('hitsOfPage', () => {
  const options = readRequest(MODAL);

  it('makes one hit per section, the best first, with hierarchy and anchored URL', () => {
    const hits = hitsOfPage(page(), options, 'https://docs.example.com');
    expect(hits.map((h) => h.url)).toEqual([
      'https://docs.example.com/add-secure-apps/flows-stages/stages/password/#backends',
      'https://docs.example.com/add-secure-apps/flows-stages/stages/password/',
    ]);
    const [section, top] = hits;
    expect(section!.type).toBe('content');
    expect(section!.anchor).toBe('backends');
    expect(section!.url_without_anchor).toBe('https://docs.example.com/add-secure-apps/flows-stages/stages/password/');
    expect(section!.hierarchy).toEqual({
      lvl0: 'Add and secure applications',
      lvl1: 'Password stage',
      lvl2: 'How it works',
      lvl3: 'Backends',
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
    expect(section!.content).toBe('Checks the password against LDAP');
    expect(top!.type).toBe('lvl1');
    expect(top!.anchor).toBeNull();
    expect(new Set(hits.map((h) => h.objectID)).size).toBe(2);
  });

  it('highlights and snippets with <mark> tags', () => {
    const [section] = hitsOfPage(page(), options);
    expect(section!._snippetResult.content).toEqual({
      value: 'Checks the <mark>password</mark> against LDAP',
      matchLevel: 'full',
    });
    expect(section!._highlightResult.content!.matchedWords).toEqual(['password']);
    expect(section!._highlightResult.hierarchy.lvl1!.value).toBe('<mark>Password</mark> stage');
    expect(section!._snippetResult.hierarchy!.lvl1!.value).toBe('<mark>Password</mark> stage');
    // Only the levels the request snippets.
    expect(section!._snippetResult.hierarchy!.lvl3).toBeUndefined();
    expect(section!._highlightResult.hierarchy.lvl3!.value).toBe('Backends');
  });

  it('marks a title word the query only starts', () => {
    const [hit] = hitsOfPage(page({sub_results: []}), readRequest({...MODAL, query: 'passw'}));
    expect(hit!._highlightResult.hierarchy.lvl1!.value).toBe('<mark>Password</mark> stage');
  });

  it('escapes HTML in titles and headings', () => {
    const [hit] = hitsOfPage(page({meta: {title: '<img src=x onerror=alert(1)>'}, sub_results: []}), options);
    expect(hit!._highlightResult.hierarchy.lvl1!.value).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(hit!.hierarchy.lvl0).toBe(DEFAULT_SECTION);
  });

  it('falls back to the page and its excerpt when Pagefind gives no sections', () => {
    const hits = hitsOfPage(page({sub_results: undefined}), options);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.type).toBe('lvl1');
    expect(hits[0]!.content).toBe('The Password stage asks for the password');
  });

  it(`keeps at most ${MAX_HITS_PER_PAGE} sections of a page`, () => {
    const many = Array.from({length: 6}, (_, i) => ({
      title: `S${i}`,
      url: `/p/#s${i}`,
      excerpt: `<mark>password</mark> ${i}`,
      anchor: {element: 'h2', id: `s${i}`, text: `S${i}`, location: i * 10},
      weighted_locations: [{weight: 1, balanced_score: i, location: i * 10 + 1}],
    }));
    const hits = hitsOfPage(page({sub_results: many, anchors: many.map((s) => s.anchor)}), options);
    expect(hits.map((h) => h.anchor)).toEqual(['s5', 's4', 's3']);
  });
});

describe('toResponse', () => {
  const pages = Array.from({length: 10}, (_, i) => page({url: `/p${i}/`, sub_results: []}));

  it('honours hitsPerPage and page, in the shape of the embedded engine', () => {
    const response = toResponse(readRequest({...MODAL, hitsPerPage: 4, page: 1}), pages, 10, 'idx');
    expect(response.hits.map((h) => h.url)).toEqual(['/p4/', '/p5/', '/p6/', '/p7/']);
    expect(response).toMatchObject({nbHits: 10, page: 1, nbPages: 3, hitsPerPage: 4, query: 'password', index: 'idx'});
  });

  it('counts the pages not loaded yet as one hit each', () => {
    expect(toResponse(readRequest({...MODAL, hitsPerPage: 4}), pages.slice(0, 4), 25).nbHits).toBe(25);
  });

  it('answers an empty result', () => {
    const response = toResponse(readRequest({...MODAL, query: 'zzz'}), [], 0);
    expect(response).toMatchObject({hits: [], nbHits: 0, nbPages: 0, page: 0, hitsPerPage: 20, query: 'zzz'});
  });
});

describe('pagesToLoad', () => {
  const options = readRequest({...MODAL, hitsPerPage: 20});

  it('loads enough pages for the hits wanted, never more than there are', () => {
    expect(pagesToLoad(options, 0, 0, 100)).toBe(Math.ceil(20 / MAX_HITS_PER_PAGE));
    expect(pagesToLoad(options, 0, 0, 3)).toBe(3);
    expect(pagesToLoad(options, 7, 20, 100)).toBe(0);
    expect(pagesToLoad(options, 7, 18, 100)).toBe(1);
  });
});

describe('createPagefindClient', () => {
  function fake(found: PagefindResultData[]) {
    const loaded: string[] = [];
    const calls: Record<string, unknown>[] = [];
    const module: PagefindModule = {
      options: async (o) => void calls.push(o),
      init: async () => undefined,
      search: async () => ({
        results: found.map((data, i) => ({
          id: String(i),
          score: 1,
          data: async () => {
            loaded.push(data.url);
            return data;
          },
        })),
      }),
    };
    return {module, loaded, calls};
  }

  it('answers both request forms and loads only the pages the hits need', async () => {
    const found = Array.from({length: 30}, (_, i) => page({url: `/p${i}/`, sub_results: []}));
    const {module, loaded, calls} = fake(found);
    const client = createPagefindClient({load: async () => module});
    const v5 = await client.search({requests: [{...MODAL, hitsPerPage: 5}]});
    expect(v5.results[0]!.hits.map((h) => h.url)).toEqual(['/p0/', '/p1/', '/p2/', '/p3/', '/p4/']);
    expect(v5.results[0]!.nbHits).toBe(30);
    expect(loaded).toEqual(['/p0/', '/p1/', '/p2/', '/p3/', '/p4/']);
    const v4 = await client.search([{...MODAL, hitsPerPage: 2}]);
    expect(v4.results[0]!.hits).toHaveLength(2);
    expect(calls).toEqual([{excerptLength: 10, excerptEllipsis: '…'}]);
  });

  it('answers an empty query without asking Pagefind', async () => {
    const client = createPagefindClient({load: () => Promise.reject(new Error('not loaded'))});
    const {results} = await client.search([{...MODAL, query: '  '}]);
    expect(results[0]).toMatchObject({hits: [], nbHits: 0});
  });

  it('reports a Pagefind that cannot load as unreachable', async () => {
    const client = createPagefindClient({load: () => Promise.reject(new Error('404'))});
    await expect(client.search([MODAL])).rejects.toMatchObject({name: 'RetryError'});
  });
});
