/** Front-matter rules for every page in `docs/`. Pure: callers pass in what they read. */

export const MAX_DESCRIPTION_LENGTH = 160;

/** Keys a page may use, and nothing else. */
export const ALLOWED_KEYS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'tags',
  'sidebar_label',
  'authentik_version',
  'authentik_enterprise',
  'authentik_preview',
  'release_date',
  'advisory',
  'toc_max_heading_level',
  'toc_min_heading_level',
  'hide_table_of_contents',
  'keywords',
]);

export const SEVERITIES = ['Low', 'Moderate', 'High', 'Critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Advisory {
  severity: Severity;
  cvss?: number;
  affected: string;
  fixed: string[];
  published: string;
}

export interface FrontMatterContext {
  /** Tag keys of `docs/tags.yml`. */
  tags: ReadonlySet<string>;
  /** Versions that have release notes; checked when the page names one. */
  versions?: ReadonlySet<string>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isValidDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Checks an `advisory` map; pushes one message per problem and returns the value when sound. */
export function validateAdvisory(value: unknown, problems: string[]): Advisory | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push('advisory: expected a map with severity, affected, fixed and published');
    return undefined;
  }
  const a = value as Record<string, unknown>;
  const before = problems.length;
  for (const key of Object.keys(a)) {
    if (!['severity', 'cvss', 'affected', 'fixed', 'published'].includes(key)) {
      problems.push(`advisory.${key}: unknown key`);
    }
  }
  if (!SEVERITIES.includes(a.severity as Severity)) {
    problems.push(`advisory.severity: expected one of ${SEVERITIES.join(', ')}`);
  }
  if (a.cvss !== undefined && (typeof a.cvss !== 'number' || a.cvss < 0 || a.cvss > 10)) {
    problems.push('advisory.cvss: expected a number from 0 to 10');
  }
  if (typeof a.affected !== 'string' || a.affected.trim() === '') {
    problems.push('advisory.affected: expected a version range string');
  }
  if (!Array.isArray(a.fixed) || a.fixed.length === 0 || !a.fixed.every((v) => typeof v === 'string' && v !== '')) {
    problems.push('advisory.fixed: expected a non-empty list of version strings');
  }
  if (typeof a.published !== 'string' || !isValidDate(a.published)) {
    problems.push('advisory.published: expected a quoted "YYYY-MM-DD" date');
  }
  if (problems.length > before) return undefined;
  return {
    severity: a.severity as Severity,
    ...(a.cvss === undefined ? {} : {cvss: a.cvss as number}),
    affected: a.affected as string,
    fixed: a.fixed as string[],
    published: a.published as string,
  };
}

/** Every problem with one page's front matter, each starting with the key it concerns. */
export function validateFrontMatter(data: Record<string, unknown>, context: FrontMatterContext): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(data)) {
    if (!ALLOWED_KEYS.has(key)) problems.push(`${key}: unknown front-matter key`);
  }
  if (typeof data.title !== 'string' || data.title.trim() === '') problems.push('title: missing');
  if (typeof data.description !== 'string' || data.description.trim() === '') {
    problems.push('description: missing');
  } else if (data.description.length > MAX_DESCRIPTION_LENGTH) {
    problems.push(`description: ${data.description.length} characters, at most ${MAX_DESCRIPTION_LENGTH}`);
  }
  if (data.sidebar_label !== undefined && (typeof data.sidebar_label !== 'string' || data.sidebar_label === '')) {
    problems.push('sidebar_label: expected text');
  }
  if (data.tags !== undefined) {
    if (!Array.isArray(data.tags)) {
      problems.push('tags: expected a list');
    } else {
      for (const tag of data.tags) {
        if (typeof tag !== 'string' || !context.tags.has(tag)) {
          problems.push(`tags: "${String(tag)}" is not in docs/tags.yml`);
        }
      }
      if (new Set(data.tags).size !== data.tags.length) problems.push('tags: a tag is listed twice');
    }
  }
  if (data.authentik_version !== undefined) {
    const v = data.authentik_version;
    if (typeof v !== 'string') {
      problems.push('authentik_version: expected a quoted version such as "2024.8"');
    } else if (context.versions && !context.versions.has(v)) {
      problems.push(`authentik_version: "${v}" has no release notes in docs/releases/`);
    }
  }
  for (const key of ['authentik_enterprise', 'authentik_preview', 'hide_table_of_contents']) {
    if (data[key] !== undefined && typeof data[key] !== 'boolean') problems.push(`${key}: expected true or false`);
  }
  if (data.release_date !== undefined && (typeof data.release_date !== 'string' || !isValidDate(data.release_date))) {
    problems.push('release_date: expected a quoted "YYYY-MM-DD" date');
  }
  if (data.advisory !== undefined) validateAdvisory(data.advisory, problems);
  return problems;
}
