/** The advisory catalogue: every page in `docs/security/cves/<id>/index.md`, newest first. */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {validateAdvisory, type Advisory} from './frontmatter';

export interface AdvisoryEntry extends Advisory {
  id: string;
  route: string;
}

/** Reads every advisory page below `docs/security/cves/`, newest first. */
export function readAdvisories(docsDir: string): AdvisoryEntry[] {
  const dir = path.join(docsDir, 'security', 'cves');
  if (!fs.existsSync(dir)) return [];
  const entries: AdvisoryEntry[] = [];
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name, 'index.md');
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    const {data} = matter(fs.readFileSync(file, 'utf8'));
    const problems: string[] = [];
    const advisory = validateAdvisory(data.advisory, problems);
    if (!advisory) throw new Error(`${file}: ${problems.join('; ')}`);
    entries.push({...advisory, id: entry.name, route: `/security/cves/${entry.name}/`});
  }
  return sortAdvisories(entries);
}

/**
 * Newest publication first; on the same day the higher identifier comes first, its numbers compared
 * as numbers (`CVE-2024-10` before `CVE-2024-9`), so the order is stable.
 */
export function sortAdvisories<T extends {published: string; id: string}>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) => b.published.localeCompare(a.published) || b.id.localeCompare(a.id, 'en', {numeric: true}),
  );
}
