"""The generator a site installs from its own files: a wheel made from the running install.

A new site's requirements.txt names `vendor/<wheel>`, so its GitHub Pages workflow installs the
generator that made it whether or not any release is on the package index. The wheel is made
here, without network or build tools, from what is running:
- an installed wheel (site-packages): the package folder as installed, and its dist-info's
  METADATA and entry points;
- a source checkout (an editable install): the files pyproject.toml's setuptools tables name
  (packages, package-dir, package-data), with metadata written from its [project] table.
The archive is the same bytes for the same files (sorted, fixed timestamps), so re-vendoring an
unchanged generator changes nothing a curator commits.
Owns only the wheel and its name; scaffold/__init__ says where it goes.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import tomllib

import generator
from generator import __version__

DISTRIBUTION = "mkdocs-readinglist"  # the name on the package index; the command is readinglist
FILE_NAME = DISTRIBUTION.replace("-", "_")  # as wheel and dist-info names spell it (PEP 427)
PACKAGE = Path(generator.__file__).resolve().parent
CHECKOUT = PACKAGE.parent  # the repository, in a source checkout (the scaffold's theme too)
WHEEL_INFO = (
    "Wheel-Version: 1.0\nGenerator: readinglist\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
)
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can say: no clock in the bytes


def wheel_name() -> str:
    """The running generator's wheel file name (PEP 427)."""
    return f"{FILE_NAME}-{__version__}-py3-none-any.whl"


def write_wheel(folder: Path) -> Path:
    """Write the running generator as a wheel into `folder`; return its path."""
    files = dict(_package_files() if _installed() else _checkout_files())
    info = f"{FILE_NAME}-{__version__}.dist-info"
    meta = _installed_metadata() if _installed() else _checkout_metadata()
    files.update({f"{info}/{name}": data for name, data in meta.items()})
    files[f"{info}/WHEEL"] = WHEEL_INFO.encode()
    folder.mkdir(parents=True, exist_ok=True)
    path, part = folder / wheel_name(), folder / f".{wheel_name()}.part"
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            _add(archive, name, files[name])
        _add(archive, f"{info}/RECORD", _record(files, f"{info}/RECORD"))
    part.replace(path)  # whole or not at all: a former wheel of this name stays until then
    return path


def _installed() -> bool:
    """An installed wheel carries the theme inside the package; a checkout keeps it beside."""
    return (PACKAGE / "theme").is_dir()


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    entry = zipfile.ZipInfo(name, date_time=FIXED_TIME)
    entry.external_attr = 0o644 << 16
    entry.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(entry, data)


def _record(files: dict[str, bytes], record: str) -> bytes:
    lines = []
    for name in sorted(files):
        digest = base64.urlsafe_b64encode(hashlib.sha256(files[name]).digest()).rstrip(b"=")
        lines.append(f"{name},sha256={digest.decode()},{len(files[name])}")
    return "\n".join([*lines, f"{record},,", ""]).encode()


def _package_files() -> Iterator[tuple[str, bytes]]:
    """The installed package, as the wheel that installed it had it (no bytecode)."""
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path.relative_to(CHECKOUT).as_posix(), path.read_bytes()


def _installed_metadata() -> dict[str, bytes]:
    """The dist-info installed beside the package: the one that belongs to these files."""
    (info,) = CHECKOUT.glob(f"{FILE_NAME}-{__version__}.dist-info")
    names = ("METADATA", "entry_points.txt", "top_level.txt")
    return {name: (info / name).read_bytes() for name in names if (info / name).is_file()}


def _setuptools() -> dict:
    return _pyproject()["tool"]["setuptools"]


def _pyproject() -> dict:
    return tomllib.loads((CHECKOUT / "pyproject.toml").read_text(encoding="utf-8"))


def _checkout_files() -> Iterator[tuple[str, bytes]]:
    """Each listed package's modules and data files, where package-dir puts them."""
    tables = _setuptools()
    for package in tables["packages"]:
        folder = CHECKOUT / _package_dir(package, tables.get("package-dir", {}))
        patterns = ["*.py", *tables.get("package-data", {}).get(package, [])]
        found = {path for pattern in patterns for path in folder.glob(pattern) if path.is_file()}
        for path in sorted(found):
            name = package.replace(".", "/") + "/" + path.relative_to(folder).as_posix()
            yield name, path.read_bytes()


def _package_dir(package: str, mapping: dict[str, str]) -> str:
    """A package's folder: its own package-dir entry, else its parent's folder and its name."""
    if package in mapping:
        return mapping[package]
    parent, _, name = package.rpartition(".")
    return f"{_package_dir(parent, mapping)}/{name}" if parent else package


def _checkout_metadata() -> dict[str, bytes]:
    """Core metadata (2.1) and entry points from the checkout's [project] table."""
    project = _pyproject()["project"]
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {__version__}",
        f"Summary: {project['description']}",
        f"License: {project['license']['text']}",
        f"Requires-Python: {project['requires-python']}",
        *(f"Requires-Dist: {requirement}" for requirement in project["dependencies"]),
    ]
    for extra, requirements in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {req}; extra == "{extra}"' for req in requirements]
    entry_points = {"console_scripts": project.get("scripts", {}),
                    **project.get("entry-points", {})}  # fmt: skip
    points = "\n".join(
        f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in names.items())
        for group, names in entry_points.items()
    )
    return {
        "METADATA": ("\n".join(lines) + "\n").encode(),
        "entry_points.txt": points.encode(),
        "top_level.txt": b"generator\n",
    }
