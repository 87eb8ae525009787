/**
 * Sidebar items for users, groups, roles, access control and sources (protocols, property mappings,
 * directory synchronization and federated/social identity providers).
 * Order follows the reader: overview first, then tasks, then reference.
 */
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';

export const usersAndSources: SidebarItemConfig = {
  type: 'category',
  label: 'Users and Sources',
  items: [
    {
      type: 'category',
      label: 'Users',
      link: {type: 'doc', id: 'users-sources/user/index'},
      items: [
        'users-sources/user/user_basic_operations/index',
        'users-sources/user/invitations/index',
        'users-sources/user/password_reset_on_login/index',
        'users-sources/user/user_ref/index',
      ],
    },
    {
      type: 'category',
      label: 'Groups',
      link: {type: 'doc', id: 'users-sources/groups/index'},
      items: ['users-sources/groups/manage_groups/index', 'users-sources/groups/group_ref/index'],
    },
    {
      type: 'category',
      label: 'Roles',
      link: {type: 'doc', id: 'users-sources/roles/index'},
      items: ['users-sources/roles/manage_roles/index'],
    },
    {
      type: 'category',
      label: 'Access control',
      link: {type: 'doc', id: 'users-sources/access-control/index'},
      items: [
        'users-sources/access-control/permissions/index',
        'users-sources/access-control/manage_permissions/index',
        'users-sources/access-control/initial_permissions/index',
      ],
    },
    {
      type: 'category',
      label: 'Sources',
      link: {type: 'doc', id: 'users-sources/sources/index'},
      items: [
        {
          type: 'category',
          label: 'Property mappings',
          link: {type: 'doc', id: 'users-sources/sources/property-mappings/index'},
          items: ['users-sources/sources/property-mappings/expressions/index'],
        },
        {
          type: 'category',
          label: 'Protocols',
          items: [
            {
              type: 'category',
              label: 'Kerberos',
              link: {type: 'doc', id: 'users-sources/sources/protocols/kerberos/index'},
              items: ['users-sources/sources/protocols/kerberos/browser/index'],
            },
            'users-sources/sources/protocols/ldap/index',
            'users-sources/sources/protocols/oauth/index',
            'users-sources/sources/protocols/saml/index',
            'users-sources/sources/protocols/scim/index',
          ],
        },
        {
          type: 'category',
          label: 'Directory synchronization',
          items: [
            'users-sources/sources/directory-sync/active-directory/index',
            'users-sources/sources/directory-sync/freeipa/index',
          ],
        },
        {
          type: 'category',
          label: 'Social logins',
          link: {type: 'doc', id: 'users-sources/sources/social-logins/index'},
          items: [
            'users-sources/sources/social-logins/apple/index',
            'users-sources/sources/social-logins/discord/index',
            'users-sources/sources/social-logins/entra-id/index',
            'users-sources/sources/social-logins/facebook/index',
            'users-sources/sources/social-logins/github/index',
            {
              type: 'category',
              label: 'Google',
              link: {type: 'doc', id: 'users-sources/sources/social-logins/google/index'},
              items: [
                'users-sources/sources/social-logins/google/cloud/index',
                'users-sources/sources/social-logins/google/workspace/index',
              ],
            },
            'users-sources/sources/social-logins/mailcow/index',
            'users-sources/sources/social-logins/plex/index',
            'users-sources/sources/social-logins/twitch/index',
            'users-sources/sources/social-logins/twitter/index',
          ],
        },
      ],
    },
  ],
};
