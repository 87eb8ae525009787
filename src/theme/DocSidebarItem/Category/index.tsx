/**
 * A category of the docs sidebar, written for this site in place of the theme's.
 *
 * Two things set it apart from the theme's category:
 *
 * - Its items may arrive late. In the browser's bundle a top-level category may hold only a stub of
 *   its items, its part number saying where the rest is (src/plugins/lean-client/sidebar-parts.ts):
 *   the part loads with the route section of a page it links to, or here, when the reader opens the
 *   category. The server renders every category whole, and without a part number (the development
 *   server too) the category has its items from the start.
 * - Its markup is lean, because every docs page's HTML holds the sidebar's top-level categories and
 *   a site with more sections has more of them: the list item carries only Infima's classes, the
 *   label is a bare span, and a category without a page of its own is a single link (no wrapper,
 *   which Infima needs only to set a link and its caret button side by side). Styles in
 *   src/css/custom.css ("Sidebar categories").
 *
 * What a reader sees and does is the theme's: the same classes for the look, a category opened on
 * the way to the page being read, opened when it becomes active, toggled by its caret button or (without
 * a page of its own) by its link, collapsed again by its link when its own page is the one shown,
 * and its items rendered only once it has been opened.
 */
import React, {useEffect, useMemo, useSyncExternalStore, type MouseEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {Collapsible, useCollapsible, usePrevious, useThemeConfig} from '@docusaurus/theme-common';
import {isSamePath} from '@docusaurus/theme-common/internal';
import {
  findFirstSidebarItemLink,
  isActiveSidebarItem,
  useDocSidebarItemsExpandedState,
  useVisibleSidebarItems,
} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebarItem, PropSidebarItemCategory} from '@docusaurus/plugin-content-docs';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import DocSidebarItems from '@theme/DocSidebarItems';
import DocSidebarItemLink from '@theme/DocSidebarItem/Link';
import type {Props} from '@theme/DocSidebarItem/Category';
import {loadPart, onPartLoaded, partItemsOf} from '@site/src/plugins/lean-client/route-sections-runtime';
import {PART_PROPERTY} from '@site/src/plugins/lean-client/sidebar-parts';

const noItems = () => undefined;

/** The category with its whole items once its part has loaded, and its part number. */
function useWholeCategory(item: PropSidebarItemCategory): [PropSidebarItemCategory, number | undefined] {
  const part = (item as unknown as Record<string, unknown>)[PART_PROPERTY] as number | undefined;
  const items = useSyncExternalStore(
    onPartLoaded,
    () => (part === undefined ? undefined : partItemsOf(part)),
    noItems,
  ) as PropSidebarItem[] | undefined;
  return [useMemo(() => (items ? {...item, items} : item), [item, items]), part];
}

export default function DocSidebarItemCategory({item: given, ...props}: Props): ReactNode {
  const [item, part] = useWholeCategory(given);
  const visible = useVisibleSidebarItems(item.items, props.activePath);
  if (visible.length > 0) return <OpenableCategory item={item} part={part} {...props} />;
  // Nothing to open: a category with a page of its own is a link to it, one without is left out.
  if (typeof item.href !== 'string') return null;
  const {
    type: _type,
    collapsed: _collapsed,
    collapsible: _collapsible,
    items: _items,
    linkUnlisted: _unlisted,
    ...link
  } = item;
  return <DocSidebarItemLink item={{type: 'link', ...link, href: item.href}} {...props} />;
}

/**
 * Where the category's link leads. Its own page if it has one; otherwise, until the page is
 * interactive, its first page, so a reader without JavaScript can still go in (the link opens the
 * category once the page is interactive, and leads nowhere).
 */
function useLinkTarget(item: PropSidebarItemCategory): string | undefined {
  const isBrowser = useIsBrowser();
  return useMemo(() => {
    if (item.href && !item.linkUnlisted) return item.href;
    if (isBrowser || !item.collapsible) return undefined;
    return findFirstSidebarItemLink(item);
  }, [item, isBrowser]);
}

function OpenableCategory({
  item,
  part,
  onItemClick,
  activePath,
  level,
  index,
  ...linkProps
}: Props & {part: number | undefined}): ReactNode {
  const {items, label, collapsible, className, href} = item;
  const {autoCollapseCategories} = useThemeConfig().docs.sidebar;
  const target = useLinkTarget(item);
  const active = isActiveSidebarItem(item, activePath);
  const ownPageShown = isSamePath(href, activePath);
  const {collapsed, setCollapsed} = useCollapsible({
    initialState: () => collapsible && !active && item.collapsed,
  });
  const {expandedItem, setExpandedItem} = useDocSidebarItemsExpandedState();

  const toggle = (collapse = !collapsed) => {
    setExpandedItem(collapse ? null : index);
    setCollapsed(collapse);
  };

  // Opened when the reader arrives at a page inside it, and again when they move to another one.
  const wasActive = usePrevious(active);
  const previousPath = usePrevious(activePath);
  useEffect(() => {
    if (collapsed && active && (!wasActive || activePath !== previousPath)) toggle(false);
    // `toggle` is remade each render; the values it reads are listed.
  }, [active, wasActive, activePath, previousPath, collapsed]);

  // With auto-collapse set, a sibling that opens closes this one.
  useEffect(() => {
    if (autoCollapseCategories && collapsible && expandedItem != null && expandedItem !== index) setCollapsed(true);
  }, [autoCollapseCategories, collapsible, expandedItem, index, setCollapsed]);

  // A stub's part loads when the reader opens it; one that failed (the network is gone) is tried again
  // the next time.
  const opened = part !== undefined && expandedItem === index;
  useEffect(() => {
    if (opened) loadPart(part).catch(() => undefined);
  }, [opened, part]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onItemClick?.(item);
    if (!collapsible) return;
    if (href && !ownPageShown) {
      toggle(false);
      return;
    }
    event.preventDefault();
    toggle();
  };

  const opensItself = collapsible && !href;
  const link = (
    <Link
      className={clsx('menu__link', {
        'menu__link--sublist': collapsible,
        'menu__link--sublist-caret': opensItself,
        'menu__link--active': active,
      })}
      onClick={onClick}
      aria-current={ownPageShown ? 'page' : undefined}
      role={opensItself ? 'button' : undefined}
      aria-expanded={opensItself ? !collapsed : undefined}
      href={collapsible ? (target ?? '#') : target}
      {...linkProps}
    >
      <span>{label}</span>
    </Link>
  );

  return (
    <li className={clsx('menu__list-item', collapsed && 'menu__list-item--collapsed', className)}>
      {href && collapsible ? (
        <div className={clsx('menu__list-item-collapsible', ownPageShown && 'menu__list-item-collapsible--active')}>
          {link}
          <CaretButton label={label} collapsed={collapsed} onClick={() => toggle()} />
        </div>
      ) : (
        link
      )}
      <Collapsible lazy as="ul" className="menu__list" collapsed={collapsed}>
        <DocSidebarItems
          items={items}
          tabIndex={collapsed ? -1 : 0}
          onItemClick={onItemClick}
          activePath={activePath}
          level={level + 1}
        />
      </Collapsible>
    </li>
  );
}

/** The button beside a category's link that opens or closes it, named with the theme's translations. */
function CaretButton({label, collapsed, onClick}: {label: string; collapsed: boolean; onClick: () => void}): ReactNode {
  const name = collapsed
    ? translate(
        {
          id: 'theme.DocSidebarItem.expandCategoryAriaLabel',
          message: "Expand sidebar category '{label}'",
          description: 'The ARIA label to expand the sidebar category',
        },
        {label},
      )
    : translate(
        {
          id: 'theme.DocSidebarItem.collapseCategoryAriaLabel',
          message: "Collapse sidebar category '{label}'",
          description: 'The ARIA label to collapse the sidebar category',
        },
        {label},
      );
  return (
    <button
      type="button"
      className="clean-btn menu__caret"
      aria-label={name}
      aria-expanded={!collapsed}
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    />
  );
}
