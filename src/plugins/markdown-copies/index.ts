/**
 * Pages that machines can read. After the build it writes, from the pages' MDX sources:
 *
 * - `<route>index.html.md`, the Markdown copy of every page (`src/markdown-copies/convert.ts`);
 * - `<tag page>index.html.md`, every tag's list of pages, which the tag's page shows in part
 *   (`src/markdown-copies/tags.ts`);
 * - `/llms.txt`, the index of those copies in sidebar order, and `/llms-full.txt`, all of them.
 *
 * The servers serve `<route without slash>.md` as a short form of each copy (`src/serve/nginx.ts`,
 * `_redirects`). The sitemap and the search index are built from pages, so they never list a copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadedPlugin, Plugin} from '@docusaurus/types';
import {readReleases} from '../../../releases/catalogue';
import {readCatalogue} from '../../pages/catalogue';
import {convertPage, siteAddress} from '../../markdown-copies/convert';
import {offBase} from '../../config/base-url';
import {
  fullEntry,
  llmsFullTxt,
  llmsSections,
  llmsTxt,
  type LlmsPage,
  type SidebarItem,
} from '../../markdown-copies/llms';
import {markdownPath} from '../../markdown-copies/paths';
import {tagCopy, type TaggedPage} from '../../markdown-copies/tags';

export const LLMS_SUMMARY =
  'authentik is an open-source identity provider: single sign-on over OAuth2/OpenID Connect, SAML, LDAP, RADIUS, ' +
  'SCIM and a proxy, with flows and stages for every step of authentication, enrollment and recovery, policies, ' +
  'outposts and blueprints. This is its documentation: installation and configuration, applications and providers, ' +
  'flows and stages, users and sources, customization, system management, security and release notes.';

export const LLMS_DETAILS =
  'Each link below leads to the Markdown copy of one page; the same address without `.md` is the page itself. ' +
  '`llms-full.txt` beside this file holds every page in this order.';

/** Release notes and security advisories are secondary material. */
export function isOptionalPage(page: {id: string}): boolean {
  return page.id.startsWith('releases/') || page.id.startsWith('security/cves/');
}

export interface LoadedDoc {
  id: string;
  title: string;
  description: string;
  permalink: string;
  /** `@site/docs/a/b/index.md` */
  source: string;
  tags?: readonly {label: string; permalink: string; description?: string}[];
}

interface DocsContent {
  loadedVersions: {docs: LoadedDoc[]; sidebars: Record<string, readonly SidebarItem[]>}[];
}

/** The docs plugin's pages and its sidebar, from the loaded plugins of a build. */
export function loadedDocs(plugins: readonly LoadedPlugin[]): {docs: LoadedDoc[]; sidebar: readonly SidebarItem[]} {
  const content = plugins.find((p) => p.name === 'docusaurus-plugin-content-docs')?.content as DocsContent | undefined;
  const version = content?.loadedVersions[0];
  return {docs: version?.docs ?? [], sidebar: Object.values(version?.sidebars ?? {})[0] ?? []};
}

/**
 * Where an image beside a page is served: the hashed address the build gave it, read from the built
 * page; or, when the build inlined it as a data URI, a copy written beside the Markdown copy.
 */
function builtAssetUrl(outDir: string, route: string): (file: string) => string | undefined {
  return (file) => {
    const html = fs.readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
    const ext = path.extname(file);
    const name = path.basename(file, ext).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The address in the page carries the base path; the site path starts at `/assets/`.
    const hashed = new RegExp(`/assets/images/${name}-[A-Za-z0-9_-]+\\${ext}`).exec(html)?.[0];
    if (hashed) return hashed;
    if (!fs.existsSync(file)) return undefined;
    fs.copyFileSync(file, path.join(outDir, route, path.basename(file)));
    return `${route}${encodeURIComponent(path.basename(file))}`;
  };
}

/** The Markdown copy of every tag's page, beside the page; `pages` are the docs' entries, by id. */
function writeTagCopies(
  outDir: string,
  baseUrl: string,
  docs: readonly LoadedDoc[],
  pages: ReadonlyMap<string, TaggedPage>,
): void {
  const tags = new Map<string, {label: string; description?: string; pages: TaggedPage[]}>();
  for (const doc of docs) {
    for (const tag of doc.tags ?? []) {
      const entry = tags.get(tag.permalink) ?? {label: tag.label, description: tag.description, pages: []};
      entry.pages.push(pages.get(doc.id)!);
      tags.set(tag.permalink, entry);
    }
  }
  for (const [permalink, tag] of tags) {
    const target = path.join(outDir, markdownPath(offBase(baseUrl, permalink)!));
    fs.mkdirSync(path.dirname(target), {recursive: true});
    fs.writeFileSync(target, tagCopy(tag, tag.pages));
  }
}

export default function markdownCopiesPlugin(): Plugin {
  return {
    name: 'authentik-markdown-copies',
    postBuild: async ({outDir, plugins, siteConfig, siteDir, baseUrl}) => {
      const docsDir = path.join(siteDir, 'docs');
      const versions = new Set(readReleases(docsDir).map((r) => r.version));
      const routes = new Set(readCatalogue().map((row) => row.route));
      // The site's root, base path included: `https://docs.goauthentik.io/` or `https://x.org/docs/`.
      const siteUrl = `${siteConfig.url.replace(/\/$/, '')}${baseUrl}`;
      const {docs, sidebar} = loadedDocs(plugins);
      const copies = new Map<string, string>();
      const pages = new Map<string, LlmsPage>();
      for (const doc of docs) {
        const file = path.join(siteDir, doc.source.replace(/^@site\//, ''));
        // The page's path in the build folder: its permalink without the base path.
        const route = offBase(baseUrl, doc.permalink)!;
        const copy = await convertPage(fs.readFileSync(file, 'utf8'), {
          file,
          docsDir,
          siteUrl,
          versions,
          routes,
          assetUrl: builtAssetUrl(outDir, route),
        });
        const target = path.join(outDir, markdownPath(route));
        fs.mkdirSync(path.dirname(target), {recursive: true});
        fs.writeFileSync(target, copy.markdown);
        copies.set(doc.id, copy.markdown);
        pages.set(doc.id, {
          id: doc.id,
          title: doc.title,
          description: doc.description,
          url: siteAddress(route, siteUrl).href,
          markdownUrl: siteAddress(markdownPath(route), siteUrl).href,
        });
      }
      writeTagCopies(outDir, baseUrl, docs, pages);
      const sections = llmsSections(sidebar, pages, isOptionalPage);
      fs.writeFileSync(path.join(outDir, 'llms.txt'), llmsTxt(siteConfig.title, LLMS_SUMMARY, sections, LLMS_DETAILS));
      const entries = sections.flatMap((s) => s.pages).map((page) => fullEntry(copies.get(page.id)!, page.url));
      fs.writeFileSync(path.join(outDir, 'llms-full.txt'), llmsFullTxt(entries));
    },
  };
}
