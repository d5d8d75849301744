"""sidepot's native core: the Rust extension ``sidepot_native.sidepot_native``, re-exported.

The extension is built from ``pipeline/native/python`` (crate ``sidepot-native``) by
``pip install .`` where a Rust toolchain exists (setuptools-rust, ``pyproject.toml``); this
package only gives it its name and its type stub (``__init__.pyi``). Where it was not built
the import fails with an ImportError that says so, and ``pipeline.core_choice`` then runs the
Python core. Imported only by ``pipeline.core_choice``, ``reports.equity`` and the tests.
"""

try:
    from sidepot_native import sidepot_native as _ext
except ImportError as exc:  # installed where cargo was missing: the Python core runs instead
    raise ImportError("sidepot's native core was not built when sidepot was installed (no "
                      "Rust toolchain, or its build failed); sidepot runs on its Python core"
                      ) from exc

# Every name the extension exports, those with a leading underscore (test hooks) included:
# PyO3 lists each name a module adds in its __all__.
globals().update({name: getattr(_ext, name) for name in _ext.__all__})
__all__ = list(_ext.__all__)
__doc__ = _ext.__doc__ or __doc__
