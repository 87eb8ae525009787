/**
 * The page a reader sees when a page crashes: "This page crashed.", Try again, the error with its
 * causes, and the ways on (report it, search, the home page). Used inside the layout
 * (`@theme/ErrorPageContent`) and as the top-level error page (`@theme/Error`).
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import SearchBar from '@theme/SearchBar';
import {REPOSITORY_URL} from '@site/src/config/links';
import {crashMessage, newIssueUrl} from '@site/src/crash/report';
import styles from './styles.module.css';

export interface CrashReportProps {
  error: Error;
  tryAgain: () => void;
  /** False where the navbar (and its search button) may itself be what crashed. */
  withSearch?: boolean;
}

export default function CrashReport({error, tryAgain, withSearch = true}: CrashReportProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {pathname, search} = useLocation();
  const message = crashMessage(error);
  const pageUrl = new URL(pathname + search, siteConfig.url).href;
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            This page crashed.
          </Heading>
          <div className="margin-vert--lg">
            <button type="button" className="button button--primary" onClick={tryAgain}>
              Try again
            </button>
          </div>
          <hr />
          <p className={styles.message}>{message}</p>
          <Heading as="h2">What you can do</Heading>
          <ul>
            <li>
              <Link href={newIssueUrl(REPOSITORY_URL, pageUrl, message)} target="_blank" rel="noopener noreferrer">
                Report this crash on GitHub
              </Link>{' '}
              (a new issue opens with this page&apos;s address and the error filled in).
            </li>
            <li>
              <Link to="/">Go to the home page</Link>.
            </li>
          </ul>
          {withSearch && (
            <div className={styles.search}>
              <span>Or search the documentation:</span>
              <SearchBar />
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
