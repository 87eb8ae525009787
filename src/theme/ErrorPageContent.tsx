/** A page that crashes inside the layout: the navbar stays, the content becomes the crash report. */
import React, {type ReactNode} from 'react';
import type {Props} from '@theme/Error';
import CrashReport from '@site/src/components/CrashReport';

export default function ErrorPageContent({error, tryAgain}: Props): ReactNode {
  return <CrashReport error={error} tryAgain={tryAgain} />;
}
