/**
 * Sidebar items for providers (overview at /providers/, then one category per provider type as the
 * upstream sidebar groups them) and outposts (overview, embedded outpost, integrations, manual
 * deployments, upgrading). Order follows the reader: overview first, then tasks, then reference.
 */
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';

const P = 'add-secure-apps/providers';
const O = 'add-secure-apps/outposts';

export const providers: SidebarItemConfig = {
  type: 'category',
  label: 'Providers',
  link: {type: 'doc', id: 'providers/index'},
  items: [
    {
      type: 'category',
      label: 'Property mappings',
      link: {type: 'doc', id: `${P}/property-mappings/index`},
      items: [`${P}/property-mappings/expression/index`],
    },
    {
      type: 'category',
      label: 'Google Workspace provider',
      link: {type: 'doc', id: `${P}/gws/index`},
      items: [`${P}/gws/setup-gws/index`, `${P}/gws/add-gws-provider/index`],
    },
    {
      type: 'category',
      label: 'LDAP provider',
      link: {type: 'doc', id: `${P}/ldap/index`},
      items: [`${P}/ldap/generic_setup/index`],
    },
    {
      type: 'category',
      label: 'Microsoft Entra ID provider',
      link: {type: 'doc', id: `${P}/entra/index`},
      items: [`${P}/entra/setup-entra/index`, `${P}/entra/add-entra-provider/index`],
    },
    {
      type: 'category',
      label: 'OAuth2 provider',
      link: {type: 'doc', id: `${P}/oauth2/index`},
      items: [
        `${P}/oauth2/create-oauth2-provider/index`,
        `${P}/oauth2/client_credentials/index`,
        `${P}/oauth2/device_code/index`,
        `${P}/oauth2/github-compatibility/index`,
        `${P}/oauth2/backchannel-logout/index`,
        `${P}/oauth2/webfinger_support/index`,
      ],
    },
    {
      type: 'category',
      label: 'Proxy provider',
      link: {type: 'doc', id: `${P}/proxy/index`},
      items: [
        `${P}/proxy/custom_headers/index`,
        `${P}/proxy/header_authentication/index`,
        {
          type: 'category',
          label: 'Forward auth',
          link: {type: 'doc', id: `${P}/proxy/forward_auth/index`},
          items: [
            `${P}/proxy/server_nginx/index`,
            `${P}/proxy/server_traefik/index`,
            `${P}/proxy/server_envoy/index`,
            `${P}/proxy/server_caddy/index`,
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'RAC provider',
      link: {type: 'doc', id: `${P}/rac/index`},
      items: [`${P}/rac/how-to-rac/index`, `${P}/rac/rac-public-key/index`, `${P}/rac/rac_credentials_prompt/index`],
    },
    `${P}/radius/index`,
    `${P}/saml/index`,
    `${P}/scim/index`,
    {
      type: 'category',
      label: 'SSF provider',
      link: {type: 'doc', id: `${P}/ssf/index`},
      items: [`${P}/ssf/create-ssf-provider/index`],
    },
  ],
};

export const outposts: SidebarItemConfig = {
  type: 'category',
  label: 'Outposts',
  link: {type: 'doc', id: `${O}/index`},
  items: [
    `${O}/embedded/index`,
    {
      type: 'category',
      label: 'Integrations',
      items: [`${O}/integrations/docker/index`, `${O}/integrations/kubernetes/index`],
    },
    `${O}/manual-deploy-docker-compose/index`,
    `${O}/manual-deploy-kubernetes/index`,
    `${O}/upgrading/index`,
  ],
};
