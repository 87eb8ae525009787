/** The navbar: brand, marketing links, icon links, the version dropdown and search. */
import type {Navbar} from '@docusaurus/theme-common';
import {newestFirst, type Release} from '../../releases/catalogue';
import {DISCORD_URL, INTEGRATIONS_URL, MARKETING_SITE, REPOSITORY_URL} from './site';

/** How many recent releases the version dropdown lists under Next. */
export const DROPDOWN_RELEASES = 3;

export function versionDropdownItems(releases: readonly Release[]) {
  return [
    ...newestFirst(releases)
      .slice(0, DROPDOWN_RELEASES)
      .map((r) => ({label: r.version, to: r.route})),
    {label: 'All releases', to: '/releases/'},
  ];
}

export function navbar(releases: readonly Release[]): Navbar {
  return {
    title: '',
    hideOnScroll: true,
    logo: {
      alt: 'authentik',
      src: 'img/logo.svg',
      srcDark: 'img/logo-dark.svg',
      href: MARKETING_SITE,
      target: '_self',
      width: 140,
      height: 32,
    },
    items: [
      {label: 'Features', href: `${MARKETING_SITE}/#features`, target: '_self', position: 'left'},
      {label: 'Integrations', href: INTEGRATIONS_URL, target: '_self', position: 'left'},
      {label: 'Documentation', to: '/', position: 'left', activeBaseRegex: '^/(?!releases/)'},
      {label: 'Pricing', href: `${MARKETING_SITE}/pricing/`, target: '_self', position: 'left'},
      {label: 'Blog', href: `${MARKETING_SITE}/blog/`, target: '_self', position: 'left'},
      {
        type: 'docsVersionDropdown',
        position: 'right',
        dropdownItemsAfter: versionDropdownItems(releases),
        dropdownActiveClassDisabled: true,
      },
      {
        href: REPOSITORY_URL,
        label: 'GitHub',
        position: 'right',
        className: 'navbar-icon navbar-icon--github',
        'aria-label': 'authentik on GitHub',
      },
      {
        href: DISCORD_URL,
        label: 'Discord',
        position: 'right',
        className: 'navbar-icon navbar-icon--discord',
        'aria-label': 'authentik community on Discord',
      },
      {type: 'search', position: 'right'},
    ],
  } as Navbar;
}
