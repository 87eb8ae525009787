/**
 * Files the plugins generate for the browser (`releases.gen.json`, the search index, the long tag
 * lists). They are written into one folder under `.docusaurus`, which `docusaurus.config.ts` lists in
 * `staticDirectories`, so `npm start` serves them and the build copies them, base path applied.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folder of generated static files, relative to the site folder; listed in `staticDirectories`. */
export const GENERATED_STATIC_DIR = path.join('.docusaurus', 'generated-static');

/** The generated `assets/` folder of a site, where hashed files go. */
export function generatedAssetsDir(siteDir: string): string {
  return path.join(siteDir, GENERATED_STATIC_DIR, 'assets');
}

/**
 * Writes `json` as `<prefix>.<hash>.json` into `dir` (or under `fileName` when the caller hashed it
 * already), removing older files of the same prefix; returns the file's name.
 */
export function writeHashedAsset(dir: string, prefix: string, json: string, fileName?: string): string {
  fs.mkdirSync(dir, {recursive: true});
  for (const old of fs.readdirSync(dir)) {
    if (old.startsWith(`${prefix}.`)) fs.rmSync(path.join(dir, old));
  }
  const name = fileName ?? `${prefix}.${crypto.createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;
  fs.writeFileSync(path.join(dir, name), json);
  return name;
}
