/**
 * Sidebar items for the core concepts, customization (policies, blueprints, interfaces, branding) and
 * system management (brands, certificates, events, tasks, operations, accounts, settings, tenancy).
 * Order follows the reader: overview first, then tasks, then reference.
 */
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';

export const coreConcepts: SidebarItemConfig = {
  type: 'category',
  label: 'Core concepts',
  items: ['terminology/index', 'core/architecture/index'],
};

export const customize: SidebarItemConfig = {
  type: 'category',
  label: 'Customize your instance',
  link: {type: 'doc', id: 'customize/index'},
  items: [
    {
      type: 'category',
      label: 'Policies',
      link: {type: 'doc', id: 'customize/policies/index'},
      items: [
        'customize/policies/working_with_policies/index',
        {
          type: 'category',
          label: 'Expression policies',
          link: {type: 'doc', id: 'customize/policies/expression/index'},
          items: [
            'customize/policies/expression/unique_email/index',
            'customize/policies/expression/managing_flow_context_keys/index',
            'customize/policies/expression/source_switch/index',
            'customize/policies/expression/whitelist_email/index',
          ],
        },
        'customize/policies/unique_password/index',
      ],
    },
    {
      type: 'category',
      label: 'Blueprints',
      link: {type: 'doc', id: 'customize/blueprints/index'},
      items: [
        'customize/blueprints/export/index',
        'customize/blueprints/v1/structure/index',
        'customize/blueprints/v1/meta/index',
        'customize/blueprints/v1/models/index',
        'customize/blueprints/v1/tags/index',
        'customize/blueprints/v1/example/index',
      ],
    },
    {
      type: 'category',
      label: 'Interfaces',
      items: ['customize/interfaces/admin/index', 'customize/interfaces/flow/index', 'customize/interfaces/user/index'],
    },
    'branding/index',
  ],
};

export const systemManagement: SidebarItemConfig = {
  type: 'category',
  label: 'System management',
  items: [
    'brands/index',
    'sys-mgmt/certificates/index',
    {
      type: 'category',
      label: 'Events',
      link: {type: 'doc', id: 'sys-mgmt/events/index'},
      items: [
        'sys-mgmt/events/event-actions/index',
        'sys-mgmt/events/logging-events/index',
        'sys-mgmt/events/notifications/index',
        'sys-mgmt/events/transports/index',
        'sys-mgmt/events/notification_rule_expression_policies/index',
      ],
    },
    'background-tasks/index',
    'worker/index',
    {
      type: 'category',
      label: 'Operations',
      items: [
        'sys-mgmt/ops/backup-restore/index',
        'sys-mgmt/ops/geoip/index',
        'sys-mgmt/ops/monitoring/index',
        'sys-mgmt/ops/storage-s3/index',
      ],
    },
    'sys-mgmt/service-accounts/index',
    'sys-mgmt/settings/index',
    'sys-mgmt/tenancy/index',
  ],
};
