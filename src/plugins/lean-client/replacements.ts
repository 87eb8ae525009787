/**
 * The Docusaurus modules the lean client replaces, and the check that every replacement found its
 * target and applied. A replacement works by file path, so a Docusaurus release that renames or moves
 * one of these files would otherwise make it stop applying silently: nothing fails, pages just get
 * heavier or behave differently. ARCHITECTURE.md says, per replacement, what to check on an upgrade.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Replacement {
  /** What the replacement is for, in a few words. */
  purpose: string;
  /** The Docusaurus module it replaces, as a package path (`@docusaurus/theme-classic/lib/nprogress.js`). */
  original: string;
  /** The original's absolute file. */
  originalFile: string;
  /** The stand-in's absolute file, which must be in the client bundle instead. */
  replacementFile: string;
  /** True when the stand-in wraps the original (imports it), so both are bundled. */
  wrapsOriginal: boolean;
}

/** The absolute file of a package path, found where Node would find the package (its real path). */
export function packageFile(packagePath: string): string {
  const parts = packagePath.split('/');
  const name = parts.slice(0, packagePath.startsWith('@') ? 2 : 1).join('/');
  // Not `require.resolve(name + '/package.json')`: some packages export neither it nor a main entry.
  const root = (require.resolve.paths(name) ?? [])
    .map((dir) => path.join(dir, name))
    .find((dir) => fs.existsSync(path.join(dir, 'package.json')));
  if (!root) throw new Error(`lean-client: the package ${name} is not installed`);
  return path.join(fs.realpathSync(root), ...parts.slice(name.split('/').length));
}

function replacement(purpose: string, original: string, stand: string, wrapsOriginal = false): Replacement {
  return {
    purpose,
    original,
    originalFile: packageFile(original),
    replacementFile: path.join(__dirname, stand),
    wrapsOriginal,
  };
}

export const REPLACEMENTS: readonly Replacement[] = [
  replacement('utilities without tslib', '@docusaurus/utils-common/lib/index.js', 'utils-common.ts'),
  replacement('progress bar loaded on demand', '@docusaurus/theme-classic/lib/nprogress.js', 'nprogress.ts'),
  replacement('link prefetches in idle time', '@docusaurus/core/lib/client/docusaurus.js', 'docusaurus.ts', true),
  replacement(
    'window size switched in a transition',
    '@docusaurus/theme-common/lib/hooks/useWindowSize.js',
    'useWindowSize.ts',
  ),
];

/** The problem with one replacement before the build: its target is gone. */
export function missingTargets(replacements: readonly Replacement[], exists = fs.existsSync): string[] {
  return replacements
    .filter((r) => !exists(r.originalFile))
    .map(
      (r) =>
        `lean-client: ${r.original} was not found, so the replacement for ${r.purpose} (${path.basename(r.replacementFile)}) cannot apply. ` +
        'Docusaurus moved or renamed it: see "Lean client" in ARCHITECTURE.md.',
    );
}

/**
 * The problems after the client bundle is built, from the files it holds: a replacement that did not
 * apply (its stand-in is missing, or the original is still bundled), and a route registry whose
 * module paths were not blanked.
 */
export function unappliedReplacements(
  replacements: readonly Replacement[],
  bundled: ReadonlySet<string>,
  registryBlanked: boolean,
): string[] {
  const problems: string[] = [];
  for (const r of replacements) {
    if (!bundled.has(r.replacementFile) || (bundled.has(r.originalFile) && !r.wrapsOriginal)) {
      problems.push(
        `lean-client: the replacement of ${r.original} (${r.purpose}) did not apply: the client bundle holds ` +
          `${bundled.has(r.originalFile) ? 'the original' : 'neither file'}. See "Lean client" in ARCHITECTURE.md.`,
      );
    }
  }
  if (!registryBlanked) {
    problems.push(
      'lean-client: the route registry loader (registry.cjs) did not run on the generated registry.js: ' +
        'its module paths ride on every page. See "Lean client" in ARCHITECTURE.md.',
    );
  }
  return problems;
}
