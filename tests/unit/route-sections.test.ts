/**
 * Route data by section (src/plugins/lean-client/route-sections.ts and its browser side): the plan is
 * run on generated files in Docusaurus's shape, and the modules it writes are then run as the browser
 * would run them. Once every section is loaded, the route table, the chunk names, the registry and
 * the docs list must be exactly the generated ones, in the same order; before, `main` holds none of a
 * section's pages.
 */
import {beforeEach, describe, expect, it, vi} from 'vitest';
import {planSections, readRoutes, sectionOf, type GeneratedSources} from '../../src/plugins/lean-client/route-sections';
import {bucketOf, planSplits, sectionChunkName} from '../../src/plugins/lean-client/route-sections-path';
import {firstLink, type SidebarItem, type VersionData} from '../../src/plugins/lean-client/sidebar-parts';

type Runtime = typeof import('../../src/plugins/lean-client/route-sections-runtime');

const ROUTES_FILE = '/site/.docusaurus/routes.js';
const RUNTIME_FILE = '/site/src/plugins/lean-client/route-sections-runtime.ts';

function leaf(path: string, hash: string, sidebar = true): string {
  return `{
        path: '${path}',
        component: ComponentCreator('${path}', '${hash}'),
        exact: true${sidebar ? ',\n        sidebar: "docs"' : ''}
      }`;
}

/** A site of the generated shape: a search page, the docs plugin's nested routes, tags, a 404. */
function generated(base: string): GeneratedSources {
  const docs = [
    [`${base}guide/a/`, 'a01'],
    [`${base}ref/x/`, 'x01'],
    [`${base}guide/b/`, 'b01'],
    [base, 'h01'],
    [`${base}ref/y/`, 'y01'],
    [`${base}guide/`, 'g01'],
  ] as const;
  const tags = [
    [`${base}tags/`, 't01'],
    [`${base}tags/one/`, 't02'],
  ] as const;
  const routes = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  ${leaf(`${base}search/`, 's01', false)},
  {
    path: '${base}',
    component: ComponentCreator('${base}', 'r01'),
    routes: [
      {
        path: '${base}',
        component: ComponentCreator('${base}', 'v01'),
        routes: [
          ${tags.map(([p, h]) => leaf(p, h, false)).join(',\n          ')},
          {
            path: '${base}',
            component: ComponentCreator('${base}', 'd01'),
            routes: [
              ${docs.map(([p, h]) => leaf(p, h)).join(',\n              ')}
            ]
          }
        ]
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*')
  }
];
`;
  const chunkNames: GeneratedSources['chunkNames'] = {
    [`${base}search/-s01`]: {__comp: 'c0search', __context: {plugin: 'p0search'}},
    [`${base}-r01`]: {__comp: 'c0root', __context: {plugin: 'p0docs'}},
    [`${base}-v01`]: {__comp: 'c0version', __props: 'v0props'},
    [`${base}-d01`]: {__comp: 'c0docroot'},
    [`${base}tags/-t01`]: {__comp: 'c0taglist', __props: 't0list'},
    [`${base}tags/one/-t02`]: {__comp: 'c0tag', __props: 't0one'},
  };
  for (const [p, h] of docs) chunkNames[`${p}-${h}`] = {__comp: 'c0docitem', content: `m0${h}`};
  const keys = new Set(Object.values(chunkNames).flatMap((names) => JSON.stringify(names).match(/[a-z]0\w+/g)!));
  const registry = `export default {\n${[...keys]
    .map(
      (key) =>
        `  "${key}": [() => import(/* webpackChunkName: "${key}" */ "@site/${key}.md"), "@site/${key}.md", require.resolveWeak("@site/${key}.md")],`,
    )
    .join('\n')}};\n`;
  const globalData = {
    'docusaurus-plugin-content-docs': {
      default: {
        path: base,
        versions: [
          {
            name: 'current',
            mainDocId: 'index',
            docs: docs.map(([p], i) => ({id: p === base ? 'index' : `doc${i}`, path: p, sidebar: 'docs'})),
          },
        ],
      },
    },
  };
  // The version data (registry key v0props): one sidebar, a home link and three categories, one
  // without a page of its own, one nested, one whose first page is in another section.
  const link = (href: string, label: string): SidebarItem => ({type: 'link', href, label, docId: label});
  const docsSidebar: SidebarItem[] = [
    link(base, 'Home'),
    {
      type: 'category',
      label: 'Guide',
      collapsed: true,
      collapsible: true,
      items: [
        link(`${base}guide/a/`, 'A'),
        {
          type: 'category',
          label: 'More',
          href: `${base}guide/`,
          collapsed: true,
          collapsible: true,
          items: [link(`${base}guide/b/`, 'B')],
        },
      ],
    },
    {
      type: 'category',
      label: 'Reference',
      href: `${base}ref/x/`,
      collapsed: true,
      collapsible: true,
      items: [link(`${base}ref/y/`, 'Y')],
    },
    {
      type: 'category',
      label: 'Elsewhere',
      collapsed: true,
      collapsible: true,
      items: [link('https://example.com/', 'Out'), link(`${base}guide/b/`, 'B again')],
    },
  ];
  const versions: VersionData[] = [
    {key: 'v0props', file: 'v0props.md', data: {version: {docsSidebars: {docs: docsSidebar}}}},
  ];
  return {routes, chunkNames, registry, globalData, versions};
}

/**
 * Runs a module the plan wrote, with its imports given (by request, or from `resolve` for any other);
 * `import()` calls go to `load`. Returns the module: its default export and its named ones.
 */
function run(
  code: string,
  imports: Record<string, unknown>,
  load: (request: string) => Promise<unknown>,
  resolve: (request: string) => unknown = (request) => {
    throw new Error(`unexpected import ${request}`);
  },
): {default: unknown; [name: string]: unknown} {
  const names: string[] = [];
  const values: unknown[] = [];
  const exported: string[] = [];
  const body = code
    .replace(/^import (\w+|\{[^}]+\}) from (['"])([^'"]+)\2;$/gm, (_all, binding: string, _q, from: string) => {
      const value = from in imports ? imports[from] : resolve(from);
      if (binding.startsWith('{')) {
        for (const name of binding
          .slice(1, -1)
          .split(',')
          .map((n) => n.trim())) {
          names.push(name);
          values.push((value as Record<string, unknown>)[name]);
        }
      } else {
        names.push(binding);
        values.push((value as {default: unknown}).default);
      }
      return '';
    })
    .replace(/^export const (\w+) = /gm, (_all, name: string) => {
      exported.push(name);
      return `const ${name} = `;
    })
    .replace(/\bimport\(/g, '__load(')
    .replace(/^export default /m, 'const __default = ');
  const ret = `\nreturn {default: __default${exported.map((n) => `, ${n}`).join('')}};`;
  // The bundler's weak reference to a module: its id; here, its request.
  const bundlerRequire = {resolveWeak: (request: string) => request};
  return new Function(...names, '__load', 'require', body + ret)(...values, load, bundlerRequire) as {
    default: unknown;
  };
}

/** The browser's view: the main modules run, sections and sidebar parts loaded by request. */
async function browser(sources: GeneratedSources, base: string, sectionPages?: number, partItems?: number) {
  vi.resetModules();
  const runtime = (await import('../../src/plugins/lean-client/route-sections-runtime')) as Runtime;
  const plan = planSections(sources, {
    baseUrl: base,
    runtimeFile: RUNTIME_FILE,
    routesFile: ROUTES_FILE,
    sectionPages,
    partItems,
  });
  const chunkNames = JSON.parse(plan.chunkNames) as Record<string, unknown>;
  const globalData = JSON.parse(plan.globalData) as GeneratedSources['globalData'];
  const shells = new Map([...plan.shells].map(([file, json]) => [file, JSON.parse(json) as VersionData['data']]));
  const creator = (path: string, hash?: string) => ({
    creator: hash === undefined ? [path] : [path, hash],
    // What ComponentCreator reads when it is called: the route's chunk names must be in by then.
    names: path === '*' ? undefined : chunkNames[`${path}-${hash}`],
  });
  const loaded: string[] = [];
  const part = (request: string) => {
    const code = plan.parts[Number(request.slice(`${ROUTES_FILE}?sidebar=`.length))];
    if (!request.startsWith(`${ROUTES_FILE}?sidebar=`) || code === undefined) throw new Error(`unknown ${request}`);
    loaded.push(`part ${request.slice(ROUTES_FILE.length)}`);
    return run(code, {}, async () => ({}));
  };
  // A registry entry's loader: a page's content, or the version data the browser gets (the shell).
  const registryLoad = async (request: string) => {
    const file = request.replace(/^@(?:generated|site)\//, '');
    return shells.has(file) ? {default: shells.get(file)} : {default: {}};
  };
  const registry = run(plan.registry, {}, registryLoad).default as Record<string, unknown[]>;
  const imports = {
    '@docusaurus/ComponentCreator': {default: creator},
    '@generated/registry': {default: registry},
    '@generated/routesChunkNames': {default: chunkNames},
    '@generated/globalData': {default: globalData},
    [RUNTIME_FILE]: runtime,
  };
  const load = async (request: string) => {
    if (request.startsWith(`${ROUTES_FILE}?sidebar=`)) return part(request);
    const section = request.slice(`${ROUTES_FILE}?section=`.length);
    const code = plan.sections.get(section);
    if (!request.startsWith(ROUTES_FILE) || code === undefined) throw new Error(`unknown request ${request}`);
    loaded.push(section);
    return run(code, imports, load, part);
  };
  const routes = run(plan.routes, imports, load).default;
  return {plan, runtime, routes, registry, chunkNames, globalData, shells, loaded};
}

/** The generated table as data, with what ComponentCreator read for each route. */
function expectedRoutes(sources: GeneratedSources) {
  const withNames = (route: ReturnType<typeof readRoutes>[number]): unknown => ({
    ...route,
    component: {
      ...route.component,
      names: route.path === '*' ? undefined : sources.chunkNames[route.component.creator.join('-')],
    },
    ...(route.routes ? {routes: route.routes.map(withNames)} : {}),
  });
  return readRoutes(sources.routes).map(withNames);
}

function normalise(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

describe.each(['/', '/docs/'])('route sections under the base path %s', (base) => {
  let sources: GeneratedSources;
  beforeEach(() => {
    sources = generated(base);
  });

  it('gives each section its pages and keeps the home page, the parents and the search page in main', async () => {
    const {plan} = await browser(sources, base);
    expect([...plan.sections.keys()]).toEqual(['guide', 'ref', 'tags']);
    expect(plan.routes).toContain(`"path": "${base}search/"`);
    expect(plan.routes).toContain(`ComponentCreator("${base}", "h01")`);
    for (const page of ['guide/a/', 'guide/b/', 'guide/', 'ref/x/', 'ref/y/', 'tags/one/']) {
      expect(plan.routes).not.toContain(`${base}${page}"`);
      expect(plan.chunkNames).not.toContain(`${base}${page}-`);
      expect(plan.globalData).not.toContain(`${base}${page}"`);
    }
    // A page's own content goes with its section; the doc page component, which all share, stays.
    expect(plan.registry).not.toContain('"m0a01": [');
    expect(plan.sections.get('guide')).toContain('"m0a01": [');
    expect(plan.registry).toContain('"c0docitem": [');
    expect(plan.sections.get('guide')).not.toContain('"c0docitem": [');
    // No module path reaches the browser.
    for (const code of [plan.registry, ...plan.sections.values()]) expect(code).not.toMatch(/"@site\/[^"]*", require/);
  });

  it('before any section is loaded, only the routes outside sections match', async () => {
    const {routes, loaded} = await browser(sources, base);
    const table = normalise(routes) as {routes?: {routes?: {routes?: {path: string}[]}[]}[]}[];
    expect(table[1]!.routes![0]!.routes!.at(-1)!.routes!.map((r) => r.path)).toEqual([base]);
    expect(loaded).toEqual([]);
  });

  it('loads the section of a path once, and only that one', async () => {
    const {runtime, loaded: all} = await browser(sources, base);
    const sectionsLoaded = () => all.filter((name) => !name.startsWith('part '));
    await Promise.all([runtime.loadSectionOf(`${base}guide/a/`), runtime.loadSectionOf(`${base}guide/b/`)]);
    await runtime.loadSectionOf(`${base}guide/`);
    expect(sectionsLoaded()).toEqual(['guide']);
    await runtime.loadSectionOf(base);
    await runtime.loadSectionOf(`${base}search/`);
    await runtime.loadSectionOf(`${base}no-such-section/page/`);
    await runtime.loadSectionOf('/elsewhere/');
    expect(sectionsLoaded()).toEqual(['guide']);
  });

  it('finds the section of an escaped path as the browser sends it', async () => {
    const {runtime, loaded: all} = await browser(sources, base);
    const sectionsLoaded = () => all.filter((name) => !name.startsWith('part '));
    await runtime.loadSectionOf(`${base}%72ef/x/`);
    await runtime.loadSectionOf(`${base}%E0%A4%A/x/`);
    expect(sectionsLoaded()).toEqual(['ref']);
  });

  it('once every section is in, the table, chunk names, registry and docs are the generated ones, in order', async () => {
    const {runtime, routes, registry, chunkNames, globalData} = await browser(sources, base);
    // Loaded in an order unlike the table's, so that each route must find its own place.
    for (const section of ['tags', 'ref', 'guide']) await runtime.loadSectionOf(`${base}${section}/`);
    expect(normalise(routes)).toEqual(normalise(expectedRoutes(sources)));
    expect(chunkNames).toEqual(sources.chunkNames);
    const all = run(
      planSections(sources, {baseUrl: base, runtimeFile: RUNTIME_FILE, routesFile: ROUTES_FILE}).registry,
      {},
      async () => ({}),
    ).default;
    expect(Object.keys(registry).sort()).toEqual(
      [...sources.registry.matchAll(/^ {2}"([^"]+)"/gm)].map((m) => m[1]).sort(),
    );
    expect(Object.keys(all as object).length).toBeLessThan(Object.keys(registry).length);
    const docs = (data: GeneratedSources['globalData']) =>
      (
        data['docusaurus-plugin-content-docs'] as {default: {versions: {docs: {path: string}[]}[]}}
      ).default.versions[0]!.docs.map((d) => d.path).sort();
    expect(docs(globalData)).toEqual(docs(sources.globalData));
  });

  it('a failed section load may be tried again', async () => {
    const {runtime, plan} = await browser(sources, base);
    let fail = true;
    runtime.sections(base, [], {guide: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve())}, []);
    await expect(runtime.loadSectionOf(`${base}guide/a/`)).rejects.toThrow('offline');
    fail = false;
    await expect(runtime.loadSectionOf(`${base}guide/a/`)).resolves.toBeUndefined();
    expect(plan.sections.size).toBe(3);
  });
});

/** The generated sidebar of the test site, whole. */
function fullSidebar(base: string): SidebarItem[] {
  return generated(base).versions![0]!.data.version.docsSidebars.docs!;
}

/** The sidebar as the browser holds it (the shell, with whatever parts went in). */
function shellOf(shells: Map<string, VersionData['data']>): SidebarItem[] {
  return shells.get('v0props.md')!.version.docsSidebars.docs!;
}

/** Items without their part numbers, to compare with the generated sidebar. */
function withoutParts(items: SidebarItem[]): SidebarItem[] {
  return JSON.parse(
    JSON.stringify(items, (key, value: unknown) => (key === '__part' ? undefined : value)),
  ) as SidebarItem[];
}

describe.each(['/', '/docs/'])('sidebar parts under the base path %s', (base) => {
  const full = () => fullSidebar(base);

  it('the browser first gets each category as a stub that names the same first page', async () => {
    const {shells, loaded} = await browser(generated(base), base);
    const shell = shellOf(shells);
    expect(shell).toHaveLength(full().length);
    full().forEach((item, i) => {
      expect(firstLink(shell[i]!)?.href).toBe(firstLink(item)?.href);
      if (item.type === 'category') expect(shell[i]!.items).toHaveLength(1);
    });
    expect(loaded).toEqual([]);
  });

  it("a section's chunk carries the parts that link into it, so its page's category is whole when it renders", async () => {
    const {runtime, shells, loaded} = await browser(generated(base), base);
    await runtime.loadSectionOf(`${base}ref/y/`);
    const shell = shellOf(shells);
    expect(withoutParts([shell[2]!])).toEqual([full()[2]]);
    expect(shell[1]!.items).toHaveLength(1);
    expect(loaded).toEqual(['ref', 'part ?sidebar=1']);
  });

  it('once every section is in, the sidebar is the generated one; a part two sections share is one object', async () => {
    const {runtime, shells} = await browser(generated(base), base);
    for (const section of ['guide', 'ref', 'tags']) await runtime.loadSectionOf(`${base}${section}/`);
    expect(withoutParts(shellOf(shells))).toEqual(full());
  });

  it('a category the reader opens loads its part by itself', async () => {
    const {runtime, shells, plan} = await browser(generated(base), base);
    const part = (shellOf(shells)[3] as {__part?: number}).__part!;
    expect(plan.parts[part]).toContain('https://example.com/');
    let told = 0;
    runtime.onPartLoaded(() => (told += 1));
    await runtime.loadPart(part);
    expect(runtime.partItemsOf(part)).toEqual(full()[3]!.items);
    expect(withoutParts([shellOf(shells)[3]!])).toEqual([full()[3]]);
    expect(told).toBe(1);
  });
});

describe.each(['/', '/docs/'])('sections split at one page each, under the base path %s', (base) => {
  const pages = ['guide/a/', 'ref/x/', 'guide/b/', '', 'ref/y/', 'guide/', 'tags/', 'tags/one/'];

  it("puts a split section's pages into buckets by their folder, and its own page in the section", async () => {
    const {plan} = await browser(generated(base), base, 1);
    expect(plan.splits).toEqual({guide: 2, ref: 2, tags: 1});
    expect(JSON.parse(/^ {2}splits: (.*),$/m.exec(plan.routes)![1]!)).toEqual(plan.splits);
    const names = [...plan.sections.keys()];
    expect(names).toContain('guide');
    expect(names).toContain('tags');
    expect(names).toContain('tags~0');
    expect(names.filter((n) => n.startsWith('ref~'))).toHaveLength(new Set([bucketOf('x', 2), bucketOf('y', 2)]).size);
    for (const code of plan.sections.values()) {
      expect((code.match(/^ {2}\[\d+, \d+, \{/gm) ?? []).length).toBeLessThanOrEqual(2);
    }
  });

  it('loads for each page the one section that has it, and then the table is the generated one', async () => {
    const sources = generated(base);
    const {runtime, routes, chunkNames, loaded} = await browser(sources, base, 1);
    for (const page of pages) {
      const before = loaded.filter((name) => !name.startsWith('part ')).length;
      await runtime.loadSectionOf(`${base}${page}`);
      const now = loaded.filter((name) => !name.startsWith('part '));
      expect(now.length - before).toBeLessThanOrEqual(1);
      if (page !== '') expect(now.at(-1)).toBe(sectionOf(`${base}${page}`, base, {guide: 2, ref: 2, tags: 1}));
    }
    expect(normalise(routes)).toEqual(normalise(expectedRoutes(sources)));
    expect(chunkNames).toEqual(sources.chunkNames);
  });

  it("a bucket's chunk carries the parts that link into it", async () => {
    const {runtime, shells, loaded} = await browser(generated(base), base, 1);
    await runtime.loadSectionOf(`${base}ref/y/`);
    const shell = shellOf(shells);
    expect(shell[2]!.items).toEqual(fullSidebar(base)[2]!.items);
    expect(shell[1]!.items).toHaveLength(1);
    expect(loaded).toEqual([`ref~${bucketOf('y', 2)}`, 'part ?sidebar=1']);
  });
});

describe.each(['/', '/docs/'])('sidebar parts inside parts, under the base path %s', (base) => {
  const full = () => fullSidebar(base);

  it('a collapsed category with more items than a part holds is a part inside its parent part', async () => {
    const {plan} = await browser(generated(base), base, undefined, 0);
    const guide = JSON.parse(plan.parts[0]!.replace(/^export default |;\n$/g, '')) as {
      path: number[];
      items: SidebarItem[];
    };
    const more = JSON.parse(plan.parts[1]!.replace(/^export default |;\n$/g, '')) as {
      path: number[];
      items: SidebarItem[];
    };
    expect(guide.path).toEqual([1]);
    expect(more.path).toEqual([1, 1]);
    expect(guide.items[1]!.items).toEqual([{type: 'link', label: 'B', href: `${base}guide/b/`}]);
    expect((guide.items[1] as {__part?: number}).__part).toBe(1);
    expect(more.items).toEqual(full()[1]!.items![1]!.items);
    // With the limit at its default, the same category stays in its parent's part.
    const {plan: whole} = await browser(generated(base), base);
    expect(whole.parts).toHaveLength(3);
  });

  it("a page's section carries every part around it, and they go in outermost first", async () => {
    const {runtime, shells, loaded} = await browser(generated(base), base, undefined, 0);
    await runtime.loadSectionOf(`${base}guide/b/`);
    // Guide (0), the category More inside it (1), and Elsewhere (3), which links to B again.
    expect(loaded).toEqual(['guide', 'part ?sidebar=0', 'part ?sidebar=1', 'part ?sidebar=3']);
    expect(withoutParts([shellOf(shells)[1]!])).toEqual([full()[1]]);
  });

  it('once every section is in, the sidebar is the generated one', async () => {
    const {runtime, shells} = await browser(generated(base), base, undefined, 0);
    for (const section of ['guide', 'ref', 'tags']) await runtime.loadSectionOf(`${base}${section}/`);
    expect(withoutParts(shellOf(shells))).toEqual(full());
  });

  it('a part inside another, opened by the reader, loads by itself once its parent is in', async () => {
    const {runtime, shells} = await browser(generated(base), base, undefined, 0);
    await runtime.loadPart(0);
    expect(shellOf(shells)[1]!.items![1]!.items).toHaveLength(1);
    await runtime.loadPart(1);
    expect(withoutParts([shellOf(shells)[1]!])).toEqual([full()[1]]);
  });
});

describe('sectionOf', () => {
  it('is the first segment below the base URL', () => {
    expect(sectionOf('/a/b/', '/')).toBe('a');
    expect(sectionOf('/a', '/')).toBe('a');
    expect(sectionOf('/', '/')).toBe('');
    expect(sectionOf('/docs/a/b/', '/docs/')).toBe('a');
    expect(sectionOf('/docs/', '/docs/')).toBe('');
    expect(sectionOf('/other/a/', '/docs/')).toBe('');
  });

  it("below a split prefix, is the bucket of the next segment, a deeper split, or the prefix's own page", () => {
    const splits = {a: 3, 'a/big': 2};
    expect(sectionOf('/a/', '/', splits)).toBe('a');
    expect(sectionOf('/a', '/', splits)).toBe('a');
    expect(sectionOf('/a/x/', '/', splits)).toBe(`a~${bucketOf('x', 3)}`);
    expect(sectionOf('/a/x/deep/er/', '/', splits)).toBe(`a~${bucketOf('x', 3)}`);
    expect(sectionOf('/a/x/index.html', '/', splits)).toBe(`a~${bucketOf('x', 3)}`);
    expect(sectionOf('/a/big/', '/', splits)).toBe('a/big');
    expect(sectionOf('/docs/a/big/y/', '/docs/', splits)).toBe(`a/big~${bucketOf('y', 2)}`);
    expect(sectionOf('/b/x/', '/', splits)).toBe('b');
    // Names an object has from its prototype are not splits.
    expect(sectionOf('/constructor/x/', '/', splits)).toBe('constructor');
    expect(sectionOf('/a/constructor/', '/', splits)).toBe(`a~${bucketOf('constructor', 3)}`);
  });

  it('gives a bucket the same number in every run and spreads folders over the buckets', () => {
    expect(bucketOf('providers', 7)).toBe(bucketOf('providers', 7));
    const counts = new Array<number>(8).fill(0);
    for (let i = 0; i < 800; i += 1) counts[bucketOf(`page-${i}`, 8)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(60);
  });
});

describe('planSplits', () => {
  const folder = (name: string, n: number) => Array.from({length: n}, (_, i) => `${name}/p${i}/`);

  it('splits nothing at or under the limit', () => {
    expect(planSplits([...folder('a', 4), ...folder('b', 4)], 4)).toEqual({});
  });

  it('splits a section over the limit into the buckets its pages need, and a folder over it again', () => {
    const paths = [
      'a/',
      ...folder('a/small', 3),
      ...folder('a/other', 3),
      ...folder('a/big', 9),
      'a/big/',
      ...folder('b', 5),
    ];
    // a: 3 + 3 pages go to buckets (2 at 4 each); a/big: 10 pages, 9 in folders of one page.
    expect(planSplits(paths, 4)).toEqual({a: 2, 'a/big': 3, b: 2});
  });

  it('leaves whole a section whose pages all sit at one path', () => {
    expect(planSplits(['a/', 'a/', 'a/'], 1)).toEqual({});
  });

  it('a split plan gives every page a section of at most the limit on average', () => {
    const paths = [...folder('r', 500), ...folder('s/t', 300)];
    const splits = planSplits(paths, 64);
    const sizes = new Map<string, number>();
    for (const p of paths) {
      const section = sectionOf(`/${p}`, '/', splits);
      sizes.set(section, (sizes.get(section) ?? 0) + 1);
    }
    expect(Math.max(...sizes.values())).toBeLessThan(64 * 1.6);
    expect([...sizes.values()].reduce((a, b) => a + b, 0) / sizes.size).toBeLessThanOrEqual(64);
    expect(new Set([...sizes.keys()].map(sectionChunkName)).size).toBe(sizes.size);
  });
});

describe('reading routes.js', () => {
  it('refuses a file in another shape', () => {
    expect(() => readRoutes('const routes = [];\nexport {routes};\n')).toThrow(/not in the shape/);
  });
});
