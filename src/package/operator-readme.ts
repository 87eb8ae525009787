/** The README an operator finds in a release archive of the documentation. Pure: the release and base path in, Markdown out. */
export function operatorReadme({release, name, base}: {release: string; name: string; base: string}): string {
  return `# authentik ${release} documentation, for your own server

This archive holds the authentik documentation of release ${release} as a static site, built to be
served under \`${base}\`, with the nginx configuration that serves it. It needs nothing but nginx: no
network, no account, no database. Search works offline, in the reader's browser.

## Check the archive

Every release publishes \`SHA256SUMS\` next to the archive. Before you unpack, check that the archive is
the one that was published:

\`\`\`shell
sha256sum --check --ignore-missing SHA256SUMS
\`\`\`

It must print \`${name}.tar.gz: OK\`. The archive is reproducible: building it again from the same
commit of the documentation's repository (\`npm install && npm run package\`) gives the same bytes.

## What is inside

| Path | What it is |
| --- | --- |
| \`html${base}\` | The site. \`html\` is the folder nginx serves; the base path is the folder below it. |
| \`nginx/nginx.conf\` | A complete nginx configuration that serves the site on its own, on port 8080. |
| \`nginx/authentik-docs-http.conf\` | For an existing nginx: the maps, to include in its \`http\` block. |
| \`nginx/authentik-docs-server.conf\` | For an existing nginx: the checks, to include in its \`server\` block. |
| \`nginx/authentik-docs-site.conf\` | For an existing nginx: the site itself, to include in a \`location\` for \`${base}\`. |
| \`logs/\` | Where the standalone configuration writes its logs and its process id. |

## Serve it on its own

\`\`\`shell
tar -xzf ${name}.tar.gz
cd ${name}
nginx -p "$PWD" -e "$PWD/logs/error.log" -c nginx/nginx.conf
\`\`\`

The documentation is then at \`http://<your host>:8080${base}\`; \`/\` leads there. Change the port on the
\`listen\` line of \`nginx/nginx.conf\`, and put it behind your TLS terminator: the site sends a
Strict-Transport-Security header, so readers' browsers must reach it over HTTPS. nginx reads
\`/etc/nginx/mime.types\`, as Debian and most distributions install it. \`nginx -s stop\` with the
same \`-p\` and \`-c\` stops it.

## Serve it inside an existing nginx server

Copy the unpacked folder to, for example, \`/srv/${name}\`, then:

\`\`\`nginx
http {
    include /srv/${name}/nginx/authentik-docs-http.conf;

    server {
        # ... your server ...
        include /srv/${name}/nginx/authentik-docs-server.conf;

        location ^~ ${base} {
            root /srv/${name}/html;
            include /srv/${name}/nginx/authentik-docs-site.conf;
        }
    }
}
\`\`\`

The maps' names and the checks start with \`akdocs_\`, and the checks only act on paths under \`${base}\`,
so the rest of your server is left as it is. Reload nginx (\`nginx -t && nginx -s reload\`).

## What the configuration does

- **Headers.** Every answer carries the site's security headers: a Content Security Policy that lets
  the pages load nothing from other hosts and allows the theme's inline scripts by hash only, and
  HSTS, \`X-Content-Type-Options\`, \`Referrer-Policy\`, \`Permissions-Policy\` and \`X-Frame-Options\`.
  Files whose names carry a content hash are cached for a year; pages are revalidated on every request.
- **Old addresses.** Pages that moved answer a permanent redirect (301) to their new address, under
  \`${base}\`. A redirect never leads off your server, except to the two sites the rules name (the API
  reference and the integrations catalogue, which need the internet). Unknown paths get the site's
  not-found page with suggestions.
- **Unsafe requests.** A path with a control character is refused (400); a path that starts with
  several slashes or backslashes is sent to its tidy form, so no request can turn a redirect into a
  link to another host.
- **Pages for machines.** Every page has a Markdown copy (\`<page>/index.html.md\`, or \`<page>.md\`);
  \`${base}llms.txt\` lists them. A request whose \`Accept\` header asks for \`text/markdown\` only gets the copy.

## Another base path

The base path is fixed when the site is built: links, search and redirects all carry it. To serve the
documentation under another path, build the archive from the repository at the same release:

\`\`\`shell
BASE_URL=/help/ SITE_URL=https://intranet.example.org npm run package
\`\`\`

\`BASE_URL\` must start and end with \`/\` and hold only letters, digits and \`-._~\`. \`SITE_URL\` is the
address your readers use; it goes into the canonical links, the sitemap and the Markdown copies'
absolute links. An archive built with other settings has other bytes, so publish its own sum.
`;
}
