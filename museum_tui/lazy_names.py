"""Names a package loads on first use (PEP 562), so importing the package costs nothing until one is used.

`memory`, `extraction` and `conversation` each list where their names live and take their module
`__getattr__` from here; a leaf, like `safetext`, that every part may import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(
    package: str, namespace: dict[str, Any], exports: Mapping[str, tuple[str, ...]]
) -> Callable[[str], Any]:
    """The module `__getattr__` of `package`: `exports` maps each submodule to the names it holds; a name is
    imported from its submodule when first asked for and kept in the package's `namespace` after that."""
    homes = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home}", package), name)
        namespace[name] = value
        return value

    return __getattr__
