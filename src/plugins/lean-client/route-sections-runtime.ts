/**
 * The browser's side of route sections (./route-sections.ts): the main route table, the section
 * modules it loads on demand, and the place of each loaded route among its siblings.
 *
 * A parent route's children are matched in order (react-router takes the first match), so a
 * section's routes go back into their parent's array at the places they had in the generated table:
 * every child array keeps each entry's original index and stays sorted by it.
 */
import type {RouteConfig} from 'react-router-config';
import {sectionChunkName, sectionOf, type SectionSplits} from './route-sections-path';

import {CHUNK_MAPS_GLOBAL, chunkFile, type ChunkMaps} from './chunk-maps';

/**
 * The bundler's runtime: a chunk's file by id (`u`), the public path (`p`), and Docusaurus's address
 * of a named chunk (`gca`).
 */
interface BundlerRuntime {
  u: (chunkId: string) => string;
  p: string;
  gca?: (chunkName: string) => string | undefined;
}
declare const __webpack_require__: BundlerRuntime | undefined;

/**
 * The chunk maps the section chunks register (./chunk-maps.ts): the runtime's own maps no longer hold
 * a section's pages, so its file and name lookups ask these first.
 */
function extendRuntime(runtime: BundlerRuntime, maps: ChunkMaps): void {
  const fileOf = runtime.u;
  runtime.u = (chunkId) => {
    const hash = maps.hashes[chunkId];
    return hash === undefined ? fileOf(chunkId) : chunkFile(chunkId, hash);
  };
  const assetOf = runtime.gca;
  if (assetOf) {
    runtime.gca = (chunkName) => {
      const chunkId = maps.names[chunkName];
      return chunkId === undefined ? assetOf(chunkName) : runtime.p + runtime.u(chunkId);
    };
  }
}
if (typeof self !== 'undefined' && typeof __webpack_require__ !== 'undefined') {
  const global = self as unknown as Record<string, ChunkMaps | undefined>;
  global[CHUNK_MAPS_GLOBAL] ??= {
    hashes: Object.create(null) as Record<string, string>,
    names: Object.create(null) as Record<string, string>,
  };
  extendRuntime(__webpack_require__, global[CHUNK_MAPS_GLOBAL]);
}

type Route = RouteConfig & {path: string};

/** Each route's original place among its siblings. */
const places = new WeakMap<Route, number>();
let childArrays: Route[][] = [];
let base = '/';
let loaders: Record<string, () => Promise<unknown>> = {};
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const prefetched = new Set<string>();

/** A child array of the main table, from `[original index, route]` pairs. */
export function ordered(entries: [number, Route][]): Route[] {
  return entries.map(([place, route]) => {
    places.set(route, place);
    return route;
  });
}

/** Puts a section's routes into their parents' arrays, each at its original place. */
export function install(entries: [number, number, Route][]): Route[] {
  const touched = new Set<Route[]>();
  for (const [array, place, route] of entries) {
    const target = childArrays[array];
    if (!target) throw new Error(`route sections: no child array ${array} in the main route table`);
    places.set(route, place);
    target.push(route);
    touched.add(target);
  }
  for (const target of touched) target.sort((a, b) => (places.get(a) ?? 0) - (places.get(b) ?? 0));
  return entries.map(([, , route]) => route);
}

/** The slice of Docusaurus's global data a section puts its docs back into. */
type GlobalData = Record<string, Record<string, {versions: {docs: unknown[]}[]} | undefined> | undefined>;

/** Puts a section's docs back into the docs plugin's global data: `[plugin id, version index, doc]`. */
export function installDocs(globalData: GlobalData, entries: [string, number, unknown][]): void {
  for (const [pluginId, version, doc] of entries) {
    const docs = globalData['docusaurus-plugin-content-docs']?.[pluginId]?.versions[version]?.docs;
    if (!docs) throw new Error(`route sections: no docs list for ${pluginId}, version ${version}`);
    docs.push(doc);
  }
}

/** The sidebar's parts (./sidebar-parts.ts): each part's loader, and the parts of each section. */
export interface SidebarParts {
  /** Docusaurus's route registry, through which a part reaches the version data it completes. */
  registry: Record<string, [() => Promise<unknown>, ...unknown[]]>;
  parts: Record<number, () => Promise<unknown>>;
  bySection: Record<string, number[]>;
  /** The split sections (./route-sections-path.ts). */
  splits?: SectionSplits;
}
let sidebar: SidebarParts = {registry: {}, parts: {}, bySection: {}};
const partLoads = new Map<number, Promise<void>>();
const partItems = new Map<number, unknown[]>();
const partListeners = new Set<() => void>();

/** Called once by the main route table: its child arrays, every section's loader, the sidebar's parts. */
export function sections<T>(
  baseUrl: string,
  arrays: Route[][],
  sectionLoaders: Record<string, () => Promise<unknown>>,
  table: T,
  sidebarParts?: SidebarParts,
): T {
  base = baseUrl;
  childArrays = arrays;
  loaders = sectionLoaders;
  if (sidebarParts) sidebar = sidebarParts;
  return table;
}

interface PartContent {
  part: number;
  props: string;
  sidebar: string;
  path: number[];
  items: unknown[];
}
interface VersionModule {
  default: {version: {docsSidebars: Record<string, {items?: unknown[]}[] | undefined>}};
}

/**
 * Puts a part's items into the category of the version data it belongs to (the object the docs pages
 * render from), then tells the categories that wait for it.
 */
async function installPart(content: PartContent): Promise<void> {
  if (partItems.has(content.part)) return;
  const entry = sidebar.registry[content.props];
  if (!entry) throw new Error(`route sections: no version data ${content.props} for sidebar part ${content.part}`);
  const version = ((await entry[0]()) as VersionModule).default.version;
  // A part inside another is reached through that part's items, installed before it.
  let list: {items?: unknown[]}[] | undefined = version.docsSidebars[content.sidebar];
  let category: {items?: unknown[]} | undefined;
  for (const index of content.path) {
    category = list?.[index];
    list = category?.items as {items?: unknown[]}[] | undefined;
  }
  if (!category)
    throw new Error(`route sections: no category ${content.path.join('.')} for sidebar part ${content.part}`);
  category.items = content.items;
  partItems.set(content.part, content.items);
  for (const listener of partListeners) listener();
}

/**
 * The promise of a load, started once per key: a caller while it runs gets the same promise, and a
 * failed load (network lost) is forgotten, so the next caller tries again.
 */
function once<K>(cache: Map<K, Promise<void>>, key: K, start: () => Promise<void>): Promise<void> {
  let wait = cache.get(key);
  if (!wait) {
    wait = start().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, wait);
  }
  return wait;
}

/** Loads a part of the sidebar on its own, once (a category the reader opens), and installs it. */
export function loadPart(part: number): Promise<void> {
  const load = sidebar.parts[part];
  if (!load || partItems.has(part)) return Promise.resolve();
  return once(partLoads, part, () =>
    (load() as Promise<{default: PartContent}>).then(({default: content}) => installPart(content)),
  );
}

/** A part's items once it is loaded (for `useSyncExternalStore`). */
export function partItemsOf(part: number): unknown[] | undefined {
  return partItems.get(part);
}
export function onPartLoaded(listener: () => void): () => void {
  partListeners.add(listener);
  return () => partListeners.delete(listener);
}

/** The section names a path may belong to (as the browser sends it, and decoded). */
function namesOf(pathname: string): string[] {
  const names = new Set([sectionOf(pathname, base, sidebar.splits)]);
  try {
    names.add(sectionOf(decodeURI(pathname), base, sidebar.splits));
  } catch {
    // A malformed escape: the path as sent is all there is to match.
  }
  return [...names].filter((name) => Object.hasOwn(loaders, name) || Object.hasOwn(sidebar.bySection, name));
}

/**
 * Loads the section of a path, once; resolves at once when the path has no section or it is in. The
 * routes of that section are in the table when the promise resolves.
 */
export function loadSectionOf(pathname: string): Promise<void> {
  const waits = namesOf(pathname).map((name) =>
    once(loading, name, () => {
      const load = loaders[name] ?? (() => Promise.resolve({}));
      // The section's routes, then the sidebar parts its chunk carries; parts of a path outside
      // every section module load on their own.
      return Promise.all([
        load().then(async (module) => {
          // In the order of their numbers: a part inside another goes in after it.
          const parts = [...((module as {parts?: PartContent[]} | undefined)?.parts ?? [])];
          for (const part of parts.sort((a, b) => a.part - b.part)) await installPart(part);
        }),
        (async () => {
          for (const part of [...(sidebar.bySection[name] ?? [])].sort((a, b) => a - b)) await loadPart(part);
        })(),
      ]).then(() => {
        loaded.add(name);
      });
    }),
  );
  return waits.length === 0 ? Promise.resolve() : Promise.all(waits).then(() => undefined);
}

/**
 * Prefetches the chunk of each section of a path that is not loaded, as Docusaurus prefetches a
 * page's chunks: the browser fetches it at low priority and runs nothing. `prefetch` is Docusaurus's
 * helper (a `<link rel="prefetch">`). The page's own chunks are known once the section runs, on
 * hover or on the page change. Answers whether the path had a section not loaded: when it has none,
 * the route table already knows the page's chunks.
 */
export function prefetchSectionsOf(pathname: string, prefetch: (url: string) => Promise<void>): boolean {
  const missing = namesOf(pathname).filter((name) => Object.hasOwn(loaders, name) && !loaded.has(name));
  for (const name of missing) {
    if (prefetched.has(name)) continue;
    prefetched.add(name);
    const url =
      typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__.gca?.(sectionChunkName(name));
    if (url && !url.includes('undefined')) prefetch(url).catch(() => undefined);
  }
  return missing.length > 0;
}
