#!/usr/bin/env bash
# Fails when package-lock.json differs from the committed one: after `npm install` on a fresh clone,
# that means the committed lock file is not the one npm writes, and every install would change it.
set -euo pipefail
cd "${1:-.}"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || exit 0
if ! git diff --quiet -- package-lock.json; then
  echo "package-lock.json is not as committed: npm install rewrote it (or it was edited)." >&2
  echo "Run npm install and commit package-lock.json as it writes it." >&2
  git --no-pager diff --stat -- package-lock.json >&2
  exit 1
fi
echo "package-lock.json is as committed."
