/**
 * Copy page: puts the page's Markdown copy on the clipboard, fetched only when the reader clicks,
 * and says so in a status message that screen readers announce. View as Markdown opens the copy.
 */
import React, {useState, type ReactNode} from 'react';
import styles from './styles.module.css';

export default function CopyPage({href}: {href: string}): ReactNode {
  const [message, setMessage] = useState('');
  const copy = () => {
    setMessage('');
    const text = fetch(href).then((response) => {
      // A server without the copies (`npm start`) may answer with a page instead.
      if (!response.ok || /html/.test(response.headers.get('content-type') ?? '')) throw new Error(response.url);
      return response.text();
    });
    // Safari needs the clipboard write to start within the click: it is handed the text to come.
    const written =
      typeof ClipboardItem === 'undefined'
        ? text.then((value) => navigator.clipboard.writeText(value))
        : navigator.clipboard.write([
            new ClipboardItem({'text/plain': text.then((value) => new Blob([value], {type: 'text/plain'}))}),
          ]);
    written.then(
      () => setMessage('Copied as Markdown'),
      () => setMessage('Could not copy; use View as Markdown'),
    );
  };
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.action} onClick={copy}>
        Copy page
      </button>
      {/* A file, not a route: the browser loads it, the router must not. */}
      {/* eslint-disable-next-line @docusaurus/no-html-links */}
      <a className={styles.action} href={href} type="text/markdown">
        View as Markdown
      </a>
      <span role="status" className={styles.status}>
        {message}
      </span>
    </div>
  );
}
