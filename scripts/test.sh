#!/usr/bin/env bash
# Install everything the tests need, then run every test. The README's test command; CI runs it.
#   - Python packages: the project with its [test] extra, pinned by constraints.txt
#   - Debian's chromium (browser tests) and CJK fonts (screenshots of Chinese list names)
#   - Debian's python3 with venv (tests/test_install.py installs the README's quick start in
#     fresh virtualenvs of /usr/bin/python3, the oldest interpreter supported)
#   - Debian's nodejs and npm: the page scripts' linter (ESLint, pinned in package-lock.json,
#     installed with `npm ci`) and their unit tests (`node --test tests/js/`)
# Last, a 200-paper build with the newest releases the dependency ranges allow (a fresh
# virtualenv from PyPI, no constraints) must take at most 1.5x the pinned set's CPU time: a
# patch release of Python-Markdown once made the build 2.7x slower (bench/newest.py; about
# two minutes). RL_SKIP_NEWEST=1 leaves it out, offline.
# Extra arguments go to pytest, e.g. `scripts/test.sh -k build`.
set -euo pipefail
cd "$(dirname "$0")/.."

need_debian=()
command -v chromium >/dev/null 2>&1 || need_debian+=(chromium)
fc-list 2>/dev/null | grep -qi "noto.*cjk" || need_debian+=(fonts-noto-cjk)
# Debian's python3 makes a virtualenv with pip only with python3-venv (and the wheels it brings).
probe=$(mktemp -d)
{ /usr/bin/python3 -m venv --without-pip "$probe/venv" && ls /usr/share/python-wheels/pip-*.whl; } \
  >/dev/null 2>&1 || need_debian+=(python3-venv)
rm -rf "$probe"
command -v node >/dev/null 2>&1 || need_debian+=(nodejs)
command -v npm >/dev/null 2>&1 || need_debian+=(npm)
if [ ${#need_debian[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian packages: ${need_debian[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_debian[@]}" >/dev/null
  else
    echo "warning: please install ${need_debian[*]} (e.g. sudo apt-get install ${need_debian[*]});" \
         "the browser and install tests fail without them when CI=true, and are skipped otherwise" >&2
  fi
fi

# This project was once installed as "readinglist" (an unrelated PyPI project's name): such an
# install still registers the MkDocs plugin from its former module, so it goes first.
old_install='import importlib.metadata as m; d = m.distribution("readinglist")
assert any(e.value.startswith("generator.") for e in d.entry_points)'
if python3 -c "$old_install" >/dev/null 2>&1; then
  python3 -m pip uninstall -q -y readinglist
fi
python3 -m pip install -q --disable-pip-version-check -e ".[test]" -c constraints.txt
python3 -m ruff check generator tests bench scripts
python3 -m ruff format --check generator tests bench scripts
python3 -m mypy
npm ci --no-audit --no-fund --loglevel=error
npm run --silent lint
node --test tests/js/
python3 -m pytest -n 2 "$@"
if [ "${RL_SKIP_NEWEST:-}" != 1 ]; then
  # Its virtualenv and projects in a folder of their own, removed however the check ends.
  newest=$(mktemp -d)
  trap 'rm -rf "$newest"' EXIT
  python3 bench/newest.py --papers 200 --rounds 2 --check 1.5 \
    --venv "$newest/venv" --workdir "$newest/work"
fi
