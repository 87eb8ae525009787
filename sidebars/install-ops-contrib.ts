/**
 * Sidebar items for installation and configuration, Enterprise, the security policy pages,
 * troubleshooting and the developer documentation. Order follows the reader: overview first,
 * then tasks, then reference.
 */
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';

export const installConfig: SidebarItemConfig = {
  type: 'category',
  label: 'Installation and configuration',
  link: {type: 'doc', id: 'install-config/index'},
  items: [
    {
      type: 'category',
      label: 'Installation',
      items: [
        'install-config/install/docker-compose/index',
        'install-config/install/kubernetes/index',
        'install-config/install/aws/index',
      ],
    },
    'install-config/configuration/index',
    'install-config/upgrade/index',
    'install-config/beta/index',
    'install-config/reverse-proxy/index',
    'install-config/automated-install/index',
    'install-config/air-gapped/index',
  ],
};

export const enterprise: SidebarItemConfig = {
  type: 'category',
  label: 'Enterprise',
  link: {type: 'doc', id: 'enterprise/index'},
  items: ['enterprise/get-started/index', 'enterprise/manage-enterprise/index', 'enterprise/entsupport/index'],
};

export const securityPages: SidebarItemConfig[] = [
  'security/policy/index',
  'security/security-hardening/index',
  {
    type: 'category',
    label: 'Audits and certificates',
    items: ['security/audits-and-certs/2023-06-cure53/index', 'security/audits-and-certs/2024-11-cobalt/index'],
  },
];

export const troubleshooting: SidebarItemConfig = {
  type: 'category',
  label: 'Troubleshooting',
  items: [
    'troubleshooting/logs/index',
    'troubleshooting/login/index',
    'troubleshooting/access/index',
    'troubleshooting/forward_auth/general/index',
    {
      type: 'category',
      label: 'PostgreSQL',
      items: ['troubleshooting/postgres/upgrade_kubernetes/index', 'troubleshooting/postgres/upgrade_docker/index'],
    },
    'troubleshooting/image_upload/index',
    'troubleshooting/missing_permission/index',
    'troubleshooting/missing_admin_group/index',
    'troubleshooting/csrf/index',
    'troubleshooting/emails/index',
    'troubleshooting/ldap_source/index',
  ],
};

export const developerDocs: SidebarItemConfig = {
  type: 'category',
  label: 'Developer documentation',
  link: {type: 'doc', id: 'developer-docs/index'},
  items: [
    'developer-docs/contributing/index',
    {
      type: 'category',
      label: 'Development environment',
      link: {type: 'doc', id: 'developer-docs/setup/index'},
      items: [
        'developer-docs/setup/full-dev-environment/index',
        'developer-docs/setup/frontend-dev-environment/index',
        'developer-docs/setup/debugging/index',
      ],
    },
    {
      type: 'category',
      label: 'Writing documentation',
      link: {
        type: 'doc',
        id: 'developer-docs/docs/writing-documentation/index',
      },
      items: [
        'developer-docs/docs/style-guide/index',
        {
          type: 'category',
          label: 'Templates',
          link: {type: 'doc', id: 'developer-docs/docs/templates/index'},
          items: [
            'developer-docs/docs/templates/procedural/index',
            'developer-docs/docs/templates/conceptual/index',
            'developer-docs/docs/templates/reference/index',
            'developer-docs/docs/templates/combo/index',
          ],
        },
      ],
    },
    'developer-docs/translation/index',
    'developer-docs/releases/index',
    'developer-docs/hackathon/index',
  ],
};
