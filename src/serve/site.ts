/** Reads what the server configuration needs from a built site. */
import fs from 'node:fs';
import path from 'node:path';
import {inlineScripts, scriptHash, securityHeaders} from './headers';
import {ALGOLIA, ANALYTICS_TRACKING_ID} from '../config/site';

/** Every file below `dir`, sorted. */
export function filesBelow(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, {withFileTypes: true})) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(dir);
  return files.sort();
}

/** Every HTML file below `dir`, sorted. */
export function htmlFiles(dir: string): string[] {
  return filesBelow(dir).filter((file) => file.endsWith('.html'));
}

/** True for the small pages that only send the reader on to a page's new address. */
export function isRedirectStub(html: string): boolean {
  return /<meta http-equiv="?refresh"?/i.test(html) && html.length < 2000;
}

/** The hashes of every distinct inline script in the built pages. */
export function collectScriptHashes(buildDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(buildDir)) {
    const html = fs.readFileSync(file, 'utf8');
    // Client-redirect stubs are never served by nginx (it answers 301 first) and redirect by
    // their meta refresh on a static host; their scripts would only bloat the policy.
    if (isRedirectStub(html)) continue;
    for (const script of inlineScripts(html)) hashes.add(scriptHash(script));
  }
  return [...hashes].sort();
}

/**
 * The production response headers for a built site, as the build's settings call for. Local
 * servers read them back from `_headers` and leave out HSTS.
 */
export function headersForBuild(buildDir: string): [string, string][] {
  return securityHeaders({
    scriptHashes: collectScriptHashes(buildDir),
    ...(ALGOLIA ? {algoliaAppId: ALGOLIA.appId} : {}),
    analytics: Boolean(ANALYTICS_TRACKING_ID),
    production: true,
  });
}
