"""The typing stubs cover the whole Python API (PEP 561): betza/__init__.pyi
names every public name of the package, _betza.pyi every public name of the
extension module, and both ship with py.typed (pyffish's test.py asks for
__init__.pyi and py.typed beside the module)."""

from __future__ import annotations

import ast
import os
from typing import Set

import betza
import betza._betza
import betza.stateless


def _package_dir() -> str:
    return os.path.dirname(betza.__file__)


def _stub_names(name: str) -> Set[str]:
    """The names a stub file defines, imports or assigns at top level."""
    with open(os.path.join(_package_dir(), name), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    names: Set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def _public(module: object) -> Set[str]:
    return {n for n in dir(module) if not n.startswith("_")}


def test_the_stubs_ship_with_the_package() -> None:
    for name in ("__init__.pyi", "_betza.pyi", "py.typed"):
        assert os.path.isfile(os.path.join(_package_dir(), name)), name
    # pyffish's check, on betza.stateless as `sf`.
    assert os.path.isfile(os.path.join(os.path.dirname(betza.stateless.__file__), "__init__.pyi"))


def test_every_public_name_of_the_package_is_in_its_stub() -> None:
    stub = _stub_names("__init__.pyi")
    missing = set(betza.__all__) - stub
    assert not missing, f"betza/__init__.pyi lacks {sorted(missing)}"
    assert set(betza.__all__) == _public(betza) - {"annotations"}


def test_every_public_name_of_the_extension_is_in_its_stub() -> None:
    stub = _stub_names("_betza.pyi")
    missing = _public(betza._betza) - stub
    assert not missing, f"betza/_betza.pyi lacks {sorted(missing)}"


def test_stateless_exports_what_it_declares() -> None:
    for name in betza.stateless.__all__:
        assert hasattr(betza.stateless, name), name
