/**
 * Every redirect of the site, in one ordered list. It feeds the client-redirect stubs, the static
 * host's `_redirects`, the nginx configuration and the not-found page.
 *
 * Order matters: the first rule that matches wins, on every output. Put a narrower rule before a
 * wider one that also matches its paths (`/flow/stages/*` before `/flow/*`; `/docs/api` before
 * `/docs/*`). A `*` at the end of `from` matches the rest of the path (and the bare prefix);
 * `:splat` in `to` stands for what it matched.
 */
export interface RedirectRule {
  from: string;
  to: string;
}

/** Every redirect is permanent. */
export const REDIRECT_STATUS = 301;

export const API_REFERENCE = 'https://api.goauthentik.io';
export const INTEGRATIONS_SITE = 'https://integrations.goauthentik.io';

export const REDIRECT_RULES: readonly RedirectRule[] = [
  // The API reference lives on its own site.
  {from: '/schema.yml', to: `${API_REFERENCE}/schema.yml`},
  {from: '/schema.yaml', to: `${API_REFERENCE}/schema.yml`},
  {from: '/api', to: API_REFERENCE},
  {from: '/api/*', to: `${API_REFERENCE}/:splat`},
  {from: '/docs/api', to: API_REFERENCE},
  {from: '/docs/api/*', to: `${API_REFERENCE}/:splat`},
  {from: '/docs/developer-docs/api/*', to: `${API_REFERENCE}/:splat`},
  {from: '/developer-docs/api/*', to: `${API_REFERENCE}/:splat`},

  // So does the integrations catalogue.
  {from: '/integrations', to: INTEGRATIONS_SITE},
  {from: '/integrations/*', to: `${INTEGRATIONS_SITE}/:splat`},

  // Single pages that moved.
  {from: '/add-secure-apps/providers/azure-ad', to: '/add-secure-apps/providers/entra/'},
  {from: '/add-secure-apps/flows-stages/flow/layouts', to: '/add-secure-apps/flows-stages/flow/executors/if-flow/'},
  {from: '/core/applications', to: '/add-secure-apps/applications/'},
  {from: '/core/terminology', to: '/terminology/'},
  {from: '/core/brands', to: '/brands/'},
  {from: '/customize/brands', to: '/branding/'},
  {from: '/core/certificates', to: '/sys-mgmt/certificates/'},
  {from: '/core/settings', to: '/sys-mgmt/settings/'},
  {from: '/core/geoip', to: '/sys-mgmt/ops/geoip/'},
  {from: '/install-config/geoip', to: '/sys-mgmt/ops/geoip/'},
  {from: '/install-config/storage-s3', to: '/sys-mgmt/ops/storage-s3/'},
  {from: '/security/2023-06-cure53', to: '/security/audits-and-certs/2023-06-cure53/'},

  // Sections that moved. `/flow/stages/*` must come before `/flow/*`, which also matches it.
  {from: '/applications/*', to: '/add-secure-apps/applications/:splat'},
  {from: '/installation/*', to: '/install-config/:splat'},
  {from: '/interfaces/*', to: '/customize/interfaces/:splat'},
  {from: '/policies/*', to: '/customize/policies/:splat'},
  {from: '/events/*', to: '/sys-mgmt/events/:splat'},
  {from: '/flow/stages/*', to: '/add-secure-apps/flows-stages/stages/:splat'},
  {from: '/flow/*', to: '/add-secure-apps/flows-stages/flow/:splat'},
  {from: '/outposts/*', to: '/add-secure-apps/outposts/:splat'},
  {from: '/sources/*', to: '/users-sources/sources/:splat'},
  {from: '/user-group-role/*', to: '/users-sources/:splat'},
  {from: '/property-mappings/*', to: '/add-secure-apps/providers/property-mappings/:splat'},
  {from: '/providers/property-mappings/*', to: '/add-secure-apps/providers/property-mappings/:splat'},

  // Advisories moved under /security/cves/.
  {from: '/security/CVE-*', to: '/security/cves/CVE-:splat'},
  {from: '/security/GHSA-*', to: '/security/cves/GHSA-:splat'},

  // The old /docs/ prefix: last, because every rule above wins over it.
  {from: '/docs/*', to: '/:splat'},
];
