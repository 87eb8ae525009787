/**
 * Sidebar items for applications and for flows, stages and bindings. Order follows the reader:
 * overview first, then tasks, then reference (executors, every stage type).
 */
import type {SidebarItemConfig} from '@docusaurus/plugin-content-docs/lib/sidebars/types.js';

const base = 'add-secure-apps/flows-stages';

export const applications: SidebarItemConfig = {
  type: 'category',
  label: 'Applications',
  link: {type: 'doc', id: 'add-secure-apps/applications/index'},
  items: ['add-secure-apps/applications/manage_apps/index'],
};

export const flowsAndStages: SidebarItemConfig = {
  type: 'category',
  label: 'Flows and Stages',
  collapsed: true,
  items: [
    {
      type: 'category',
      label: 'Flows',
      link: {type: 'doc', id: `${base}/flow/index`},
      items: [
        `${base}/flow/inspector/index`,
        `${base}/flow/context/index`,
        {
          type: 'category',
          label: 'Defaults and examples',
          items: [
            `${base}/flow/examples/flows/index`,
            `${base}/flow/examples/default_flows/index`,
            `${base}/flow/examples/snippets/index`,
          ],
        },
        {
          type: 'category',
          label: 'Executors',
          items: [
            `${base}/flow/executors/if-flow/index`,
            `${base}/flow/executors/sfe/index`,
            `${base}/flow/executors/user-settings/index`,
            `${base}/flow/executors/headless/index`,
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Stages',
      link: {type: 'doc', id: `${base}/stages/index`},
      items: [
        `${base}/stages/authenticator_duo/index`,
        `${base}/stages/authenticator_email/index`,
        `${base}/stages/authenticator_endpoint_gdtc/index`,
        `${base}/stages/authenticator_sms/index`,
        `${base}/stages/authenticator_static/index`,
        `${base}/stages/authenticator_totp/index`,
        `${base}/stages/authenticator_validate/index`,
        `${base}/stages/authenticator_webauthn/index`,
        `${base}/stages/captcha/index`,
        `${base}/stages/deny/index`,
        `${base}/stages/email/index`,
        `${base}/stages/identification/index`,
        `${base}/stages/invitation/index`,
        `${base}/stages/mtls/index`,
        `${base}/stages/password/index`,
        `${base}/stages/prompt/index`,
        `${base}/stages/redirect/index`,
        `${base}/stages/source/index`,
        `${base}/stages/user_delete/index`,
        `${base}/stages/user_login/index`,
        `${base}/stages/user_logout/index`,
        `${base}/stages/user_write/index`,
      ],
    },
    {
      type: 'category',
      label: 'Bindings',
      link: {type: 'doc', id: `${base}/bindings/index`},
      items: [`${base}/bindings/work_with_bindings/index`],
    },
  ],
};
