#!/usr/bin/env bash
# Every check of the project, in the order a failure is cheapest to find. `npm test` runs it;
# `npm install && npm test` on a fresh clone is all a machine needs (Node 20 and npm, on Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

# Debian packages that npm cannot provide: the browser for the browser tests, nginx for the server,
# a Java runtime for the HTML checker.
need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
[ -x "${NGINX_BINARY:-/usr/sbin/nginx}" ] || need+=(nginx)
# Java runs the Nu HTML Checker (vnu-jar).
command -v "${JAVA:-java}" >/dev/null || need+=(default-jre-headless)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "Installing Debian packages: ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "The tests need these Debian packages: ${need[*]}. Install them with: sudo apt-get install ${need[*]}" >&2
    exit 1
  fi
fi

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

# What runs a second time on the release archive, under its base path: the checks a base path can
# break (links, redirects and hostile requests, Markdown copies and llms.txt, search, Copy page,
# nothing loaded from outside, route sections, tag lists fetched on request). The others (catalogue,
# HTML validity, budgets, accessibility, layout) judge what the pages say and how they look, which
# the base path does not change, and run once.
ARCHIVE_SITE_CHECKS=(tests/site/links.test.ts tests/site/server.test.ts tests/site/markdown.test.ts tests/site/markdown-server.test.ts)
ARCHIVE_BROWSER_TESTS=(tests/e2e/search.spec.ts tests/e2e/copy-page.spec.ts tests/e2e/offline.spec.ts tests/e2e/routes.spec.ts tests/e2e/tags.spec.ts)

step 'Lock file (npm install leaves package-lock.json as committed)'
bash scripts/check-lock.sh
step 'Types (tsc)'
npx tsc -p .
step 'Code style (eslint, prettier)'
npm run --silent lint
step 'Pages (front matter, links, markdownlint, cspell)'
npm run --silent lint:docs
step 'Unit tests (vitest)'
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/unit.json"
step 'Build (fails on broken links, anchors and unknown tags)'
npm run --silent build
step "Test build: analytics on and the test-only pages, for the browser tests"
TEST_PAGES=1 ANALYTICS_TRACKING_ID=G-TESTBUILD01 npm run --silent build -- --out-dir build-analytics
step 'Release archive (npm run package: the site under /docs/, its nginx configuration, its sum)'
npm run --silent package
archive=$(mktemp -d)
trap 'rm -rf "$reports" "$archive"' EXIT
tar -xzf dist/authentik-docs-*.tar.gz -C "$archive"
unpacked=$(echo "$archive"/authentik-docs-*)
step 'Build output checks (vitest)'
npx vitest run --config vitest.site.config.ts --reporter=default --reporter=json --outputFile.json="$reports/site.json"
step 'The same checks under /docs/, on the unpacked archive served by its own nginx configuration'
SITE_ARCHIVE="$unpacked" npx vitest run --config vitest.site.config.ts --reporter=default --reporter=json \
  --outputFile.json="$reports/site-archive.json" "${ARCHIVE_SITE_CHECKS[@]}"
step 'Browser tests (Playwright, Chromium, nginx)'
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" npx playwright test --reporter=list,json
step 'Browser tests under /docs/, on the unpacked archive'
SITE_ARCHIVE="$unpacked" PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e-archive.json" npx playwright test --reporter=list,json \
  "${ARCHIVE_BROWSER_TESTS[@]}"

step 'Summary'
node scripts/test-summary.mjs "$reports"/*.json
