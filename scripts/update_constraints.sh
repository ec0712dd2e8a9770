#!/usr/bin/env bash
# Re-pin constraints.txt: the whole tree that the project and its [test] extra install, resolved
# afresh within pyproject.toml's ranges on the oldest interpreter supported (Debian 12's
# /usr/bin/python3, 3.11.2), so every pin installs there and on anything newer. The scaffold
# ships the same file to new sites. Review the diff, run scripts/test.sh, then commit.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-/usr/bin/python3}
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -e ".[test]"
{
  echo "# Every package readinglist and its tests install, pinned: CI, the Pages workflow and the"
  echo "# README install with -c constraints.txt, so a run is reproducible. Resolved on Python"
  echo "# $("$venv/bin/python" -c 'import platform; print(platform.python_version())') by scripts/update_constraints.sh; a site installs only what it needs of it."
  "$venv/bin/python" -m pip freeze --exclude-editable --exclude mkdocs-readinglist
} > constraints.txt
cp constraints.txt generator/scaffold/templates/constraints.txt
