/**
 * The announcement bar, plus one fix: the inline script hides a bar the reader once closed before
 * React knows whether the announcement is a new one. When React decides a new announcement must
 * show, the early "dismissed" flag is lifted at once, not only on the next page load.
 */
import React, {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

const INITIALLY_DISMISSED = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: WrapperProps<typeof AnnouncementBarType>): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute(INITIALLY_DISMISSED, 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
