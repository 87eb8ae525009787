/**
 * Less JavaScript, and shorter tasks, on every page, by bundler configuration: no theme component is
 * swizzled; where a module is replaced, its stand-in here keeps the contract of the one it replaces.
 *
 * - `@docusaurus/utils-common` resolves to ./utils-common.ts, the same functions without tslib
 *   (about 4 KB gzip of `main.js`).
 * - The browser's route registry carries no module paths (./registry.cjs; only server rendering
 *   reads them).
 * - The theme's page-change progress bar (`nprogress`) loads only for a page change slow enough to
 *   show it (./nprogress.ts replaces the theme's client module).
 * - A link's prefetch of its page's chunks waits for idle time (./docusaurus.ts replaces the
 *   client entry's `./docusaurus` module): on a phone the prefetches of all links on screen were
 *   one long task right after hydration.
 * - The theme's window-size hook updates in a transition (./useWindowSize.ts replaces theme-common's):
 *   on a phone the switch to the mobile sidebar and table of contents after hydration was one long task.
 * - Chunk files are named by chunk id, not by chunk name. With names, the runtime that every page
 *   loads first holds a map from each of the several hundred chunk ids to its name, beside the map
 *   from names to ids that prefetching needs; with ids, only the second is left.
 *
 * Every replacement is listed in ./replacements.ts. The plugin refuses to start when a replaced
 * Docusaurus file is gone, and fails the client build when a replacement did not apply (its stand-in is
 * not bundled, the original still is, or the registry was not blanked), naming the Docusaurus module:
 * an upgrade cannot make one silently stop applying. tests/site/lean-pages.test.ts checks the built
 * result; tests/e2e/chrome.spec.ts checks that prefetches are queued and still happen.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {WebpackPluginInstance} from 'webpack';
import {missingTargets, REPLACEMENTS, unappliedReplacements, type Replacement} from './replacements';
import {planSections, type GeneratedSources, type SectionPlan} from './route-sections';
import type {VersionData} from './sidebar-parts';
import {
  CHUNK_FILE,
  chunksBySection,
  parseChunkFile,
  registration,
  withoutEntries,
  type ChunkInfo,
  type GroupNode,
} from './chunk-maps';
import {SECTION_CHUNK_PREFIX} from './route-sections-path';

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What the bundler tells a module replacement about the request it may change. */
interface ResolveRequest {
  request: string;
  context: string;
}

/** The slice of the bundler's compiler and compilation that the check after the build reads. */
interface CheckedCompiler {
  hooks: {
    thisCompilation: {tap: (name: string, fn: (compilation: CheckedCompilation) => void) => void};
    afterCompile: {tap: (name: string, fn: (compilation: CheckedCompilation) => void) => void};
  };
}
interface CheckedCompilation {
  modules: Iterable<{resource?: string}>;
  errors: unknown[];
  getAssets: () => readonly {name: string; source: {source: () => string | Buffer}}[];
}

/**
 * A registry entry whose module path was left in, as the minifier writes it:
 * `…then(n.bind(n,123)),"@site/docs/a.md",123]`. A page's own metadata names its source file too
 * (`source:"@site/…"`), which is not this shape.
 */
const REGISTRY_PATH = /\)\s*,\s*"@site\/[^"]*"\s*,\s*"?\d+"?\s*\]/;

/**
 * Fails the client build when a replacement did not apply: the stand-in is not bundled, the original
 * still is, the route table was not split as planned, or module paths reached the browser's code.
 * It reads the compilation's result, not whether a loader ran: under a persistent bundler cache (off
 * today, see "Build memory" in ARCHITECTURE.md) a build runs no loader on an unchanged module.
 */
class ReplacementCheck {
  constructor(
    private readonly replacements: readonly Replacement[],
    private readonly sections: number,
  ) {}

  apply(compiler: CheckedCompiler) {
    compiler.hooks.afterCompile.tap('authentik-lean-client', (compilation) => {
      const bundled = new Set<string>();
      let sections = 0;
      for (const module of compilation.modules) {
        if (!module.resource) continue;
        bundled.add(module.resource.replace(/\?.*$/, ''));
        if (/[\\/]routes\.js\?section=/.test(module.resource)) sections += 1;
      }
      const withPaths = compilation
        .getAssets()
        .filter(({name, source}) => name.endsWith('.js') && REGISTRY_PATH.test(source.source().toString()))
        .map(({name}) => name);
      const result = {bundled, sections: {planned: this.sections, bundled: sections}, withPaths};
      for (const problem of unappliedReplacements(this.replacements, result))
        compilation.errors.push(new Error(problem));
    });
  }
}

/** The slice of the bundler's chunk graph and assets that the chunk-map split reads and writes. */
interface BundlerChunk {
  id: string | null | undefined;
  name?: string | null;
  files: ReadonlySet<string>;
}
interface BundlerChunkGroup {
  name?: string | null;
  chunks: readonly BundlerChunk[];
  childrenIterable: Iterable<BundlerChunkGroup>;
  getRuntimeChunk: () => BundlerChunk;
}
interface SplitCompilation {
  entrypoints: ReadonlyMap<string, BundlerChunkGroup>;
  hooks: {processAssets: {tap: (options: {name: string; stage: number}, fn: () => void) => void}};
  getAsset: (file: string) => {source: {source: () => string | Buffer}} | undefined;
  updateAsset: (file: string, source: unknown) => void;
  errors: unknown[];
}
interface SplitCompiler {
  webpack: {
    Compilation: {PROCESS_ASSETS_STAGE_OPTIMIZE: number};
    sources: {RawSource: new (source: string) => unknown};
  };
  hooks: {thisCompilation: {tap: (name: string, fn: (compilation: SplitCompilation) => void) => void}};
}

/**
 * Moves the runtime's map entries of each section's page chunks into that section's chunk file
 * (./chunk-maps.ts). Runs before minification and before the bundler makes content hashes final.
 */
class ChunkMapSplit {
  apply(compiler: SplitCompiler) {
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap('authentik-lean-client', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'authentik-lean-client', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE},
        () => {
          const entry = compilation.entrypoints.get('main');
          if (!entry) return;
          const infos = new Map<BundlerChunk, ChunkInfo | undefined>();
          const info = (chunk: BundlerChunk): ChunkInfo | undefined => {
            if (!infos.has(chunk)) {
              const file = [...chunk.files].map(parseChunkFile).find((f) => f?.id === String(chunk.id));
              infos.set(chunk, file && {id: file.id, hash: file.hash, ...(chunk.name ? {name: chunk.name} : {})});
            }
            return infos.get(chunk);
          };
          const nodes = new Map<BundlerChunkGroup, GroupNode>();
          const node = (group: BundlerChunkGroup): GroupNode => {
            let made = nodes.get(group);
            if (made) return made;
            made = {
              ...(group.name ? {name: group.name} : {}),
              chunks: group.chunks.map(info).filter((c): c is ChunkInfo => c !== undefined),
              children: [],
            };
            nodes.set(group, made);
            made.children = [...group.childrenIterable].map(node);
            return made;
          };
          const bySection = chunksBySection(node(entry), (name) => name.startsWith(SECTION_CHUNK_PREFIX));
          const runtimeFile = [...entry.getRuntimeChunk().files].find((file) => file.endsWith('.js'));
          const runtime = runtimeFile && compilation.getAsset(runtimeFile);
          if (!runtimeFile || !runtime) {
            compilation.errors.push(new Error('lean-client: the runtime chunk of the main entry was not found'));
            return;
          }
          try {
            compilation.updateAsset(
              runtimeFile,
              new sources.RawSource(withoutEntries(runtime.source.source().toString(), [...bySection.values()].flat())),
            );
            for (const [section, chunks] of bySection) {
              const group = [...nodes.keys()].find((g) => g.name === section);
              const file = group?.chunks.flatMap((c) => [...c.files]).find((f) => f.endsWith('.js'));
              const asset = file && compilation.getAsset(file);
              if (!file || !asset) throw new Error(`lean-client: the chunk file of ${section} was not found`);
              compilation.updateAsset(
                file,
                new sources.RawSource(asset.source.source().toString() + registration(chunks)),
              );
            }
          } catch (error) {
            compilation.errors.push(error);
          }
        },
      );
    });
  }
}

/**
 * The bundler's module replacement for one stand-in. A stand-in that wraps its original (the client
 * entry's `./docusaurus`) replaces the relative request from the original's own folder only, so that
 * its own import of the original still reaches it; every other replaces the resolved file.
 */
function replacementPlugin(
  bundler: {NormalModuleReplacementPlugin: new (...args: never[]) => unknown},
  r: Replacement,
) {
  const Plugin = bundler.NormalModuleReplacementPlugin as unknown as new (
    test: RegExp,
    to: string | ((data: ResolveRequest) => void),
  ) => WebpackPluginInstance;
  if (!r.wrapsOriginal) return new Plugin(new RegExp(`^${escapeRegex(r.originalFile)}$`), r.replacementFile);
  const folder = path.dirname(r.originalFile);
  const request = `./${path.basename(r.originalFile).replace(/\.js$/, '')}`;
  return new Plugin(new RegExp(`^${escapeRegex(request)}$`), (data: ResolveRequest) => {
    if (path.resolve(data.context) === folder) data.request = r.replacementFile;
  });
}

export interface LeanClientOptions {
  /** The replacements to make; the default is every one of ./replacements.ts. Tests point one elsewhere. */
  replacements?: readonly Replacement[];
}

/** The generated files the plan reads, besides the docs version data. */
const GENERATED_INPUTS = ['routes.js', 'routesChunkNames.json', 'registry.js', 'globalData.json'];

/**
 * The docs version data modules of the registry (the JSON files under the generated folder whose
 * `version` holds `docsSidebars`), by registry key.
 */
function versionData(context: LoadContext, registry: string): VersionData[] {
  const out: VersionData[] = [];
  for (const match of registry.matchAll(
    /^ {2}"([^"]+)": \[\(\) => import\(\/\* [^*]*\*\/ "@generated\/([^"]+\.json)"\)/gm,
  )) {
    const file = match[2]!;
    const data = JSON.parse(fs.readFileSync(path.join(context.generatedFilesDir, file), 'utf8')) as {
      version?: {docsSidebars?: unknown};
    };
    if (data.version?.docsSidebars) out.push({key: match[1]!, file, data: data as VersionData['data']});
  }
  return out;
}

/** The plan for this build's generated route files (./route-sections.ts). */
function sectionPlan(context: LoadContext): SectionPlan {
  const read = (file: string) => fs.readFileSync(path.join(context.generatedFilesDir, file), 'utf8');
  const registry = read('registry.js');
  return planSections(
    {
      routes: read('routes.js'),
      chunkNames: JSON.parse(read('routesChunkNames.json')) as GeneratedSources['chunkNames'],
      registry,
      globalData: JSON.parse(read('globalData.json')) as GeneratedSources['globalData'],
      versions: versionData(context, registry),
    },
    {
      baseUrl: context.baseUrl,
      runtimeFile: path.join(__dirname, 'route-sections-runtime.ts'),
      routesFile: path.join(context.generatedFilesDir, 'routes.js'),
    },
  );
}

/** The loader rules that give the generated route files their planned sources. */
function sectionRules(context: LoadContext, plan: SectionPlan) {
  const sources: Record<string, string> = {
    'routes.js': plan.routes,
    'routesChunkNames.json': plan.chunkNames,
    'registry.js': plan.registry,
    'globalData.json': plan.globalData,
  };
  for (const [name, source] of plan.sections) sources[`routes.js?section=${name}`] = source;
  plan.parts.forEach((source, part) => (sources[`routes.js?sidebar=${part}`] = source));
  for (const [file, source] of plan.shells) sources[file] = source;
  const root = context.generatedFilesDir;
  const inputs = [...GENERATED_INPUTS, ...plan.shells.keys()].map((file) => path.join(root, file));
  const generated = {loader: path.join(__dirname, 'generated.cjs'), options: {root, inputs, sources}};
  // One rule for every generated file the plan replaces (a string condition matches a path that
  // starts with it; `routes.js` takes its `?section=` and `?sidebar=` queries with it).
  return [{include: inputs, use: [generated]}];
}

export default function leanClientPlugin(context: LoadContext, options?: unknown): Plugin {
  const replacements = (options as LeanClientOptions | undefined)?.replacements ?? REPLACEMENTS;
  const missing = missingTargets(replacements);
  if (missing.length > 0) throw new Error(missing.join('\n'));
  return {
    name: 'authentik-lean-client',
    configureWebpack: (config, isServer, {currentBundler}) => {
      const production = !isServer && config.mode === 'production';
      // The development server keeps Docusaurus's readable chunk names and its route files as they are.
      const plan = production ? sectionPlan(context) : undefined;
      return {
        plugins: isServer
          ? []
          : [
              ...replacements.map((r) => replacementPlugin(currentBundler.instance, r)),
              ...(plan
                ? [
                    new ReplacementCheck(replacements, plan.sections.size) as unknown as WebpackPluginInstance,
                    new ChunkMapSplit() as unknown as WebpackPluginInstance,
                  ]
                : []),
            ],
        ...(plan ? {output: {chunkFilename: CHUNK_FILE}, module: {rules: sectionRules(context, plan)}} : {}),
      };
    },
  };
}
