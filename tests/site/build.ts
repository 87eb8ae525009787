/** Reading the built site: pages, their metadata and their prose. */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {BUILD_DIR} from '../support/server';
import {htmlFiles, isRedirectStub} from '../../src/serve/site';
import {normalizeText, type PageText} from '../../src/pages/parse';

export {BUILD_DIR};

export interface BuiltPage {
  route: string;
  file: string;
  title: string;
  description: string | undefined;
  tags: string[];
  proseWords: number;
  ids: Set<string>;
  $: cheerio.CheerioAPI;
}

/** The route a built HTML file answers. */
export function fileRoute(file: string): string {
  const relative = path.relative(BUILD_DIR, file).split(path.sep).join('/');
  if (relative === 'index.html') return '/';
  if (relative.endsWith('/index.html')) return `/${relative.slice(0, -'index.html'.length)}`;
  return `/${relative}`;
}

export function readPage(file: string): BuiltPage {
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  const article = $('article').first().clone();
  article.find('pre, code[class*="language-"], nav, footer, .ak-badges, .theme-doc-footer, .hash-link').remove();
  const words = article
    .text()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return {
    route: fileRoute(file),
    file,
    title: $('title').first().text(),
    description: $('meta[name="description"]').attr('content'),
    tags: $('.theme-doc-footer a[href^="/tags/"]')
      .map((_, a) => ($(a).attr('href') ?? '').replace(/^\/tags\/|\/$/g, ''))
      .get(),
    proseWords: words,
    ids: new Set(
      $('[id]')
        .map((_, el) => $(el).attr('id') ?? '')
        .get(),
    ),
    $,
  };
}

/** Every real page of the build (redirect stubs left out), by route. */
export function builtPages(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of htmlFiles(BUILD_DIR)) {
    if (isRedirectStub(fs.readFileSync(file, 'utf8'))) continue;
    pages.set(fileRoute(file), file);
  }
  return pages;
}

/** The article's text, block by block as the source's blocks are, and its prose without code. */
export function builtPageText(html: string): PageText {
  const $ = cheerio.load(html);
  const article = $('article').first().clone();
  article.find('.hash-link, .theme-doc-footer, nav').remove();
  // Code lines are separated by line breaks, which carry no text of their own.
  article.find('br').replaceWith('\n');
  const blocks = [
    ...article
      .find('p, li, td, th, h1, h2, h3, h4, h5, h6, pre')
      .map((_, el) => normalizeText($(el).text()))
      .get(),
    // A diagram reaches readers as an image whose text alternative holds every label and message.
    ...article
      .find('img[alt]')
      .map((_, el) => normalizeText($(el).attr('alt') ?? ''))
      .get(),
  ];
  article.find('pre').remove();
  return {blocks, prose: normalizeText(article.text())};
}
