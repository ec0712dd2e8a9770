"""Another engine builds the same site: ProperDocs (a maintained MkDocs fork) writes the shipped
site file for file as MkDocs does, apart from the generator meta tag; and the theme overrides
call no Python methods, so template engines that are not Jinja2 itself (Zensical's) run them.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from jinja2 import nodes

from tests.conftest import REPO, copy_project

OVERRIDES = sorted((REPO / "overrides").rglob("*.html"))
GENERATOR_TAG = re.compile(rb'<meta name="generator" content="[^"]*">')
# Pagefind writes its filters from an unordered map: their order changes from one run to the
# next, whatever the engine, and with it the hash that names the file, which the index's
# metadata and entry point name in turn.
FILTER = re.compile(r"pagefind/filter/(\w+)\.pf_filter")
META = re.compile(r"pagefind/pagefind\.\w+\.pf_meta")


def _method_calls(template: Path) -> list[str]:
    """`file:line: .name(...)` for each method called in a template (a call on an attribute)."""
    tree = jinja2.Environment().parse(template.read_text(encoding="utf-8"))
    return [
        f"{template.name}:{call.lineno}: .{call.node.attr}(...)"
        for call in tree.find_all(nodes.Call)
        if isinstance(call.node, nodes.Getattr)
    ]


def test_the_overrides_call_no_python_methods() -> None:
    assert len(OVERRIDES) >= 5
    assert [call for template in OVERRIDES for call in _method_calls(template)] == []


def test_the_method_scan_finds_a_method_call(tmp_path: Path) -> None:
    template = tmp_path / "t.html"
    template.write_text('{{ super() }}{{ x | first }}\n{{ page.url.split("/")[0] }}', "utf-8")
    assert _method_calls(template) == ["t.html:2: .split(...)"]


def _build(project: Path, engine: str) -> dict[str, bytes]:
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "PYTHONPATH": str(REPO)}
    env.pop("SITE_URL", None)
    command = [sys.executable, "-m", engine, "build", "--strict"]
    result = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True)
    assert result.returncode == 0, f"{engine} build:\n{result.stderr[-3000:]}"
    site = project / "site"
    files = {path.relative_to(site).as_posix(): path.read_bytes() for path in site.rglob("*")
             if path.is_file()}  # fmt: skip
    return dict(_comparable(name, data, files) for name, data in files.items())


def _comparable(name: str, data: bytes, files: dict[str, bytes]) -> tuple[str, bytes]:
    """The file as two runs of either engine agree on it (the generator tag masked too)."""
    if FILTER.fullmatch(name):  # the same entries, in any order
        return "pagefind/filter/*.pf_filter", bytes(sorted(gzip.decompress(data)))
    filters = [FILTER.fullmatch(other)[1].encode() for other in files if FILTER.fullmatch(other)]
    if META.fullmatch(name):
        data = gzip.decompress(data)
        for stem in filters:
            data = data.replace(stem, b"*" * len(stem))
        return "pagefind/pagefind.*.pf_meta", data
    if name == "pagefind/pagefind-entry.json":
        entry = json.loads(data)
        for language in entry["languages"].values():
            language["hash"] = "*"
        return name, json.dumps(entry, sort_keys=True).encode()
    return name, GENERATOR_TAG.sub(b"<meta generator>", data)


@pytest.mark.slow
def test_properdocs_builds_the_shipped_site_as_mkdocs_does(tmp_path: Path) -> None:
    trees = {engine: _build(copy_project(tmp_path / engine), engine)
             for engine in ("mkdocs", "properdocs")}  # fmt: skip
    mkdocs, properdocs = trees["mkdocs"], trees["properdocs"]
    papers = list((tmp_path / "mkdocs" / "docs" / "papers").glob("*.md"))
    assert papers and len([name for name in mkdocs if name.startswith("papers/")]) == len(papers)
    assert sorted(mkdocs) == sorted(properdocs)
    assert [name for name in mkdocs if mkdocs[name] != properdocs[name]] == []
