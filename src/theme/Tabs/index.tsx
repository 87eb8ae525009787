/**
 * Tabs, as Docusaurus draws them, with the tab and its panel tied together: each tab gets an id and
 * `aria-controls` naming its panel, and each panel an id and `aria-labelledby` naming its tab (see
 * ../TabItem). Without them the panels are not associated with their tabs (WAI-ARIA tabs pattern;
 * the Nu HTML Checker reports "Every active role=tab element must have a corresponding role=tabpanel").
 */
import React, {Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import type TabsType from '@theme/Tabs';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof TabsType>;

interface TabItemProps {
  attributes?: Record<string, unknown>;
  tabId?: string;
  panelId?: string;
}

export default function TabsWrapper(props: Props): ReactNode {
  const prefix = useId().replace(/:/g, '');
  let index = 0;
  const children = Children.map(props.children, (child) => {
    if (!isValidElement<TabItemProps>(child)) return child;
    index += 1;
    const tabId = `tab-${prefix}-${index}`;
    const panelId = `tabpanel-${prefix}-${index}`;
    // A lazy panel is absent while its tab is not selected: then the tab names no panel.
    const controls = props.lazy ? {} : {'aria-controls': panelId};
    return cloneElement(child as ReactElement<TabItemProps>, {
      tabId,
      panelId,
      attributes: {...child.props.attributes, id: tabId, ...controls},
    });
  });
  return <Tabs {...props}>{children}</Tabs>;
}
