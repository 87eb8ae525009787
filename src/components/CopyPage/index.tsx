/**
 * Copy page: puts the page's Markdown copy on the clipboard, fetched only when the reader clicks,
 * and says so in a status message that screen readers announce. View as Markdown opens the copy.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import styles from './styles.module.css';

type State = 'idle' | 'copying' | 'copied' | 'failed';

const MESSAGES: Record<State, string> = {
  idle: '',
  copying: '',
  copied: 'Copied as Markdown',
  failed: 'Could not copy; use View as Markdown',
};

async function fetchText(href: string): Promise<string> {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`${href}: ${response.status}`);
  return response.text();
}

/** Writes the text once it arrives; the clipboard write starts within the click, as Safari requires. */
async function copyFrom(href: string): Promise<void> {
  const text = fetchText(href);
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    const blob = text.then((value) => new Blob([value], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
  } else {
    await navigator.clipboard.writeText(await text);
  }
}

export default function CopyPage({href}: {href: string}): ReactNode {
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (state !== 'copied' && state !== 'failed') return undefined;
    const timer = setTimeout(() => setState('idle'), 5000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    setState('copying');
    copyFrom(href).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.action} onClick={copy} aria-busy={state === 'copying'}>
        Copy page
      </button>
      {/* A file, not a route: the browser loads it, the router must not. */}
      {/* eslint-disable-next-line @docusaurus/no-html-links */}
      <a className={styles.action} href={href} type="text/markdown">
        View as Markdown
      </a>
      <span role="status" className={styles.status}>
        {MESSAGES[state]}
      </span>
    </div>
  );
}
