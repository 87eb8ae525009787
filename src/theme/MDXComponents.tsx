/**
 * The components MDX pages render with, plus one: tables take keyboard focus. A table wider than
 * the page scrolls sideways inside its own box, and a reader without a mouse can only scroll a box
 * that can hold focus (WCAG 2.1.1; axe's scrollable-region-focusable), as code blocks already do.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';

function Table(props: ComponentProps<'table'>): ReactNode {
  return <table tabIndex={0} {...props} />;
}

export default {...MDXComponents, table: Table};
