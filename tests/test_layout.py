"""The package's shape: stage folders, small modules and functions, no import cycles.

Read from the source itself (ast), so the rules hold for every module, today's and tomorrow's:
the limits are the style guide's (modules under ~300 lines, functions none over ~40).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_MODULE_LINES = 300
MAX_FUNCTION_LINES = 40
TOP_LEVEL = {
    "__init__",
    "cli",
    "pipeline",
    "config",
    "models",
    "errors",
    "parallel",
    "cache",
}


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _imports(path: Path) -> set[str]:
    """The generator modules `path` imports (a package's face counts as its __init__)."""
    found = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("generator"):
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if _exists(submodule) else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("generator"))
    return found - {_name(path)}


def _exists(module: str) -> bool:
    relative = Path(*module.split("."))
    return (PACKAGE.parent / relative).with_suffix(".py").is_file() or (
        PACKAGE.parent / relative / "__init__.py"
    ).is_file()


def test_the_top_level_holds_only_what_spans_the_stages() -> None:
    top = {path.stem for path in PACKAGE.glob("*.py")}
    assert top <= TOP_LEVEL, f"move into a stage package: {sorted(top - TOP_LEVEL)}"
    stages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert {
        "read",
        "markup",
        "describe",
        "address",
        "render",
        "export",
        "search",
        "write",
    } <= stages


STAGE_FACES = [p for p in MODULES if p.name == "__init__.py" and p.parent != PACKAGE]


@pytest.mark.parametrize("path", STAGE_FACES, ids=_name)
def test_each_stage_says_what_it_owns_and_what_it_must_not_do(path: Path) -> None:
    doc = ast.get_docstring(_tree(path)) or ""
    assert "owns" in doc.lower() and "must not" in doc.lower(), f"{_name(path)}: {doc!r}"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_every_module_opens_with_a_docstring_and_stays_small(path: Path) -> None:
    assert ast.get_docstring(_tree(path)), f"{_name(path)} has no docstring"
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{_name(path)}: {lines} lines"


def test_no_function_is_longer_than_forty_lines() -> None:
    long = [
        f"{_name(path)}.{node.name}: {node.end_lineno - node.lineno + 1} lines"
        for path in MODULES
        for node in ast.walk(_tree(path))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not long, long


def test_no_import_cycles() -> None:
    graph = {_name(path): _imports(path) for path in MODULES}
    cycles = [cycle for module in graph if (cycle := _cycle_from(module, graph))]
    assert not cycles, cycles[0]


def _cycle_from(start: str, graph: dict[str, set[str]]) -> list[str] | None:
    """A path of imports from `start` back to itself, if there is one (depth first)."""
    stack, seen = [(start, [start])], set()
    while stack:
        module, path = stack.pop()
        for target in sorted(graph.get(module, ())):
            if target == start:
                return [*path, start]
            if target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


def test_the_source_checkout_is_named_in_one_module() -> None:
    """Where the repository is (the vendored wheel's sources, the scaffold's theme) is one
    constant: two definitions would drift apart."""
    defined = [path.name for path in MODULES if "CHECKOUT" in _assigned(_tree(path))]
    assert defined == ["vendor.py"]


def _assigned(tree: ast.Module) -> set[str]:
    """The names a module assigns at its top level."""
    targets = [
        target for node in tree.body if isinstance(node, ast.Assign) for target in node.targets
    ]
    return {target.id for target in targets if isinstance(target, ast.Name)}
