/** The shapes of search records (browser-safe: no Node imports). */
export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

export interface SearchRecord {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  language: string;
  docusaurus_tag: string;
}

export interface PageInfo {
  /** The page's route, such as `/add-secure-apps/flows-stages/stages/password/`. */
  route: string;
  title: string;
  description?: string;
  /** The section the page belongs to (the top-level sidebar category). */
  section: string;
}

export const LANGUAGE = 'en';
export const DOCS_TAG = 'docs-default-current';
