"""
A PEP 517 build backend in the standard library: it packs src/amazeing into a wheel
(and the tree into an sdist), so installing needs no setuptools from PyPI. The
metadata is read from pyproject.toml's [project] table (name, version, summary,
requires-python); the package is pure Python with no dependencies.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import zipfile
from pathlib import Path

try:
    import tomllib  # Python >= 3.11
except ModuleNotFoundError:  # pragma: no cover - Python 3.9 and 3.10
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "amazeing"
TAG = "py3-none-any"


def _project() -> dict:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is not None:
        return tomllib.loads(text)["project"]
    # Without tomllib: the few flat `key = "value"` lines of [project] this backend reads.
    project, inside = {}, False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            inside = line == "[project]"
        elif inside and "=" in line and line.split("=", 1)[1].strip().startswith('"'):
            key, value = line.split("=", 1)
            project[key.strip()] = value.strip().strip('"')
    return project


def _metadata() -> str:
    p = _project()
    readme = (ROOT / "README.md").read_text(encoding="utf-8") if (ROOT / "README.md").exists() else ""
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {p['name']}\nVersion: {p['version']}\nSummary: {p.get('description', '')}\n"
        f"Requires-Python: {p.get('requires-python', '>=3.9')}\nLicense: MIT\n"
        "Description-Content-Type: text/markdown\n\n" + readme
    )


def _dist_info() -> str:
    p = _project()
    return f"{p['name']}-{p['version']}.dist-info"


def _wheel_name() -> str:
    p = _project()
    return f"{p['name']}-{p['version']}-{TAG}.whl"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = Path(metadata_directory) / _dist_info()
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata(), encoding="utf-8")
    return info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = {}
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            files[f"amazeing/{path.relative_to(PACKAGE).as_posix()}"] = path.read_bytes()
    info = _dist_info()
    files[f"{info}/METADATA"] = _metadata().encode()
    files[f"{info}/WHEEL"] = f"Wheel-Version: 1.0\nGenerator: amazeing_build\nRoot-Is-Purelib: true\nTag: {TAG}\n".encode()
    record = [_record_line(name, data) for name, data in files.items()] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    target = Path(wheel_directory) / _wheel_name()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data)
    return target.name


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    base = f"{p['name']}-{p['version']}"
    target = Path(sdist_directory) / f"{base}.tar.gz"
    with tarfile.open(target, "w:gz") as sdist:
        for path in sorted(ROOT.rglob("*")):
            rel = path.relative_to(ROOT)
            if path.is_file() and "__pycache__" not in rel.parts and not rel.parts[0].startswith("."):
                sdist.add(path, f"{base}/{rel.as_posix()}")
        pkg_info = _metadata().encode()
        entry = tarfile.TarInfo(f"{base}/PKG-INFO")
        entry.size = len(pkg_info)
        sdist.addfile(entry, io.BytesIO(pkg_info))
    return target.name
