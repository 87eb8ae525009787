/**
 * The runtime's chunk maps by route section. The bundler's runtime, which every page loads first,
 * holds two maps with an entry for every chunk: chunk id to content hash (`__webpack_require__.u`,
 * which names a chunk's file) and chunk name to id (Docusaurus's `__webpack_require__.gca`, which a
 * prefetch uses). Most chunks are pages, reachable only through their route section's module
 * (./route-sections.ts), so their entries move out of the runtime into the file of that section's
 * chunk, which registers them when it runs, before any of its pages is loaded
 * (./route-sections-runtime.ts reads them).
 *
 * This runs on the build's output, after the chunk files are written and before their hashes are
 * made final: the bundler then replaces every hash with the file's real content hash wherever it
 * occurs, in the section files as in the runtime.
 */
import {getOrCreate} from './collections';

/** The global the section chunks register their entries on, and the runtime reads. */
export const CHUNK_MAPS_GLOBAL = 'authentikRouteChunks';

/** The file of a chunk the bundler loads on demand (`output.chunkFilename`). */
export const CHUNK_FILE = 'assets/js/[id].[contenthash:8].js';

/** A chunk's file from its id and hash, as `CHUNK_FILE` names it. */
export function chunkFile(id: string, hash: string): string {
  return `assets/js/${id}.${hash}.js`;
}

/** A chunk's id and hash from its file's name, or undefined for another file. */
export function parseChunkFile(file: string): {id: string; hash: string} | undefined {
  const match = /^assets\/js\/([^/.]+)\.([0-9a-f]{8})\.js$/.exec(file);
  return match ? {id: match[1]!, hash: match[2]!} : undefined;
}

/** What the section chunks registered: each chunk's hash by id, and id by name. */
export interface ChunkMaps {
  hashes: Record<string, string>;
  names: Record<string, string>;
}

/** The part of a chunk the split reads. */
export interface ChunkInfo {
  id: string;
  /** The chunk's name, when it has one (`routes-<section>`, a registry key). */
  name?: string;
  /** The hash in its file name, as the runtime's map holds it. */
  hash: string;
}

/** One entry of a map as the runtime's code holds it before minification: `"key":"value"`. */
function entryPattern(key: string, value: string): RegExp {
  const quoted = (text: string) => JSON.stringify(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${quoted(key)}\\s*:\\s*${quoted(value)}\\s*,?`);
}

/**
 * The runtime's source without the map entries of the given chunks (their id → hash and name → id).
 * Throws when an entry is not found exactly once: the runtime's code is not in the shape this
 * expects, and a chunk whose entry stayed would still load, but one whose entry vanished twice would not.
 */
export function withoutEntries(runtime: string, chunks: readonly ChunkInfo[]): string {
  let out = runtime;
  const remove = (key: string, value: string) => {
    const pattern = entryPattern(key, value);
    const global = new RegExp(pattern.source, 'g');
    const count = out.match(global)?.length ?? 0;
    if (count !== 1) {
      throw new Error(
        `lean-client: the runtime holds the map entry ${JSON.stringify(key)}: ${JSON.stringify(value)} ${count} times, not once; ` +
          'the chunk maps cannot be split. See "Lean client" in ARCHITECTURE.md.',
      );
    }
    out = out.replace(pattern, '');
  };
  for (const chunk of chunks) {
    remove(chunk.id, chunk.hash);
    if (chunk.name !== undefined) remove(chunk.name, chunk.id);
  }
  // A removed last entry leaves a comma before the closing brace.
  return out.replace(/,(\s*\})/g, '$1');
}

/** The statement a section's chunk file ends with: it registers its pages' entries. */
export function registration(chunks: readonly ChunkInfo[]): string {
  const hashes = Object.fromEntries(chunks.map((c) => [c.id, c.hash]));
  const names = Object.fromEntries(chunks.filter((c) => c.name !== undefined).map((c) => [c.name!, c.id]));
  const target = `self[${JSON.stringify(CHUNK_MAPS_GLOBAL)}]`;
  return (
    `\n;(function(m){Object.assign(m.hashes,${JSON.stringify(hashes)});Object.assign(m.names,${JSON.stringify(names)});})` +
    `(${target}=${target}||{hashes:Object.create(null),names:Object.create(null)});\n`
  );
}

/** A chunk group as the split walks it. */
export interface GroupNode {
  name?: string;
  chunks: readonly ChunkInfo[];
  children: GroupNode[];
}

/**
 * Which chunks each section alone reaches. Walks the chunk groups from the entry: every chunk met
 * before a section's group is the entry's (its map entries stay); below a section's group, a chunk
 * only that section reaches is the section's. A chunk two sections reach stays in the runtime too.
 */
export function chunksBySection(entry: GroupNode, isSection: (name: string) => boolean): Map<string, ChunkInfo[]> {
  const entryChunks = new Set<string>();
  const sections: GroupNode[] = [];
  const seen = new Set<GroupNode>();
  const walk = (group: GroupNode) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) entryChunks.add(chunk.id);
    if (group.name !== undefined && isSection(group.name)) sections.push(group);
    else for (const child of group.children) walk(child);
  };
  walk(entry);

  const owners = new Map<string, Set<string>>();
  const infos = new Map<string, ChunkInfo>();
  for (const section of sections) {
    const visited = new Set<GroupNode>();
    const below = (group: GroupNode) => {
      if (visited.has(group)) return;
      visited.add(group);
      for (const chunk of group.chunks) {
        if (entryChunks.has(chunk.id)) continue;
        infos.set(chunk.id, chunk);
        getOrCreate(owners, chunk.id, () => new Set()).add(section.name!);
      }
      for (const child of group.children) if (!(child.name !== undefined && isSection(child.name))) below(child);
    };
    for (const child of section.children) below(child);
  }
  const out = new Map<string, ChunkInfo[]>();
  for (const [id, set] of owners) {
    if (set.size !== 1) continue;
    const [section] = set;
    getOrCreate(out, section!, () => []).push(infos.get(id)!);
  }
  for (const list of out.values()) list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out;
}
