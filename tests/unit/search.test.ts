import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import fc from 'fast-check';
import matter from 'gray-matter';
import {VFile} from 'vfile';
import {normalizeTerm, tokenize} from '../../src/search/engine/tokenize';
import {escapeHtml} from '../../src/html';
import {editDistance, Marker} from '../../src/search/engine/highlight';
import {extractRecords} from '../../src/search/build/records';
import {packIndex, unpackIndex} from '../../src/search/format/pack';
import {SearchEngine} from '../../src/search/engine/engine';
import {MAX_QUERY_LENGTH, facetTest, readRequest} from '../../src/search/engine/request';
import {exactTitleFirst, NEWS_ROUTE, pageWeight, routeName} from '../../src/search/engine/ranking';
import {withoutTrailingEllipsis} from '../../src/search/page/page-snippets';
import {sectionsBySidebar} from '../../src/search/build/sections';
import {createEmbeddedClient, requestsOf, type WorkerLike} from '../../src/search/page/client';
import {buildTermIndex, DEFAULT_TERM_INDEX, type TermIndexOptions} from '../../src/search/build/term-index';
import {FUZZY_STEM, TermSearch, type Fetcher} from '../../src/search/engine/term-search';
import {
  blocksFor,
  classOf,
  decodePostings,
  encodePostings,
  prefixEnd,
  RECORD_TYPES,
  type FieldPostings,
} from '../../src/search/format/terms';
import type {WorkerResponse} from '../../src/search/worker/main';
import {createWorkerAnswerer} from '../../src/search/worker/answer';
import {createWorkerBoot} from '../../src/search/worker/boot';
import {createWorkerStarter} from '../../src/search/page/start-worker';
import {parsePage} from '../../src/pages/parse';
import remarkBadges from '../../src/remark/badges';
import type {SearchRecord} from '../../src/search/format/types';

const SITE = 'https://docs.example.com';

function page(route: string, title: string, body: string, section = 'Docs', description?: string): SearchRecord[] {
  return extractRecords(parsePage(body), {route, title, section, ...(description ? {description} : {})});
}

/** A small site: pages about things, and pages that only mention them. */
const FIXTURE: SearchRecord[] = [
  ...page(
    '/stages/password/',
    'Password stage',
    '## Settings\n\nThe password stage checks a password against backends.\n',
    'Flows',
    'Check passwords.',
  ),
  ...page(
    '/stages/identification/',
    'Identification stage',
    'Asks for a username. A password field can be shown here too.\n',
    'Flows',
  ),
  ...page(
    '/install/configuration/',
    'Configuration',
    '## Database\n\n| Setting | Default |\n| --- | --- |\n| `AUTHENTIK_POSTGRESQL__HOST` | `localhost` |\n',
    'Install',
  ),
  ...page(
    '/stages/totp/',
    'TOTP Authenticator Setup stage',
    'The `authenticator_totp` stage enrolls time-based codes.\n',
    'Flows',
  ),
  ...page(
    '/security/cves/CVE-2024-52289/',
    'CVE-2024-52289',
    'Redirect URIs matched with a regex could be abused.\n',
    'Security',
  ),
  ...page(
    '/providers/proxy/',
    'Proxy Provider',
    '## Headers\n\nThe `X-authentik-username` header carries the user name.\n',
    'Providers',
  ),
  ...page('/notes/', 'Release notes', 'Mentions password once, and certificates.\n', 'Releases'),
  ...page('/html/', 'Escaping', 'Text with `<b>bold</b>` & "quotes".\n', 'Docs'),
];
const engine = new SearchEngine(
  unpackIndex(
    JSON.parse(
      JSON.stringify(
        packIndex(
          FIXTURE.map((r) => ({...r, url: SITE + r.url, url_without_anchor: SITE + r.url_without_anchor})),
          SITE,
        ),
      ),
    ),
  ),
);

const urls = (query: string, extra: Record<string, unknown> = {}) =>
  engine.search({indexName: 'docs', query, ...extra}).hits.map((h) => h.url.replace(SITE, ''));

describe('tokenize', () => {
  it('keeps technical names whole and also splits them', () => {
    expect(tokenize('Set AUTHENTIK_POSTGRESQL__HOST now.')).toEqual([
      'Set',
      'AUTHENTIK_POSTGRESQL__HOST',
      'AUTHENTIK',
      'POSTGRESQL',
      'HOST',
      'now',
    ]);
    expect(tokenize('CVE-2024-52289')).toEqual(['CVE-2024-52289', 'CVE', '2024', '52289']);
    expect(tokenize('(X-authentik-username)')).toEqual(['X-authentik-username', 'X', 'authentik', 'username']);
  });
  it('normalises case and accents and drops punctuation', () => {
    expect(normalizeTerm('Ünïcode')).toBe('unicode');
    expect(normalizeTerm('--')).toBeNull();
  });

  // The plain forms of both functions, before their fast paths for plain words and ASCII terms:
  // the fast paths must never change a term.
  const CHUNK = /[\s,;:!?()[\]{}<>"'`|*=+@#$%^&~\\“”‘’«»—–]+/u;
  const plainTokenize = (text: string) =>
    text.split(CHUNK).flatMap((raw) => {
      const chunk = raw.replace(/^[._\-/]+|[._\-/]+$/gu, '');
      if (!chunk) return [];
      const parts = chunk.split(/[._\-/]+/u).filter(Boolean);
      return parts.length > 1 ? [chunk, ...parts] : parts;
    });
  const plainNormalize = (term: string) => {
    const normalized = term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    return /[\p{L}\p{N}]/u.test(normalized) ? normalized : null;
  };
  const text = fc.string({
    unit: fc.constantFrom(...'aZ09_.-/ \t\n,;:()"\'`é Üß—–«»“ı\u0301\u00a0\u0000'.split('')),
    maxLength: 40,
  });

  it('cuts any text exactly as its plain form does', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(tokenize(t)).toEqual(plainTokenize(t));
      }),
      {numRuns: 2000},
    );
  });

  it('normalises any term exactly as its plain form does', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(normalizeTerm(t)).toBe(plainNormalize(t));
      }),
      {numRuns: 2000},
    );
  });
});

describe('highlight and snippet', () => {
  it('escapes page text and marks only matched words', () => {
    const h = new Marker(['password'], ['password'], '<mark>', '</mark>').text('a <b> password & more').highlight;
    expect(h.value).toBe('a &lt;b&gt; <mark>password</mark> &amp; more');
    expect(h.matchLevel).toBe('full');
    expect(h.matchedWords).toEqual(['password']);
  });
  it('reports partial and no matches', () => {
    expect(
      new Marker(['password'], ['password', 'policy'], '<em>', '</em>').text('password reset').highlight.matchLevel,
    ).toBe('partial');
    expect(new Marker(['password'], ['password'], '<em>', '</em>').text('nothing here').highlight.matchLevel).toBe(
      'none',
    );
  });
  it('cuts a window of words around the first match with ellipses', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve password thirteen fourteen fifteen';
    const s = new Marker(['password'], ['password'], '<em>', '</em>', '…').text(text, 5).snippet!;
    expect(s.value).toBe('…twelve <em>password</em> thirteen fourteen fifteen');
    const early = new Marker(['three'], ['three'], '<em>', '</em>', '…').text(text, 4).snippet!;
    expect(early.value).toBe('…two <em>three</em> four five…');
  });
  it('measures edit distance with a limit', () => {
    expect(editDistance('pasword', 'password', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('records', () => {
  it('build the hierarchy with anchors as the site makes them', () => {
    const source = fs.readFileSync(
      path.join(__dirname, '..', 'fixtures', 'docs', 'stages', 'password', 'index.md'),
      'utf8',
    );
    const {content, data} = matter(source);
    const tree = parsePage(content);
    remarkBadges({versions: new Set(['2024.8', '2025.8'])})(
      tree,
      new VFile({path: 'x', value: content, data: {frontMatter: data}}),
    );
    const records = extractRecords(tree, {
      route: '/stages/password/',
      title: 'Password stage',
      section: 'Flows',
      description: 'Check a password.',
    });
    expect(records[0]).toMatchObject({
      type: 'lvl1',
      url: '/stages/password/',
      anchor: null,
      content: 'Check a password.',
    });
    const settings = records.find((r) => r.type === 'lvl2');
    expect(settings).toMatchObject({
      url: '/stages/password/#settings',
      hierarchy: {lvl0: 'Flows', lvl1: 'Password stage', lvl2: 'Settings'},
    });
    const row = records.find((r) => r.content?.includes('failed_attempts_before_cancel'));
    expect(row?.content).toBe('failed_attempts_before_cancel · Attempts before the flow stops. · 5');
    const lockout = records.find((r) => r.type === 'lvl3');
    expect(lockout).toMatchObject({anchor: 'lockout', hierarchy: {lvl2: 'Settings', lvl3: 'Lockout'}});
    expect(records.some((r) => r.content?.includes('not: indexed'))).toBe(false);
    expect(records.some((r) => r.content?.startsWith('authentik 2024.8+'))).toBe(false);
    expect(records.every((r) => r.language === 'en' && r.docusaurus_tag === 'docs-default-current')).toBe(true);
  });
  it('honour explicit heading ids and repeat-proof slugs', () => {
    const records = page('/p/', 'P', '## Same\n\n## Same\n\n## Named {#custom-id}\n');
    expect(records.filter((r) => r.type === 'lvl2').map((r) => r.anchor)).toEqual(['same', 'same-1', 'custom-id']);
  });
  it('pack into a smaller file and unpack to the same records', () => {
    const absolute = FIXTURE.map((r) => ({...r, url: SITE + r.url, url_without_anchor: SITE + r.url_without_anchor}));
    const packed = packIndex(absolute, SITE);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(absolute).length / 2);
    expect(unpackIndex(packed).map(({objectID: _, ...r}) => r)).toEqual(absolute.map(({objectID: _, ...r}) => r));
  });
});

describe('engine', () => {
  it('ranks the page about a thing above pages that mention it', () => {
    const results = urls('password');
    expect(results[0]).toBe('/stages/password/');
    expect(results.indexOf('/notes/')).toBeGreaterThan(results.indexOf('/stages/password/#settings'));
  });
  it('finds technical names exactly', () => {
    expect(urls('AUTHENTIK_POSTGRESQL__HOST')[0]).toBe('/install/configuration/#database');
    expect(urls('authenticator_totp')[0]).toBe('/stages/totp/');
    expect(urls('CVE-2024-52289')[0]).toBe('/security/cves/CVE-2024-52289/');
    expect(urls('X-authentik-username')[0]).toBe('/providers/proxy/#headers');
  });
  it('matches prefixes as you type, and tolerates typos by length', () => {
    expect(urls('passw')[0]).toBe('/stages/password/');
    expect(urls('pasword')[0]).toBe('/stages/password/');
    expect(urls('certifcates')).toContain('/notes/');
    // Three letters get no typo tolerance: "thx" is one letter from "the" and a prefix of nothing.
    expect(urls('thx')).toEqual([]);
    // Four letters get one: "onse" finds "once".
    expect(urls('onse')).toEqual(['/notes/']);
    expect(urls('ttop')).toEqual([]);
  });
  it('answers in the Algolia response shape', () => {
    const response = engine.search({
      indexName: 'docs',
      query: 'password',
      params: {
        hitsPerPage: 2,
        page: 1,
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        attributesToSnippet: ['content:5'],
      },
    });
    expect(response).toMatchObject({page: 1, hitsPerPage: 2, query: 'password', index: 'docs', exhaustiveNbHits: true});
    expect(response.nbPages).toBe(Math.ceil(response.nbHits / 2));
    expect(response.hits).toHaveLength(2);
    const hit = response.hits[0]!;
    expect(Object.keys(hit)).toEqual(
      expect.arrayContaining([
        'objectID',
        'url',
        'type',
        'hierarchy',
        'content',
        'anchor',
        '_highlightResult',
        '_snippetResult',
      ]),
    );
    expect(hit._highlightResult.hierarchy.lvl1).toHaveProperty('matchLevel');
    expect(typeof response.processingTimeMS).toBe('number');
  });
  it('escapes HTML in page text and never echoes query markup', () => {
    const response = engine.search({query: 'bold', highlightPreTag: '<mark>', highlightPostTag: '</mark>'});
    expect(response.hits[0]?._snippetResult.content?.value).toBe(
      'Text with &lt;b&gt;<mark>bold</mark>&lt;/b&gt; &amp; &quot;quotes&quot;.',
    );
    const hostile = engine.search({query: '<img src=x onerror=alert(1)>'});
    expect(JSON.stringify(hostile.hits)).not.toContain('<img');
  });
  it('caps the query at 64 characters', () => {
    const long = 'password '.repeat(200);
    expect(engine.search({query: long}).query).toHaveLength(MAX_QUERY_LENGTH);
    expect(readRequest({query: 'x'.repeat(10000)}).query).toHaveLength(64);
  });
  it('filters by facets: AND of ORs, with negation', () => {
    const record = FIXTURE[0]!;
    expect(
      facetTest([['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']])(record),
    ).toBe(true);
    expect(facetTest([['language:fr']])(record)).toBe(false);
    expect(facetTest([['-language:en']])(record)).toBe(false);
    expect(facetTest([[], ['-language:fr']])(record)).toBe(true);
    expect(urls('password', {facetFilters: [['language:de']]})).toEqual([]);
    const withFacets = engine.search({query: 'password', params: {facets: ['language']}});
    expect(withFacets.facets?.language?.en).toBe(withFacets.nbHits);
  });
  it('keeps each filter set apart, and judges records added after a query', () => {
    const grown = new SearchEngine();
    const [first, ...rest] = FIXTURE.map((r) => ({...r, language: r.url.includes('/stages/') ? 'de' : 'en'}));
    grown.add([first!], 0);
    const found = (filters: string[][]) =>
      grown.search({query: 'password', facetFilters: filters}).hits.map((h) => h.url_without_anchor);
    expect(found([['language:de']])).toEqual(['/stages/password/']);
    expect(found([['language:en']])).toEqual([]);
    grown.add(rest, 1);
    expect(found([['language:de']])).toContain('/stages/identification/');
    expect(found([['language:en']])).toContain('/notes/');
    expect(found([['-language:en']])).not.toContain('/notes/');
  });
  it('highlights and snippets a text alike, however many attributes a hit has', () => {
    const text = 'one two three four five six seven password eight nine ten eleven';
    const marker = new Marker(['password'], ['password'], '<em>', '</em>', '…');
    const marked = marker.text(text, 4);
    expect(marked.highlight).toEqual({
      value: 'one two three four five six seven <em>password</em> eight nine ten eleven',
      matchLevel: 'full',
      matchedWords: ['password'],
      fullyHighlighted: false,
    });
    expect(marked.snippet).toEqual({value: '…seven <em>password</em> eight nine…', matchLevel: 'full'});
    expect(marker.text(text).snippet).toBeUndefined();
    expect(marker.text('password').highlight.fullyHighlighted).toBe(true);
  });
  it('reads the v4 string form of params', () => {
    expect(
      readRequest({query: 'a', params: 'hitsPerPage=5&page=2&facetFilters=%5B%22language%3Aen%22%5D'}),
    ).toMatchObject({
      hitsPerPage: 5,
      page: 2,
      facetFilters: [['language:en']],
    });
  });
  it('returns nothing for an empty query', () => {
    expect(engine.search({query: '   '}).nbHits).toBe(0);
  });
});

/** The files the build would write for `records`, served from memory under `/a/`; counts fetches per file. */
function served(records: SearchRecord[], options?: Partial<TermIndexOptions>) {
  const built = buildTermIndex(records, '', options && {...DEFAULT_TERM_INDEX, ...options});
  // The index file at a fixed address, the others in their folder beside it.
  const index = '/a/index.json';
  const files = new Map([[index, built.meta.json], ...built.files.map((f) => [`/a/${f.path}`, f.json] as const)]);
  const fetched: string[] = [];
  const down = new Set<string>();
  const fetcher = async (url: string) => {
    fetched.push(url);
    if (down.has(url) || !files.has(url)) return new Response('gone', {status: 503});
    return new Response(files.get(url));
  };
  /** The whole index in one engine, as the build indexed it. */
  const whole = () => {
    const engine = new SearchEngine();
    engine.add(built.records, 0, built.leads);
    return engine;
  };
  return {built, index, files, fetcher, fetched, down, whole};
}

/** Pieces so small that a query needs only some of them. */
const TINY: Partial<TermIndexOptions> = {blockChars: 40, postingsNumbers: 12, recordsPerFile: 2};

/** A response with its timing left out, for comparing answers. */
const untimed = (response: {processingTimeMS: number}) => ({...response, processingTimeMS: 0});

describe('index in pieces', () => {
  const queries = [
    'password',
    'Password stage',
    'passw',
    'pasword',
    'certifcates',
    'AUTHENTIK_POSTGRESQL__HOST',
    'authenticator_totp',
    'authenticator_to',
    'CVE-2024-52289',
    'X-authentik-username',
    'backends',
    'proxy headers',
    'password nothing-like-this',
    'configuration',
    'bold',
    'the',
    'b',
    'zz',
    '',
  ];

  it('answers every query exactly as the whole index does, from pieces of any size', async () => {
    for (const options of [undefined, TINY]) {
      const {index, fetcher, whole} = served(FIXTURE, options);
      const engine = whole();
      const search = new TermSearch(index, fetcher);
      for (const query of queries) {
        for (const extra of [{}, {hitsPerPage: 2, page: 1}, {facets: ['type'], facetFilters: [['type:content']]}]) {
          const request = {indexName: 'docs', query, ...extra};
          const answer = (await search.search([request])).results[0]!;
          expect(untimed(answer), `${query} ${JSON.stringify(extra)}`).toEqual(untimed(engine.search(request)));
        }
      }
    }
  });

  it('fetches the index file once, and for a query only the vocabulary, postings and records it needs', async () => {
    const {built, index, fetcher, fetched} = served(FIXTURE, TINY);
    const search = new TermSearch(index, fetcher);
    const answer = (await search.search([{query: 'password', hitsPerPage: 1}])).results[0]!;
    expect(answer.hits[0]!.url).toBe('/stages/password/');
    const kinds = (prefix: string) => fetched.filter((url) => url.split('/').pop()!.startsWith(prefix));
    const all = (prefix: string) => built.files.filter((f) => f.path.split('/').pop()!.startsWith(prefix));
    expect(fetched[0]).toBe(index);
    expect(kinds('v').length).toBeGreaterThan(0);
    expect(kinds('v').length).toBeLessThan(all('v').length);
    expect(kinds('p').length).toBeLessThan(all('p').length);
    // The records of the one hit shown: one file.
    const dir = built.files[0]!.path.split('/')[0];
    expect(kinds('r')).toEqual([`/a/${dir}/r${Math.floor(Number(answer.hits[0]!.objectID) / 2)}.json`]);
    // What is fetched stays: the same query again fetches nothing.
    const count = fetched.length;
    await search.search([{query: 'password', hitsPerPage: 1}]);
    expect(fetched).toHaveLength(count);
    expect(fetched.filter((url) => url === index)).toHaveLength(1);
  });

  it(`looks for a mistyped word among the terms that share its first ${FUZZY_STEM} letters`, async () => {
    const {index, fetcher, whole} = served(FIXTURE);
    const search = new TermSearch(index, fetcher);
    const first = async (query: string) => (await search.search([{query}])).results[0]!.hits[0]?.url;
    expect(await first('pasword')).toBe('/stages/password/');
    expect(await first('passwrod')).toBe('/stages/password/');
    // The one difference from the whole index: a typo in the first letters is not forgiven.
    expect(whole().search({query: 'apssword'}).hits[0]?.url).toBe('/stages/password/');
    expect(await first('apssword')).toBeUndefined();
  });

  it('numbers records by type, documentation before news, and gives headings the start of their sections', () => {
    const records = [...FIXTURE, ...page('/releases/2024.2/', 'Release 2024.2', '## Fixes\n\nFixed a password bug.\n')];
    const {built} = served(records, {leadWords: 3});
    const meta = JSON.parse(built.meta.json) as {classes: [number, number, 0 | 1][]};
    const key = (r: SearchRecord) => RECORD_TYPES.indexOf(r.type) * 2 + (NEWS_ROUTE.test(r.url) ? 1 : 0);
    const keys = built.records.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    built.records.forEach((record, id) => {
      expect(classOf(meta.classes, id)).toEqual({type: record.type, news: NEWS_ROUTE.test(record.url)});
    });
    expect(() => classOf(meta.classes, built.records.length)).toThrow(/outside the index/);
    const id = (url: string) => built.records.findIndex((r) => r.url === url);
    expect(built.leads.get(id('/stages/password/#settings'))).toBe('The password stage');
    // A page record with a description, and the headings of release notes, get none.
    expect(built.leads.has(id('/stages/password/'))).toBe(false);
    expect(built.leads.has(id('/releases/2024.2/#fixes'))).toBe(false);
    expect(built.leads.get(id('/stages/identification/'))).toBe('Asks for a');
  });

  it('names its folder after the contents, and writes the same files for the same records', () => {
    const a = served(FIXTURE).built;
    const b = served(FIXTURE).built;
    expect(a.files).toEqual(b.files);
    expect(a.meta).toEqual(b.meta);
    const changed = served([...FIXTURE, ...page('/new/', 'New page', 'New words.\n')]).built;
    expect(changed.files[0]!.path.split('/')[0]).not.toBe(a.files[0]!.path.split('/')[0]);
    expect(a.meta.path).toMatch(/^search-index\.[0-9a-f]{10}\.json$/);
    expect(a.files.every((f) => /^search-[0-9a-f]{10}\/[vpr]\d+\.json$/.test(f.path))).toBe(true);
  });

  it('encodes postings so that they decode to themselves', () => {
    const postings = fc
      .array(
        fc.tuple(
          fc.integer({min: 0, max: 50}),
          fc.integer({min: 1, max: 9}),
          fc.integer({min: 0, max: 400}),
          fc.boolean(),
        ),
        {
          maxLength: 20,
        },
      )
      .map((rows) => {
        const ids = [...new Set(rows.map((r) => r[0]))].sort((a, b) => a - b);
        return ids.map((id) => rows.find((r) => r[0] === id)!);
      });
    fc.assert(
      fc.property(fc.array(postings, {minLength: 1, maxLength: 4}), (fields) => {
        const input: FieldPostings[] = fields.map((rows, field) => ({
          field,
          ids: rows.map((r) => r[0]),
          frequencies: rows.map((r) => r[1]),
          lengths: rows.map((r) => r[2]),
          onTitle: rows.map((r) => r[3]),
        }));
        expect(decodePostings(encodePostings(input))).toEqual(input);
      }),
    );
    expect(() => decodePostings([0, 5, 1])).toThrow(/cut short/);
  });

  it('finds the blocks that can hold any range of terms', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({unit: fc.constantFrom('a', 'b', 'c', '_'), minLength: 1, maxLength: 4}), {
          minLength: 1,
        }),
        fc.integer({min: 1, max: 5}),
        fc.string({unit: fc.constantFrom('a', 'b', 'c', '_'), maxLength: 3}),
        (terms, size, prefix) => {
          const sorted = [...terms].sort();
          const blocks: string[][] = [];
          for (let i = 0; i < sorted.length; i += size) blocks.push(sorted.slice(i, i + size));
          const found = blocksFor(
            blocks.map((b) => b[0]!),
            prefix,
            prefixEnd(prefix),
          );
          const wanted = sorted.filter((t) => t.startsWith(prefix));
          expect(found.flatMap((b) => blocks[b]!).filter((t) => t.startsWith(prefix))).toEqual(wanted);
        },
      ),
    );
  });

  it('a piece that fails: "unable to fetch", and the next query tries again', async () => {
    const {index, fetcher, down, files} = served(FIXTURE, TINY);
    for (const url of files.keys()) if (/\/p\d+\.json$/.test(url)) down.add(url);
    const client = createEmbeddedClient(index, {fetcher});
    await expect(client.search([{query: 'backends'}])).rejects.toMatchObject({name: 'RetryError'});
    down.clear();
    const again = await client.search([{query: 'backends'}]);
    expect(again.results[0]!.hits.map((h) => h.url)).toContain('/stages/password/#settings');
  });
});

describe('client', () => {
  it('accepts both request forms', () => {
    expect(requestsOf([{query: 'a'}])).toEqual([{query: 'a'}]);
    expect(requestsOf({requests: [{query: 'b'}]})).toEqual([{query: 'b'}]);
    expect(() => requestsOf('nope')).toThrow(TypeError);
  });
  it('loads the index file once and answers multi-queries', async () => {
    const {fetcher, fetched} = served(FIXTURE);
    const client = createEmbeddedClient('/a/index.json', {fetcher});
    const first = await client.search({requests: [{query: 'password'}, {query: 'proxy'}]});
    await client.search([{query: 'totp'}]);
    expect(first.results).toHaveLength(2);
    expect(fetched.filter((u) => u === '/a/index.json')).toHaveLength(1);
  });
  it('fails with a RetryError when the index file cannot load, and tries again next time', async () => {
    const {fetcher, down} = served(FIXTURE);
    down.add('/a/index.json');
    const client = createEmbeddedClient('/a/index.json', {fetcher});
    await expect(client.search([{query: 'password'}])).rejects.toMatchObject({name: 'RetryError'});
    down.clear();
    await expect(client.search([{query: 'password'}])).resolves.toHaveProperty('results');
  });
  it('talks to a worker by message, and reports its failures as RetryError', async () => {
    const {fetcher, down} = served(FIXTURE);
    const inside = new TermSearch('/a/index.json', fetcher);
    const worker: WorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage: (message) => {
        if (!('id' in message)) return;
        const {id, requests} = message;
        void (requests ? inside.search(requests).then((r) => r.results) : inside.loadMeta().then(() => [])).then(
          (results) => worker.onmessage?.({data: {id, results}} as MessageEvent<WorkerResponse>),
          (error: Error) => worker.onmessage?.({data: {id, error: error.message}} as MessageEvent<WorkerResponse>),
        );
      },
    };
    down.add('/a/index.json');
    const client = createEmbeddedClient('/a/index.json', {worker: () => worker});
    await expect(client.search([{query: 'password'}])).rejects.toMatchObject({name: 'RetryError'});
    down.clear();
    const answer = await client.search([{query: 'Password stage'}]);
    expect(answer.results[0]!.hits[0]!.url).toBe('/stages/password/');
  });
});

describe('sections', () => {
  it('gives every doc the label of its top-level entry', () => {
    const sections = sectionsBySidebar([
      {type: 'doc', id: 'index', label: 'Welcome'},
      {
        type: 'category',
        label: 'Apps',
        link: {type: 'doc', id: 'apps/index'},
        items: ['apps/a/index', {type: 'category', label: 'Inner', items: [{type: 'doc', id: 'apps/b/index'}]}],
      },
    ]);
    expect(Object.fromEntries(sections)).toEqual({
      index: 'Welcome',
      'apps/index': 'Apps',
      'apps/a/index': 'Apps',
      'apps/b/index': 'Apps',
    });
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('ranking misses of issue 20', () => {
  const site = [
    ...page('/stages/authenticator_validate/', 'Authenticator Validation stage', 'Checks a second factor.\n', 'Flows'),
    ...page('/stages/authenticator_totp/', 'TOTP Authenticator Setup stage', 'Enrolls time-based codes.\n', 'Flows'),
    ...page('/dev/contributing/', 'Contributing', 'Run `make test`; validate your change with a valid setup.\n', 'Dev'),
    ...page(
      '/install/configuration/',
      'Configuration',
      '| Setting | Default |\n| --- | --- |\n| `AUTHENTIK_POSTGRESQL__HOST` | `localhost` |\n| `AUTHENTIK_POSTGRESQL__PORT` | 5432 |\n',
      'Install',
    ),
    ...page(
      '/providers/oauth2/client_credentials/',
      'Machine-to-machine authentication',
      'Scripts get tokens with the client credentials grant.\n',
      'Providers',
    ),
    ...['2024.2', '2024.4', '2024.6', '2024.8', '2024.10', '2024.12'].flatMap((v) =>
      page(
        `/releases/${v}/`,
        `Release ${v}`,
        `Fixes for client credentials. The client credentials grant now works.\n`,
        'Releases',
      ),
    ),
    ...page('/security/cves/CVE-2024-1/', 'CVE-2024-1', 'Client credentials tokens could leak.\n', 'Security'),
    ...page('/flows/', 'Flows', 'Flows chain stages. Flows flows flows.\n', 'Flows'),
    ...page('/flows/examples/', 'Example flows', 'Example flows: flows for enrollment.\n', 'Flows'),
    ...page('/flows/executors/if-flow/', 'Default', 'The executor of the default interface.\n', 'Flows'),
    ...page('/flows/default/', 'Default flows', 'The default flows, and default default stages.\n', 'Flows'),
  ];
  const local = new SearchEngine(site);
  const pages = (query: string) => [...new Set(local.search({query}).hits.map((h) => h.url_without_anchor))];

  it('finds a stage from the start of its technical name', () => {
    expect(pages('authenticator_val')[0]).toBe('/stages/authenticator_validate/');
    expect(pages('authenticator_validate')[0]).toBe('/stages/authenticator_validate/');
    // Also when it is not the last word typed.
    expect(pages('authenticator_val stage')).toEqual(['/stages/authenticator_validate/']);
    expect(pages('AUTHENTIK_POSTGRESQL__')[0]).toBe('/install/configuration/');
    expect(routeName('https://x.org/a/authenticator_validate/#s')).toBe('authenticator_validate');
  });

  it('ranks the page that documents a feature above release notes and advisories', () => {
    expect(pages('client credentials')[0]).toBe('/providers/oauth2/client_credentials/');
    expect(pageWeight('https://x.org/releases/2024.2/')).toBeLessThan(1);
    expect(pageWeight('https://x.org/security/cves/CVE-2024-1/')).toBeLessThan(1);
    expect(pageWeight('https://x.org/providers/oauth2/')).toBe(1);
  });

  it('puts an exact title match first', () => {
    expect(pages('flows')[0]).toBe('/flows/');
    expect(pages('Example flows')[0]).toBe('/flows/examples/');
    expect(pages('default')[0]).toBe('/flows/executors/if-flow/');
    const keys = ['a', '', 'b'];
    expect(exactTitleFirst([{id: 0}, {id: 1}, {id: 2}], (id) => keys[id] === 'b').map((r) => r.id)).toEqual([2, 0, 1]);
  });

  it('leaves no doubled ellipsis for the search page, which adds its own', () => {
    const long = 'word '.repeat(40) + 'needle ' + 'word '.repeat(40);
    const response = new SearchEngine(page('/long/', 'Long', `${long}\n`)).multiSearch([{query: 'needle'}]);
    const value = response.results[0]!.hits.find((h) => h.type === 'content')!._snippetResult.content!.value;
    expect(value.endsWith('…')).toBe(true);
    const trimmed = withoutTrailingEllipsis(response).results[0]!.hits.find((h) => h.type === 'content')!._snippetResult
      .content!.value;
    expect(trimmed.startsWith('…')).toBe(true);
    expect(`${trimmed}...`).not.toMatch(/(…|\.\.\.)\.\.\.$/);
    expect(withoutTrailingEllipsis({results: [{hits: [{_snippetResult: {content: {value: 'how it...'}}}]}]})).toEqual({
      results: [{hits: [{_snippetResult: {content: {value: 'how it'}}}]}],
    });
  });
});

describe('search worker', () => {
  const query = {id: 1, indexUrl: '/a/index.json', requests: [{indexName: 'docs', query: 'password'}]};
  const hitUrl = (answer: WorkerResponse | undefined) =>
    answer && 'results' in answer ? (answer.results[0] as {hits: {url: string}[]}).hits[0]?.url : undefined;

  it('fetches the index file while the engine loads, once, and answers what waited', async () => {
    const {fetcher, fetched} = served(FIXTURE);
    const answers: WorkerResponse[] = [];
    let engineLoaded!: () => void;
    const engine = new Promise<void>((resolve) => (engineLoaded = resolve));
    const entry = createWorkerBoot(
      (m) => answers.push(m),
      fetcher,
      () => engine.then(() => createWorkerAnswerer),
    );
    entry({id: 0, indexUrl: '/a/index.json'});
    entry(query);
    // The fetch started before the engine arrived.
    expect(fetched).toEqual(['/a/index.json']);
    expect(answers).toEqual([]);
    engineLoaded();
    await vi.waitFor(() => expect(answers.map((a) => a.id).sort()).toEqual([0, 1]));
    expect(hitUrl(answers.find((a) => a.id === 1))).toMatch(/password/);
    expect(fetched.filter((url) => url === '/a/index.json')).toHaveLength(1);
  });

  it('with the index file named at start, fetches and reads it and loads the engine before any message', async () => {
    const {fetcher: serve, fetched} = served(FIXTURE);
    let read = 0;
    const fetcher: Fetcher = async (url) => {
      const response = await serve(url);
      return {ok: response.ok, status: response.status, json: () => ((read += 1), response.json())};
    };
    const answers: WorkerResponse[] = [];
    let loads = 0;
    const entry = createWorkerBoot(
      (m) => answers.push(m),
      fetcher,
      async () => {
        loads += 1;
        return createWorkerAnswerer;
      },
      '/a/index.json',
    );
    expect(fetched).toEqual(['/a/index.json']);
    expect(loads).toBe(1);
    // Read once the engine is in, with no message yet, and nothing answered.
    await vi.waitFor(() => expect(read).toBe(1));
    expect(answers).toEqual([]);
    entry(query);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(hitUrl(answers[0])).toMatch(/password/);
    expect(fetched.filter((url) => url === '/a/index.json')).toHaveLength(1);
    expect(loads).toBe(1);
  });

  it('answers every waiting message with an error when the engine cannot load, and tries again', async () => {
    const {fetcher} = served(FIXTURE);
    const answers: WorkerResponse[] = [];
    let attempts = 0;
    const entry = createWorkerBoot(
      (m) => answers.push(m),
      fetcher,
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('chunk gone');
        return createWorkerAnswerer;
      },
    );
    entry({id: 0, indexUrl: '/a/index.json'});
    entry(query);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(answers).toEqual([
      {id: 0, error: expect.stringMatching(/could not load: chunk gone/)},
      {id: 1, error: expect.stringMatching(/could not load: chunk gone/)},
    ]);
    entry({...query, id: 2});
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    expect(hitUrl(answers[2])).toMatch(/password/);
    expect(attempts).toBe(2);
  });

  it('an index file that fails is fetched again for the next query and its failure reported by id', async () => {
    const {fetcher, down} = served(FIXTURE);
    down.add('/a/index.json');
    const answers: WorkerResponse[] = [];
    const host = createWorkerAnswerer((m) => answers.push(m), fetcher);
    host(query);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toMatchObject({id: 1, error: expect.stringMatching(/503/)});
    down.delete('/a/index.json');
    host({...query, id: 2});
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(hitUrl(answers[1])).toMatch(/password/);
  });
});

describe('search worker started ahead of the client', () => {
  function fakeWorkers() {
    const made: (WorkerLike & {posted: unknown[]})[] = [];
    const make = (name: string) => {
      const worker = {name, posted: [] as unknown[], onmessage: null, onerror: null} as unknown as WorkerLike & {
        posted: unknown[];
      };
      worker.postMessage = (message) => void worker.posted.push(message);
      made.push(worker);
      return worker;
    };
    return {made, make};
  }

  it('starts one worker however often the reader shows intent, and has it load the index file', () => {
    const {made, make} = fakeWorkers();
    const starter = createWorkerStarter(make);
    starter.start('/a/index.json');
    starter.start('/a/index.json');
    expect(made).toHaveLength(1);
    expect(made[0]!.posted).toEqual([{id: 0, indexUrl: '/a/index.json'}]);
  });

  it('hands the worker over once, and starts no other after that', () => {
    const {made, make} = fakeWorkers();
    const starter = createWorkerStarter(make);
    starter.start('/a/index.json');
    expect(starter.take()).toBe(made[0]);
    starter.start('/a/index.json');
    expect(made).toHaveLength(1);
    expect(starter.take()).toBeUndefined();
  });

  it('drops a worker that fails before it is taken, so the next intent starts a new one', () => {
    const {made, make} = fakeWorkers();
    const starter = createWorkerStarter(make);
    starter.start('/a/index.json');
    made[0]!.onerror?.(new Event('error'));
    starter.start('/a/index.json');
    expect(made).toHaveLength(2);
    expect(starter.take()).toBe(made[1]);
  });

  it('starts nothing where no worker can be made', () => {
    const starter = createWorkerStarter(() => {
      throw new Error('no workers here');
    });
    expect(() => starter.start('/a/index.json')).not.toThrow();
    expect(starter.take()).toBeUndefined();
  });
});
