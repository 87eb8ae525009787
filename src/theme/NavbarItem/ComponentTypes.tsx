/**
 * The navbar item types this site uses (src/config/navbar.ts): links, the version dropdown (built on
 * the plain dropdown) and search. The theme's map also holds the locale dropdown, raw HTML, doc,
 * doc sidebar and version-label items; each one would be code on every page that no page runs.
 * A navbar item of a type left out fails the build ("No NavbarItem component found for type …"):
 * add its theme component here, as in `@docusaurus/theme-classic/lib/theme/NavbarItem/ComponentTypes`.
 */
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import SearchNavbarItem from '@theme/NavbarItem/SearchNavbarItem';
import DocsVersionDropdownNavbarItem from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type ComponentTypesType from '@theme/NavbarItem/ComponentTypes';

const ComponentTypes = {
  default: DefaultNavbarItem,
  search: SearchNavbarItem,
  dropdown: DropdownNavbarItem,
  docsVersionDropdown: DocsVersionDropdownNavbarItem,
} as unknown as typeof ComponentTypesType;

export default ComponentTypes;
