/**
 * The runtime's chunk maps by route section (src/plugins/lean-client/chunk-maps.ts): which chunks a
 * section alone reaches, their entries taken out of the runtime's maps exactly, and the statement
 * that registers them again when the section's chunk runs.
 */
import {describe, expect, it} from 'vitest';
import {
  chunksBySection,
  registration,
  withoutEntries,
  CHUNK_MAPS_GLOBAL,
  parseChunkFile,
  chunkFile,
  type ChunkInfo,
  type GroupNode,
} from '../../src/plugins/lean-client/chunk-maps';

const chunk = (id: string, name?: string): ChunkInfo => ({
  id,
  hash: `${id.padStart(4, '0')}abcd`.slice(-8),
  ...(name ? {name} : {}),
});
const group = (name: string | undefined, chunks: ChunkInfo[], children: GroupNode[] = []): GroupNode => ({
  ...(name ? {name} : {}),
  chunks,
  children,
});

describe('chunks by section', () => {
  const shared = chunk('50', 'shared');
  const docItem = chunk('60', 'docitem');
  const a1 = chunk('11', 'a-one');
  const a2 = chunk('12', 'a-two');
  const b1 = chunk('21', 'b-one');
  const lazy = chunk('13');
  const sectionA = group(
    'routes-a',
    [chunk('1', 'routes-a')],
    [group('a-one', [a1, shared], [group(undefined, [lazy])]), group('a-two', [a2]), group('docitem', [docItem])],
  );
  const sectionB = group(
    'routes-b',
    [chunk('2', 'routes-b')],
    [group('b-one', [b1, shared]), group('docitem', [docItem])],
  );
  const entry = group('main', [chunk('0', 'main')], [sectionA, sectionB, group('docitem', [docItem])]);

  it("gives each section the chunks it alone reaches, and leaves the entry's and the shared ones", () => {
    const out = chunksBySection(entry, (name) => name.startsWith('routes-'));
    expect([...out.keys()].sort()).toEqual(['routes-a', 'routes-b']);
    expect(out.get('routes-a')!.map((c) => c.id)).toEqual(['11', '12', '13']);
    expect(out.get('routes-b')!.map((c) => c.id)).toEqual(['21']);
  });

  it('keeps a chunk the entry reaches by itself, even when it is also below a section', () => {
    const out = chunksBySection(entry, (name) => name.startsWith('routes-'));
    for (const list of out.values()) expect(list.map((c) => c.id)).not.toContain('60');
  });
});

describe("the runtime's maps", () => {
  const runtime =
    '__webpack_require__.u = (chunkId) => "assets/js/" + chunkId + "." + {"11":"0011abcd","12":"0012abcd","60":"0060abcd"}[chunkId] + ".js";\n' +
    '__webpack_require__.gca = function(chunkId) { chunkId = {"a-one":"11","docitem":"60","a-two":"12"}[chunkId]||chunkId; };';

  it('loses exactly the entries of the chunks that moved, commas included', () => {
    const out = withoutEntries(runtime, [chunk('11', 'a-one'), chunk('12', 'a-two')]);
    expect(out).toContain('{"60":"0060abcd"}[chunkId]');
    expect(out).toContain('{"docitem":"60"}[chunkId]');
  });

  it('refuses when an entry is not there exactly once', () => {
    expect(() => withoutEntries(runtime, [chunk('99')])).toThrow(/0 times, not once/);
    expect(() => withoutEntries(runtime + runtime, [chunk('11')])).toThrow(/2 times, not once/);
  });

  it('a section registers its entries where the runtime looks, without losing earlier ones', () => {
    const self: Record<string, {hashes: Record<string, string>; names: Record<string, string>}> = {};
    new Function('self', registration([chunk('11', 'a-one')]))(self);
    new Function('self', registration([chunk('21', 'b-one'), chunk('22')]))(self);
    expect({...self[CHUNK_MAPS_GLOBAL]!.hashes}).toEqual({11: '0011abcd', 21: '0021abcd', 22: '0022abcd'});
    expect({...self[CHUNK_MAPS_GLOBAL]!.names}).toEqual({'a-one': '11', 'b-one': '21'});
  });

  it('names a chunk file as the bundler does, and reads one back', () => {
    expect(chunkFile('11', '0011abcd')).toBe('assets/js/11.0011abcd.js');
    expect(parseChunkFile('assets/js/11.0011abcd.js')).toEqual({id: '11', hash: '0011abcd'});
    expect(parseChunkFile('assets/js/main.0011abcd.js')).toEqual({id: 'main', hash: '0011abcd'});
    expect(parseChunkFile('assets/css/styles.0011abcd.css')).toBeUndefined();
  });
});
