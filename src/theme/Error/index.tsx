/**
 * The top-level error page, for a crash outside a page's own layout. As in Docusaurus's own, the
 * layout is rendered inside a second error boundary, because the layout itself may be what crashed;
 * then the crash report stands alone, without the navbar or its search button.
 */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import Layout from '@theme/Layout';
import type {Props} from '@theme/Error';
// The route context the theme's layout needs; Docusaurus's own error page provides it the same way.
import {RouteContextProvider} from '@docusaurus/core/lib/client/routeContext';
import CrashReport from '@site/src/components/CrashReport';

export default function Error({error, tryAgain}: Props): ReactNode {
  return (
    <RouteContextProvider value={{plugin: {name: 'authentik-error-page', id: 'default'}}}>
      <ErrorBoundary fallback={() => <CrashReport error={error} tryAgain={tryAgain} withSearch={false} />}>
        <Head>
          <title>This page crashed | authentik</title>
        </Head>
        <Layout>
          <CrashReport error={error} tryAgain={tryAgain} />
        </Layout>
      </ErrorBoundary>
    </RouteContextProvider>
  );
}
