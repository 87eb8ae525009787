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
    'route sections loaded before a path is matched',
    '@docusaurus/core/lib/client/preload.js',
    'preload.ts',
    true,
  ),
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

/** What the client build made, as far as the check after it reads. */
export interface ClientBuildResult {
  /** The files of every bundled module. */
  bundled: ReadonlySet<string>;
  /** The route section modules the plan made (./route-sections.ts), and how many were bundled. */
  sections: {planned: number; bundled: number};
  /** The scripts that hold a source module path (`"@site/…"`), which only the server may read. */
  withPaths: readonly string[];
}

/**
 * The problems after the client bundle is built: a replacement that did not apply (its stand-in is
 * missing, or the original is still bundled), a route table not split as planned, and module paths
 * left in the browser's route registry.
 */
export function unappliedReplacements(replacements: readonly Replacement[], result: ClientBuildResult): string[] {
  const problems: string[] = [];
  for (const r of replacements) {
    if (!result.bundled.has(r.replacementFile) || (result.bundled.has(r.originalFile) && !r.wrapsOriginal)) {
      problems.push(
        `lean-client: the replacement of ${r.original} (${r.purpose}) did not apply: the client bundle holds ` +
          `${result.bundled.has(r.originalFile) ? 'the original' : 'neither file'}. See "Lean client" in ARCHITECTURE.md.`,
      );
    }
  }
  if (result.sections.planned !== result.sections.bundled) {
    problems.push(
      `lean-client: the client bundle holds ${result.sections.bundled} route section modules, the plan made ` +
        `${result.sections.planned}: the route table was not split as planned. See "Lean client" in ARCHITECTURE.md.`,
    );
  }
  if (result.withPaths.length > 0) {
    problems.push(
      `lean-client: ${result.withPaths.join(', ')} hold source module paths: the route registry was not blanked ` +
        '(route-sections.ts). See "Lean client" in ARCHITECTURE.md.',
    );
  }
  return problems;
}
