/** The section of a path: its first segment below the base URL, or '' for the base URL itself. */
export function sectionOf(pathname: string, baseUrl: string): string {
  if (!pathname.startsWith(baseUrl)) return '';
  const rest = pathname.slice(baseUrl.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? rest : rest.slice(0, slash);
}

/**
 * The bundler's name for the chunk of a section's routes (`routes-<section>`, with anything but
 * letters, digits, `-` and `_` as `_`), by which the browser finds the chunk's address to prefetch it.
 */
export function sectionChunkName(section: string): string {
  return `${SECTION_CHUNK_PREFIX}${section.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The start of every section chunk's name. */
export const SECTION_CHUNK_PREFIX = 'routes-';

/** The start of every sidebar part chunk's name (./sidebar-parts.ts). */
export const SIDEBAR_CHUNK_PREFIX = 'sidebar-';
