/**
 * How the bench starts a build, as a command and its arguments: this site through `npm run build`, with
 * the heap limit every build of the site has (ARCHITECTURE.md, "Build memory"); stock Docusaurus with the
 * plain `docusaurus build`. `args` follow `build`: a site folder, `--config`, `--out-dir`.
 */
import path from 'node:path';

export const siteBuildCommand = (args: string[]): string[] => ['npm', 'run', '--silent', 'build', '--', ...args];

export const stockBuildCommand = (root: string, args: string[]): string[] => [
  path.join(root, 'node_modules', '.bin', 'docusaurus'),
  'build',
  ...args,
];
