/**
 * Route data by section: the route table, the chunk names and the registry that Docusaurus
 * generates hold an entry for every page, and all three ride in `main.js` on every page. This module
 * rewrites them for the browser bundle so that `main.js` keeps only the routes that are not pages of
 * a section (the plugins' parent routes, the home page, the search page) and every section (the
 * first path segment below the base URL: `add-secure-apps`, `tags`, …, split into buckets when it
 * holds more pages than one section should: ./route-sections-path.ts) gets a module of its own with
 * its pages' routes, chunk names and registry entries. ./route-sections-runtime.ts loads a section
 * before a path of it is matched (./preload.ts, ./docusaurus.ts).
 *
 * Pure functions of the generated sources, so that the plan can be tested without a build. The
 * server bundle keeps the generated files as they are: it renders every page.
 */
import {planSplits, sectionChunkName, sectionOf, SIDEBAR_CHUNK_PREFIX, type SectionSplits} from './route-sections-path';
import {splitSidebars, type VersionData} from './sidebar-parts';
import {getOrCreate} from './collections';

export {sectionOf};

/** A route as `routes.js` declares it; `component` is the `ComponentCreator(path, hash)` call's arguments. */
export interface GeneratedRoute {
  path: string;
  component: {creator: [string, string?]};
  exact?: boolean;
  routes?: GeneratedRoute[];
  [property: string]: unknown;
}

/** Chunk names of one route: a chunk key, or an object or array of them (nested). */
export type ChunkNames = string | {[key: string]: ChunkNames} | ChunkNames[];

/** The three generated sources the plan reads. */
export interface GeneratedSources {
  /** `.docusaurus/routes.js` */
  routes: string;
  /** `.docusaurus/routesChunkNames.json`, parsed */
  chunkNames: Record<string, ChunkNames>;
  /** `.docusaurus/registry.js` */
  registry: string;
  /** `.docusaurus/globalData.json`, parsed */
  globalData: Record<string, Record<string, unknown>>;
  /** The docs version data modules (which hold the sidebars), when the sidebar is split too. */
  versions?: readonly VersionData[];
}

/** What the browser bundle gets instead. */
export interface SectionPlan {
  /** The main `routes.js`: the routes outside sections and the loader of every section. */
  routes: string;
  /** The main `routesChunkNames.json`. */
  chunkNames: string;
  /** The main `registry.js`. */
  registry: string;
  /** The main `globalData.json`. */
  globalData: string;
  /** Per docs version data file (relative to the generated folder), its source for the browser. */
  shells: Map<string, string>;
  /** The module `routes.js?sidebar=<n>` holds, by part number n. */
  parts: string[];
  /** Per section name, the module `routes.js?section=<name>` holds. */
  sections: Map<string, string>;
  /** The split sections (./route-sections-path.ts), which the main module hands the browser. */
  splits: SectionSplits;
}

/** Where the browser finds what the generated modules import. */
export interface SectionPlanOptions {
  /** The site's base URL, with its slashes (`/`, `/docs/`). */
  baseUrl: string;
  /** The absolute file of ./route-sections-runtime.ts. */
  runtimeFile: string;
  /** The absolute file of the generated `routes.js`, which the section modules are queries of. */
  routesFile: string;
  /** Pages above which a section is split (./route-sections-path.ts); its default otherwise. */
  sectionPages?: number;
  /** Items above which a collapsed category below the top level is a part (./sidebar-parts.ts). */
  partItems?: number;
}

/** Reads `routes.js`: an `export default [...]` of route objects with `ComponentCreator(...)` calls. */
export function readRoutes(source: string): GeneratedRoute[] {
  const body = source.replace(/^import \w+ from '[^']+';$/gm, '').replace(/^export default /m, 'return ');
  if (/^\s*(?:import|export)\b/m.test(body) || !/^return \[/m.test(body)) {
    throw new Error(
      'lean-client: routes.js is not in the shape route sections expect (imports, then `export default [`)',
    );
  }
  const creator = (path: string, hash?: string) => ({creator: hash === undefined ? [path] : [path, hash]});
  // The generated file is the build's own output, read here as data.
  const routes = new Function('ComponentCreator', body)(creator) as unknown;
  if (!Array.isArray(routes)) throw new Error('lean-client: routes.js does not export an array');
  return routes as GeneratedRoute[];
}

/**
 * One registry entry per line: `  "<key>": [() => import(...), "<path>", require.resolveWeak("<path>")],`;
 * the last one closes the object on its line (`],};`).
 */
const REGISTRY_ENTRY = /^ {2}"([^"\\]+)": (\[.*\]),?(?:\};)?$/;

/** An entry's module path: `), "<path>", require.resolveWeak(`. */
const MODULE_PATH = /\), ("(?:[^"\\]|\\.)*"), require\.resolveWeak\(/;

/**
 * A registry entry with its module path blanked. The path string is read only while rendering on the
 * server, where react-loadable reports which modules a page used; the browser never reads it, yet
 * every page would download one per route chunk (several kilobytes gzip).
 */
export function blankModulePath(entry: string): string {
  if (!MODULE_PATH.test(entry)) {
    throw new Error(
      `lean-client: a route registry entry has an unknown shape; its module path cannot be blanked: ${entry.slice(0, 120)}`,
    );
  }
  return entry.replace(MODULE_PATH, '), "", require.resolveWeak(');
}

/** The registry's entries by key, each as its source text (the array literal), module paths blanked. */
export function readRegistry(source: string): Map<string, string> {
  const lines = source.split('\n');
  const entries = new Map<string, string>();
  for (const line of lines) {
    const match = REGISTRY_ENTRY.exec(line);
    if (match?.[1] && match[2]) entries.set(match[1], blankModulePath(match[2]));
    else if (line.trim() !== '' && line !== 'export default {' && line !== '};') {
      throw new Error(`lean-client: registry.js has a line route sections cannot read: ${line.slice(0, 120)}`);
    }
  }
  return entries;
}

/** The docs plugin's global data: per plugin id, its versions, each with a list of every doc. */
const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';
interface GlobalDoc {
  id: string;
  path: string;
}
interface GlobalVersion {
  mainDocId: string;
  docs: GlobalDoc[];
}

/**
 * The docs lists of the global data, cut to the docs outside the split sections (and each version's
 * main doc, which the version dropdown links to): per section, the `[plugin id, version index, doc]`
 * entries its module puts back. The theme looks a page's doc up by path in that list (the version
 * dropdown's link to the same page), and the page's section is loaded before it renders.
 */
function splitGlobalDocs(
  globalData: GeneratedSources['globalData'],
  baseUrl: string,
  splits: SectionSplits,
  split: ReadonlySet<string>,
): {main: GeneratedSources['globalData']; bySection: Map<string, [string, number, GlobalDoc][]>} {
  const bySection = new Map<string, [string, number, GlobalDoc][]>();
  const plugins = globalData[DOCS_PLUGIN] as Record<string, {versions: GlobalVersion[]}> | undefined;
  if (!plugins) return {main: globalData, bySection};
  const leanPlugins = Object.fromEntries(
    Object.entries(plugins).map(([pluginId, data]) => [
      pluginId,
      {
        ...data,
        versions: data.versions.map((version, index) => ({
          ...version,
          docs: version.docs.filter((doc) => {
            const section = sectionOf(doc.path, baseUrl, splits);
            if (doc.id === version.mainDocId || !split.has(section)) return true;
            getOrCreate(bySection, section, () => []).push([pluginId, index, doc]);
            return false;
          }),
        })),
      },
    ]),
  );
  return {main: {...globalData, [DOCS_PLUGIN]: leanPlugins}, bySection};
}

/** Every chunk key a route's chunk names hold. */
export function chunkKeys(names: ChunkNames | undefined): string[] {
  if (names === undefined) return [];
  if (typeof names === 'string') return [names];
  return (Array.isArray(names) ? names : Object.values(names)).flatMap(chunkKeys);
}

function routeKey(route: GeneratedRoute): string {
  const [path, hash] = route.component.creator;
  return `${path}-${hash}`;
}

/** A route's source, with its children's array given by `children` (already written). */
function writeRoute(route: GeneratedRoute, children?: string): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(route)) {
    if (key === 'component') {
      parts.push(`component: ComponentCreator(${route.component.creator.map((a) => JSON.stringify(a)).join(', ')})`);
    } else if (key === 'routes') {
      parts.push(`routes: ${children ?? '[]'}`);
    } else {
      parts.push(`${JSON.stringify(key)}: ${JSON.stringify(value)}`);
    }
  }
  return `{${parts.join(', ')}}`;
}

interface SectionEntry {
  /** Which of the main module's child arrays the route belongs in. */
  array: number;
  /** Its place in that array among all the original entries. */
  index: number;
  route: GeneratedRoute;
}

/**
 * The plan: which routes leave `main.js` for which section, and the four kinds of module that say so.
 * A route leaves when it is a page (no child routes) inside a parent route and its path is in a
 * section; its chunk names go with it, and so does every registry entry that only that section's
 * routes use (an entry two sections share, such as the doc page component, stays in main).
 */
export function planSections(sources: GeneratedSources, options: SectionPlanOptions): SectionPlan {
  const routes = readRoutes(sources.routes);
  const registry = readRegistry(sources.registry);
  // The pages that leave main (a route without children inside a parent route) decide the splits.
  const pagePaths: string[] = [];
  const collect = (list: GeneratedRoute[], nested: boolean): void => {
    for (const route of list) {
      if (route.routes) collect(route.routes, true);
      else if (nested && route.path.startsWith(options.baseUrl))
        pagePaths.push(route.path.slice(options.baseUrl.length));
    }
  };
  collect(routes, false);
  const splits = planSplits(pagePaths, options.sectionPages);
  const bySection = new Map<string, SectionEntry[]>();
  const arrays: string[] = [];
  const mainKeys = new Set<string>();

  const write = (list: GeneratedRoute[], nested: boolean): string => {
    const kept: string[] = [];
    const moved: SectionEntry[] = [];
    list.forEach((route, index) => {
      const section = sectionOf(route.path, options.baseUrl, splits);
      if (nested && !route.routes && section !== '') {
        const entry = {array: -1, index, route};
        getOrCreate(bySection, section, () => []).push(entry);
        moved.push(entry);
        return;
      }
      for (const key of chunkKeys(sources.chunkNames[routeKey(route)])) mainKeys.add(key);
      const children = route.routes ? write(route.routes, true) : undefined;
      kept.push(nested ? `[${index}, ${writeRoute(route, children)}]` : writeRoute(route, children));
    });
    if (!nested) return `[\n  ${kept.join(',\n  ')}\n]`;
    const id = arrays.length;
    arrays.push(`ordered([${kept.join(',\n  ')}])`);
    for (const entry of moved) entry.array = id;
    return `a${id}`;
  };
  const top = write(routes, false);

  // Which sections use each registry key: a key one section alone uses goes with that section.
  const keySections = new Map<string, Set<string>>();
  for (const [section, entries] of bySection) {
    for (const {route} of entries) {
      for (const key of chunkKeys(sources.chunkNames[routeKey(route)])) {
        getOrCreate(keySections, key, () => new Set()).add(section);
      }
    }
  }
  const ownKeys = new Map<string, string[]>();
  for (const [key, users] of keySections) {
    if (users.size !== 1 || mainKeys.has(key) || !registry.has(key)) continue;
    const [section] = users;
    getOrCreate(ownKeys, section!, () => []).push(key);
  }

  const sidebars = splitSidebars(sources.versions ?? [], options.baseUrl, splits, options.partItems);
  const globalDocs = splitGlobalDocs(sources.globalData, options.baseUrl, splits, new Set(bySection.keys()));
  // Two sections whose chunks would have one name would load each other's routes.
  const chunkNames = new Map<string, string>();
  for (const section of bySection.keys()) {
    const other = chunkNames.get(sectionChunkName(section));
    if (other !== undefined) {
      throw new Error(`lean-client: the sections ${other} and ${section} would have one chunk name`);
    }
    chunkNames.set(sectionChunkName(section), section);
  }
  const movedRoutes = new Set<string>();
  const movedKeys = new Set<string>();
  const sections = new Map<string, string>();
  const runtime = JSON.stringify(options.runtimeFile);
  for (const [section, entries] of [...bySection].sort(([a], [b]) => a.localeCompare(b))) {
    const keys = ownKeys.get(section) ?? [];
    const names: Record<string, ChunkNames> = {};
    for (const {route} of entries) {
      const key = routeKey(route);
      if (sources.chunkNames[key] !== undefined) names[key] = sources.chunkNames[key];
      movedRoutes.add(key);
    }
    for (const key of keys) movedKeys.add(key);
    // The sidebar parts that link into the section ride in its chunk: no request of their own.
    const parts = sidebars.bySection.get(section) ?? [];
    sections.set(
      section,
      [
        ...parts.map((part) => `import p${part} from ${JSON.stringify(`${options.routesFile}?sidebar=${part}`)};`),
        `export const parts = [${parts.map((part) => `p${part}`).join(', ')}];`,
        `import ComponentCreator from '@docusaurus/ComponentCreator';`,
        `import registry from '@generated/registry';`,
        `import chunkNames from '@generated/routesChunkNames';`,
        `import globalData from '@generated/globalData';`,
        `import {install, installDocs} from ${runtime};`,
        `Object.assign(registry, {\n${keys.map((key) => `  ${JSON.stringify(key)}: ${registry.get(key)}`).join(',\n')}\n});`,
        `Object.assign(chunkNames, ${JSON.stringify(names)});`,
        `installDocs(globalData, ${JSON.stringify(globalDocs.bySection.get(section) ?? [])});`,
        `export default install([\n${entries
          .map(({array, index, route}) => `  [${array}, ${index}, ${writeRoute(route)}]`)
          .join(',\n')}\n]);`,
        '',
      ].join('\n'),
    );
  }

  const loaders = [...sections.keys()]
    .map(
      (section) =>
        `  ${JSON.stringify(section)}: () => import(/* webpackChunkName: ${JSON.stringify(sectionChunkName(section))} */ ` +
        `${JSON.stringify(`${options.routesFile}?section=${section}`)})`,
    )
    .join(',\n');
  const partLoaders = sidebars.parts
    .map(
      (_, part) =>
        `  ${part}: () => import(/* webpackChunkName: ${JSON.stringify(`${SIDEBAR_CHUNK_PREFIX}${part}`)} */ ` +
        `${JSON.stringify(`${options.routesFile}?sidebar=${part}`)})`,
    )
    .join(',\n');
  const mainRoutes = [
    `import ComponentCreator from '@docusaurus/ComponentCreator';`,
    `import registry from '@generated/registry';`,
    `import {ordered, sections} from ${runtime};`,
    ...arrays.map((array, id) => `const a${id} = ${array};`),
    `export default sections(${JSON.stringify(options.baseUrl)}, [${arrays.map((_, id) => `a${id}`).join(', ')}], {\n${loaders}\n}, ${top}, {`,
    `  registry,`,
    `  parts: {\n${partLoaders}\n  },`,
    // Parts for paths outside every section module (the home page's); the others ride in their section.
    `  bySection: ${JSON.stringify(Object.fromEntries([...sidebars.bySection].filter(([section]) => !sections.has(section))))},`,
    `  splits: ${JSON.stringify(splits)},`,
    `});`,
    '',
  ].join('\n');

  const mainNames = Object.fromEntries(Object.entries(sources.chunkNames).filter(([key]) => !movedRoutes.has(key)));
  const mainRegistry = [
    'export default {',
    ...[...registry]
      .filter(([key]) => !movedKeys.has(key))
      .map(([key, entry]) => `  ${JSON.stringify(key)}: ${entry},`),
    '};',
    '',
  ].join('\n');
  return {
    routes: mainRoutes,
    chunkNames: JSON.stringify(mainNames),
    registry: mainRegistry,
    globalData: JSON.stringify(globalDocs.main),
    shells: sidebars.shells,
    parts: sidebars.parts,
    sections,
    splits,
  };
}
