/**
 * The theme's sidebar category, given its items when they arrive. In the browser's bundle a top-level
 * category may hold only a stub of its items, its part number saying where the rest is
 * (src/plugins/lean-client/sidebar-parts.ts): the part loads with the route section of a page it
 * links to, or here, when the reader opens the category. The server renders every category whole,
 * and without a part number (the development server too) this renders the theme's category as it is.
 */
import React, {useEffect, useSyncExternalStore, type ReactNode} from 'react';
import Category from '@theme-original/DocSidebarItem/Category';
import type CategoryType from '@theme/DocSidebarItem/Category';
import type {WrapperProps} from '@docusaurus/types';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {useDocSidebarItemsExpandedState} from '@docusaurus/plugin-content-docs/client';
import {loadPart, onPartLoaded, partItemsOf} from '@site/src/plugins/lean-client/route-sections-runtime';
import {PART_PROPERTY} from '@site/src/plugins/lean-client/sidebar-parts';

type Props = WrapperProps<typeof CategoryType>;

const noItems = () => undefined;

export default function CategoryWithPart(props: Props): ReactNode {
  const part = (props.item as unknown as Record<string, unknown>)[PART_PROPERTY] as number | undefined;
  const {expandedItem} = useDocSidebarItemsExpandedState();
  const items = useSyncExternalStore(
    onPartLoaded,
    () => (part === undefined ? undefined : partItemsOf(part)),
    noItems,
  ) as PropSidebarItem[] | undefined;
  const opened = part !== undefined && expandedItem === props.index;
  useEffect(() => {
    // A part that fails to load (the network is gone) leaves the stub; opening again retries.
    if (opened) loadPart(part).catch(() => undefined);
  }, [opened, part]);
  return <Category {...props} item={items ? {...props.item, items} : props.item} />;
}
