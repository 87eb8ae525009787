/**
 * A tab's panel. It carries the id and `aria-labelledby` that ../Tabs gives each item, so the panel
 * and its tab name each other (the stock panel has neither).
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {useTabs} from '@docusaurus/theme-common/internal';
import type {Props as ThemeProps} from '@theme/TabItem';
import styles from '@docusaurus/theme-classic/lib/theme/TabItem/styles.module.css';

type Props = ThemeProps & {tabId?: string; panelId?: string};

export default function TabItem({children, className, value, tabId, panelId}: Props): ReactNode {
  const {selectedValue, lazy} = useTabs();
  const selected = value === selectedValue;
  if (lazy && !selected) return null;
  return (
    <div
      role="tabpanel"
      id={panelId}
      aria-labelledby={tabId}
      className={clsx(styles.tabItem, className)}
      hidden={!selected}
    >
      {children}
    </div>
  );
}
