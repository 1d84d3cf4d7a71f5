"""Markers that only the optional compiled build (mypyc, see ``setup.py``) reads.

``trait`` marks a class mixed into another (mypyc compiles a class with more than one base
only when the others are traits); ``mypyc_attr`` passes a class option to mypyc. When the
package runs as plain Python (``mypy_extensions`` need not be installed) both change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr, trait
else:
    try:
        from mypy_extensions import mypyc_attr, trait
    except ImportError:
        def trait(cls: Any) -> Any:
            return cls

        def mypyc_attr(*_args: Any, **_kwargs: Any) -> Any:
            return lambda cls: cls

__all__ = ["mypyc_attr", "trait"]
