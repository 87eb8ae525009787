/**
 * Route data by section (src/plugins/lean-client/route-sections.ts and its browser side): the plan is
 * run on generated files in Docusaurus's shape, and the modules it writes are then run as the browser
 * would run them. Once every section is loaded, the route table, the chunk names, the registry and
 * the docs list must be exactly the generated ones, in the same order; before, `main` holds none of a
 * section's pages.
 */
import {beforeEach, describe, expect, it, vi} from 'vitest';
import {planSections, readRoutes, sectionOf, type GeneratedSources} from '../../src/plugins/lean-client/route-sections';

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
  return {routes, chunkNames, registry, globalData};
}

/** Runs a module the plan wrote, with its imports given; `import()` calls go to `load`. */
function run(code: string, imports: Record<string, unknown>, load: (request: string) => Promise<unknown>): unknown {
  const names: string[] = [];
  const values: unknown[] = [];
  const body = code
    .replace(/^import (\w+|\{[^}]+\}) from (['"])([^'"]+)\2;$/gm, (_all, binding: string, _q, from: string) => {
      if (!(from in imports)) throw new Error(`unexpected import ${from}`);
      if (binding.startsWith('{')) {
        for (const name of binding
          .slice(1, -1)
          .split(',')
          .map((n) => n.trim())) {
          names.push(name);
          values.push((imports[from] as Record<string, unknown>)[name]);
        }
      } else {
        names.push(binding);
        values.push(imports[from]);
      }
      return '';
    })
    .replace(/\bimport\(/g, '__load(')
    .replace(/^export default /m, 'return ');
  // The bundler's weak reference to a module: its id; here, its request.
  const bundlerRequire = {resolveWeak: (request: string) => request};
  return new Function(...names, '__load', 'require', body)(...values, load, bundlerRequire) as unknown;
}

/** The browser's view: the main modules run, sections loaded by request. */
async function browser(sources: GeneratedSources, base: string) {
  vi.resetModules();
  const runtime = (await import('../../src/plugins/lean-client/route-sections-runtime')) as Runtime;
  const plan = planSections(sources, {baseUrl: base, runtimeFile: RUNTIME_FILE, routesFile: ROUTES_FILE});
  const registry = run(plan.registry, {}, async () => ({})) as Record<string, unknown[]>;
  const chunkNames = JSON.parse(plan.chunkNames) as Record<string, unknown>;
  const globalData = JSON.parse(plan.globalData) as GeneratedSources['globalData'];
  const creator = (path: string, hash?: string) => ({
    creator: hash === undefined ? [path] : [path, hash],
    // What ComponentCreator reads when it is called: the route's chunk names must be in by then.
    names: path === '*' ? undefined : chunkNames[`${path}-${hash}`],
  });
  const loaded: string[] = [];
  const imports = {
    '@docusaurus/ComponentCreator': creator,
    '@generated/registry': registry,
    '@generated/routesChunkNames': chunkNames,
    '@generated/globalData': globalData,
    [RUNTIME_FILE]: runtime,
  };
  const load = async (request: string) => {
    const section = request.slice(`${ROUTES_FILE}?section=`.length);
    const code = plan.sections.get(section);
    if (!request.startsWith(ROUTES_FILE) || code === undefined) throw new Error(`unknown request ${request}`);
    loaded.push(section);
    return {default: run(code, imports, load)};
  };
  const routes = run(plan.routes, imports, load);
  return {plan, runtime, routes, registry, chunkNames, globalData, loaded};
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
    const {runtime, loaded} = await browser(sources, base);
    await Promise.all([runtime.loadSectionOf(`${base}guide/a/`), runtime.loadSectionOf(`${base}guide/b/`)]);
    await runtime.loadSectionOf(`${base}guide/`);
    expect(loaded).toEqual(['guide']);
    await runtime.loadSectionOf(base);
    await runtime.loadSectionOf(`${base}search/`);
    await runtime.loadSectionOf(`${base}no-such-section/page/`);
    await runtime.loadSectionOf('/elsewhere/');
    expect(loaded).toEqual(['guide']);
  });

  it('finds the section of an escaped path as the browser sends it', async () => {
    const {runtime, loaded} = await browser(sources, base);
    await runtime.loadSectionOf(`${base}%72ef/x/`);
    await runtime.loadSectionOf(`${base}%E0%A4%A/x/`);
    expect(loaded).toEqual(['ref']);
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
    );
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

describe('sectionOf', () => {
  it('is the first segment below the base URL', () => {
    expect(sectionOf('/a/b/', '/')).toBe('a');
    expect(sectionOf('/a', '/')).toBe('a');
    expect(sectionOf('/', '/')).toBe('');
    expect(sectionOf('/docs/a/b/', '/docs/')).toBe('a');
    expect(sectionOf('/docs/', '/docs/')).toBe('');
    expect(sectionOf('/other/a/', '/docs/')).toBe('');
  });
});

describe('reading routes.js', () => {
  it('refuses a file in another shape', () => {
    expect(() => readRoutes('const routes = [];\nexport {routes};\n')).toThrow(/not in the shape/);
  });
});
