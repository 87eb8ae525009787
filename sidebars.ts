/**
 * The one docs sidebar, in the order of the site: welcome, core concepts, installation, applications
 * and their providers, flows and stages, outposts, users and sources, customization, system
 * management, enterprise, security, release notes, troubleshooting and developer docs. Each area's
 * items live in `sidebars/<area>.ts`; release notes and advisories are listed from their catalogues.
 */
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {readReleases} from './releases/catalogue';
import {applications, flowsAndStages} from './sidebars/flows-stages';
import {providers, outposts} from './sidebars/providers-outposts';
import {usersAndSources} from './sidebars/users-sources';
import {coreConcepts, customize, systemManagement} from './sidebars/customize-sysmgmt-core';
import {installConfig, enterprise, securityPages, troubleshooting, developerDocs} from './sidebars/install-ops-contrib';
import {readAdvisories} from './src/pages/advisories';

const docsDir = path.join(__dirname, 'docs');
const releases = readReleases(docsDir);
const advisories = readAdvisories(docsDir);

const sidebars: SidebarsConfig = {
  docs: [
    {type: 'doc', id: 'index', label: 'Welcome'},
    coreConcepts,
    installConfig,
    {
      type: 'category',
      label: 'Add and secure applications',
      items: [applications, providers, flowsAndStages, outposts],
    },
    usersAndSources,
    customize,
    systemManagement,
    enterprise,
    {
      type: 'category',
      label: 'Security',
      items: [
        ...securityPages,
        {
          type: 'category',
          label: 'Security advisories',
          // Newest first, from each advisory's `advisory.published` front matter.
          items: advisories.map((a) => ({type: 'doc' as const, id: `security/cves/${a.id}/index`, label: a.id})),
        },
      ],
    },
    {
      type: 'category',
      label: 'Release notes',
      link: {type: 'doc', id: 'releases/index'},
      items: releases.map((r) => ({type: 'doc' as const, id: `releases/${r.version}/index`, label: r.version})),
    },
    troubleshooting,
    developerDocs,
  ],
};

export default sidebars;
