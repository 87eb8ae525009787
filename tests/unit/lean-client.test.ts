/** The bundler steps of src/plugins/lean-client: utilities without tslib, the registry without module paths, route sections, idle prefetches, the window size. */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it, vi} from 'vitest';
import {DESKTOP_BREAKPOINT, windowSizeOf} from '../../src/plugins/lean-client/useWindowSize';
import {createIdleQueue, SLICE_MS, type IdleDeadline} from '../../src/plugins/lean-client/idle-queue';
import * as lean from '../../src/plugins/lean-client/utils-common';
import {missingTargets, REPLACEMENTS, unappliedReplacements} from '../../src/plugins/lean-client/replacements';
import {blankModulePath, readRegistry} from '../../src/plugins/lean-client/route-sections';

const require = createRequire(import.meta.url);
const original = require('@docusaurus/utils-common') as Record<string, unknown>;

describe('@docusaurus/utils-common without tslib', () => {
  it('exports exactly what the package index exports, the same functions and values', () => {
    expect(Object.keys(lean).sort()).toEqual(Object.keys(original).sort());
    for (const name of Object.keys(original)) expect(lean[name as keyof typeof lean], name).toBe(original[name]);
  });

  it('the trailing-slash helper behaves as the package documents', () => {
    expect(lean.applyTrailingSlash('/docs', {trailingSlash: true, baseUrl: '/'})).toBe('/docs/');
    expect(lean.applyTrailingSlash('/docs/', {trailingSlash: false, baseUrl: '/'})).toBe('/docs');
  });
});

const entry = (file: string, key = '0a1b2c3d') =>
  `  "${key}": [() => import(/* webpackChunkName: "${key}" */ "${file}"), "${file}", require.resolveWeak("${file}")],`;

describe('route registry for the browser', () => {
  const source = ['export default {', entry('@site/docs/index.md'), entry('@theme/DocItem', '17896441'), '};'].join(
    '\n',
  );

  it('blanks every module path and keeps the loaders and weak ids', () => {
    const out = [...readRegistry(source).values()].join('\n');
    expect(out).not.toMatch(/"@site\/docs\/index\.md", require/);
    expect(out.match(/, "", require\.resolveWeak\(/g)).toHaveLength(2);
    expect(out).toContain('import(/* webpackChunkName: "0a1b2c3d" */ "@site/docs/index.md")');
    expect(out).toContain('require.resolveWeak("@theme/DocItem")');
  });

  it('reads the last entry, which closes the object on its line', () => {
    const last = `export default {\n${entry('@site/docs/a.md')}};\n`;
    expect([...readRegistry(last).keys()]).toEqual(['0a1b2c3d']);
  });

  it('handles escaped quotes in a path', () => {
    expect(blankModulePath(entry('@site/docs/a\\"b.md'))).toContain(', "", require.resolveWeak(');
  });

  it('reads a registry without entries as empty', () => {
    expect(readRegistry('export default {\n};\n').size).toBe(0);
  });

  it('fails loudly on entries in a shape it does not know', () => {
    expect(() => blankModulePath('[() => import("@site/a.md"), {module: "@site/a.md"}]')).toThrow(/unknown shape/);
    expect(() => readRegistry(`export default {"x": [() => import("@site/a.md")]};`)).toThrow(/cannot read/);
  });
});

describe('idle queue (link prefetches in idle time)', () => {
  /** A clock that each piece of work moves on by `costMs`, and a scheduler that holds the callbacks. */
  function setup(costMs: number, idleMs = 50) {
    let clock = 0;
    const done: string[] = [];
    const pending: ((deadline: IdleDeadline) => void)[] = [];
    const queue = createIdleQueue<string>(
      (item) => {
        if (item === 'broken') throw new Error('broken item');
        clock += costMs;
        done.push(item);
      },
      (run) => pending.push(run),
      () => clock,
    );
    /** Runs the next scheduled slice; false when none is scheduled. */
    const slice = () => {
      const run = pending.shift();
      if (!run) return false;
      const start = clock;
      run({timeRemaining: () => Math.max(0, idleMs - (clock - start))});
      return true;
    };
    return {queue, done, pending, slice};
  }

  it('does nothing until the browser is idle', () => {
    const {queue, done, pending} = setup(1);
    queue.add('/a/');
    queue.add('/b/');
    expect(done).toEqual([]);
    expect(pending).toHaveLength(1);
    expect(queue.size).toBe(2);
  });

  it('works in slices of at most SLICE_MS, however long the idle period, in the order added', () => {
    const {queue, done, slice} = setup(3);
    for (const item of ['/a/', '/b/', '/c/', '/d/', '/e/']) queue.add(item);
    expect(slice()).toBe(true);
    // 3 ms, then 6 ms: past the 4 ms slice, the rest waits for the next idle period.
    expect(done).toEqual(['/a/', '/b/']);
    expect(slice()).toBe(true);
    expect(done).toEqual(['/a/', '/b/', '/c/', '/d/']);
    expect(slice()).toBe(true);
    expect(done).toEqual(['/a/', '/b/', '/c/', '/d/', '/e/']);
    expect(slice()).toBe(false);
    expect(SLICE_MS).toBeLessThanOrEqual(5);
  });

  it('stops at the end of a short idle period, but does one item even with no time left', () => {
    const {queue, done, slice} = setup(1, 0);
    queue.add('/a/');
    queue.add('/b/');
    slice();
    expect(done).toEqual(['/a/']);
    slice();
    expect(done).toEqual(['/a/', '/b/']);
  });

  it('keeps an item once, however often it is added before its turn', () => {
    const {queue, done, slice} = setup(0);
    queue.add('/a/');
    queue.add('/a/');
    queue.add('/b/');
    while (slice());
    expect(done).toEqual(['/a/', '/b/']);
  });

  it('goes on after an item that fails, and reports the failure', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const {queue, done, slice} = setup(0);
    queue.add('broken');
    queue.add('/a/');
    while (slice());
    expect(done).toEqual(['/a/']);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({message: 'broken item'}));
    errors.mockRestore();
  });

  it('schedules again for items added after the queue ran dry', () => {
    const {queue, done, slice} = setup(0);
    queue.add('/a/');
    while (slice());
    queue.add('/b/');
    expect(slice()).toBe(true);
    expect(done).toEqual(['/a/', '/b/']);
  });
});

describe('window size (the hook that updates in a transition)', () => {
  it('is desktop above 996 px and mobile at 996 px and below, as Infima lays the page out', () => {
    expect(DESKTOP_BREAKPOINT).toBe(996);
    expect(windowSizeOf(997)).toBe('desktop');
    expect(windowSizeOf(996)).toBe('mobile');
    expect(windowSizeOf(360)).toBe('mobile');
    expect(windowSizeOf(1280, 1300)).toBe('mobile');
  });
});

describe('replacements of Docusaurus modules', () => {
  const replacements = REPLACEMENTS;

  it('each names a Docusaurus file that exists and a stand-in of ours', () => {
    expect(missingTargets(replacements)).toEqual([]);
    for (const r of replacements) expect(fs.existsSync(r.replacementFile), r.replacementFile).toBe(true);
  });

  it('refuses to start when a replaced file is gone, naming the module', () => {
    const [first] = replacements;
    expect(missingTargets([first!], () => false)).toEqual([
      expect.stringContaining(`lean-client: ${first!.original} was not found`),
    ]);
  });

  const result = (bundled: Set<string>, sections = {planned: 3, bundled: 3}, withPaths: string[] = []) => ({
    bundled,
    sections,
    withPaths,
  });

  it('reports a replacement that did not apply, a route table not split, and module paths in a script', () => {
    const applied = new Set(replacements.map((r) => r.replacementFile));
    expect(unappliedReplacements(replacements, result(applied))).toEqual([]);
    const original = replacements.find((r) => !r.wrapsOriginal)!;
    const withOriginal = new Set([...applied, original.originalFile]);
    expect(unappliedReplacements(replacements, result(withOriginal))).toEqual([
      expect.stringContaining(`the replacement of ${original.original}`),
    ]);
    const withoutStand = new Set([...applied].filter((file) => file !== original.replacementFile));
    expect(unappliedReplacements(replacements, result(withoutStand))).toHaveLength(1);
    expect(unappliedReplacements(replacements, result(applied, {planned: 3, bundled: 0}))).toEqual([
      expect.stringContaining('route table was not split'),
    ]);
    expect(unappliedReplacements(replacements, result(applied, undefined, ['assets/js/main.1.js']))).toEqual([
      expect.stringContaining('assets/js/main.1.js hold source module paths'),
    ]);
  });

  it('lets a stand-in that wraps its original bundle both', () => {
    const wrapper = replacements.find((r) => r.wrapsOriginal)!;
    const both = new Set([...replacements.map((r) => r.replacementFile), wrapper.originalFile]);
    expect(unappliedReplacements(replacements, result(both))).toEqual([]);
  });
});
