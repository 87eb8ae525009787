/**
 * A tag's page: its pages by title. The theme's own page, ejected for one change: the page holds the
 * first pages of a long list only (`splitTagList` in src/plugins/lean-docs/lean.ts), so its HTML and
 * data stay the same size however many pages carry the tag. A button below them fetches the others
 * (`tag.restUrl`), adds them to the list and puts the focus on the first one added; if the fetch
 * fails the reader is told and can try again. Without JavaScript the page points to its Markdown
 * copy, which lists every page.
 *
 * The theme's banner for a tag whose pages are all unlisted is left out: no page can be unlisted
 * (src/pages/frontmatter.ts allows no `unlisted` key), and the banner's admonition code would be one
 * more request on every tag page.
 *
 * It sets `data-tag-list` on its list: `partial` while pages are missing, `complete` once every page
 * is listed (the browser tests wait for it).
 */
import React, {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {PageMetadata, HtmlClassNameProvider, ThemeClassNames} from '@docusaurus/theme-common';
import SearchMetadata from '@theme/SearchMetadata';
import Heading from '@theme/Heading';
import type {Props} from '@theme/DocTagDocListPage';
import type {LeanTagDocList, TagListItem} from '@site/src/plugins/lean-docs/lean';
import {markdownPath} from '@site/src/markdown-copies/paths';
import {tagPageTitle} from '@site/src/markdown-copies/tags';

function DocItem({doc, linkRef}: {doc: TagListItem; linkRef?: React.Ref<HTMLAnchorElement>}): ReactNode {
  return (
    <article className="margin-vert--lg">
      <Link to={doc.permalink} ref={linkRef}>
        <Heading as="h2">{doc.title}</Heading>
      </Link>
      {doc.description && <p>{doc.description}</p>}
    </article>
  );
}

type RestState = {state: 'idle' | 'loading' | 'failed'} | {state: 'loaded'; items: TagListItem[]};

/** The pages past the first ones: the button that fetches them, then the pages themselves. */
function RestOfList({tag, onComplete}: {tag: LeanTagDocList; onComplete: () => void}): ReactNode {
  const [rest, setRest] = useState<RestState>({state: 'idle'});
  const firstAdded = useRef<HTMLAnchorElement>(null);
  const others = tag.count - tag.items.length;
  useEffect(() => {
    if (rest.state !== 'loaded') return;
    onComplete();
    firstAdded.current?.focus();
  }, [rest.state, onComplete]);
  const load = (): void => {
    if (rest.state === 'loading' || !tag.restUrl) return;
    setRest({state: 'loading'});
    fetch(tag.restUrl)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<TagListItem[]>;
      })
      .then((items) => setRest({state: 'loaded', items}))
      .catch(() => setRest({state: 'failed'}));
  };
  if (rest.state === 'loaded') {
    return rest.items.map((doc, i) => (
      <DocItem key={doc.permalink} doc={doc} linkRef={i === 0 ? firstAdded : undefined} />
    ));
  }
  return (
    <div className="margin-vert--lg">
      <noscript>
        <p>
          {`This page shows the first ${tag.items.length} of ${tag.count} pages. All of them are listed in its `}
          {/* eslint-disable-next-line @docusaurus/no-html-links -- a file, read without JavaScript: no router */}
          <a href={markdownPath(tag.permalink)}>Markdown copy</a>.
        </p>
      </noscript>
      {rest.state === 'failed' && (
        <p role="alert">The other pages could not be loaded. Check the connection and try again.</p>
      )}
      <button type="button" className="button button--secondary" aria-busy={rest.state === 'loading'} onClick={load}>
        {rest.state === 'loading'
          ? 'Loading the other pages…'
          : rest.state === 'failed'
            ? 'Try again'
            : `Show the other ${others} ${others === 1 ? 'page' : 'pages'}`}
      </button>
    </div>
  );
}

export default function DocTagDocListPage({tag: propsTag}: Props): ReactNode {
  const tag = propsTag as LeanTagDocList;
  // The same words as the tag's Markdown copy (English only, as the site is).
  const title = tagPageTitle(tag.label, tag.count);
  const [complete, setComplete] = useState(!tag.restUrl);
  const markComplete = useCallback(() => setComplete(true), []);
  return (
    <>
      <PageMetadata title={title} description={tag.description} />
      <SearchMetadata tag="doc_tag_doc_list" />
      <HtmlClassNameProvider className={clsx(ThemeClassNames.page.docsTagDocListPage)}>
        <div className="container margin-vert--lg">
          <div className="row">
            <main className="col col--8 col--offset-2">
              <header className="margin-bottom--xl">
                <Heading as="h1">{title}</Heading>
                {tag.description && <p>{tag.description}</p>}
                <Link href={tag.allTagsPath}>View all tags</Link>
              </header>
              <section className="margin-vert--lg" data-tag-list={complete ? 'complete' : 'partial'}>
                {tag.items.map((doc) => (
                  <DocItem key={doc.id} doc={doc} />
                ))}
                {tag.restUrl && <RestOfList tag={tag} onComplete={markComplete} />}
              </section>
            </main>
          </div>
        </div>
      </HtmlClassNameProvider>
    </>
  );
}
