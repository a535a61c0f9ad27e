"""A benchmark script of benchmarks/ loaded as a module, for the tests that run it at a tiny size in this process."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def benchmark(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` loaded (again at each call: a test sees the file as it is), registered in
    ``sys.modules`` under its name, where its dataclasses look their module up while being made."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
