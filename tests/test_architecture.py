"""The layers of DESIGN.md are enforced by import-linter (``lint-imports``, run by ``make test``; contracts in
pyproject.toml): these tests show the contracts hold, and that an upward import or a cross-game import breaks them.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the source tree under ``tree`` (a copy of src/ and pyproject.toml)."""
    env = {"PYTHONPATH": str(tree / "src"), "PATH": str(LINT.parent), "NO_COLOR": "1"}
    return subprocess.run([str(LINT), "--no-cache"], cwd=tree, capture_output=True, text=True, env=env, timeout=120)


def copy_tree(tmp_path: Path) -> Path:
    shutil.copytree(
        ROOT / "src" / "roundgames",
        tmp_path / "src" / "roundgames",
        ignore=shutil.ignore_patterns("__pycache__", "static", "templates"),
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_layers_and_the_games_independence_hold() -> None:
    proc = lint(ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 broken" in proc.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("core/cards.py", "from roundgames.web import app", "Layers"),  # the core importing a surface
        ("loo/deal.py", "from roundgames.records import deal", "Layers"),  # a game importing the records
        ("loo/actions.py", "from roundgames.nap import calls", "independent"),  # one game importing the other
        ("loo/strict.py", "from roundgames.loo import laws", "Loo's modules"),  # the base deal importing its laws
        ("web/views.py", "from roundgames.nap.actions import call_title", "Surfaces know no game"),
        ("records/deal.py", "from roundgames.loo.deal import LooDeal", "Surfaces know no game"),
    ],
)
def test_an_upward_or_cross_game_import_breaks_a_contract(
    tmp_path: Path, module: str, line: str, contract: str
) -> None:
    tree = copy_tree(tmp_path)
    path = tree / "src" / "roundgames" / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", encoding="utf-8")
    proc = lint(tree)
    assert proc.returncode != 0, proc.stdout
    broken = [ln for ln in proc.stdout.splitlines() if ln.rstrip().endswith("BROKEN")]
    assert broken and any(contract in ln for ln in broken), proc.stdout


@pytest.mark.parametrize(
    ("old", "name", "home"),
    [
        ("roundgames.record", "referee", "roundgames.records.deal"),
        ("roundgames.loo_laws", "judge", "roundgames.loo.laws"),
        ("roundgames.rules", "NapRules", "roundgames.nap.rules"),
        ("roundgames.sitting", "LooSitting", "roundgames.loo.sitting"),
        ("roundgames.table", "Table", "roundgames.session.table"),
    ],
)
def test_a_moved_module_is_importable_by_its_old_name_with_a_deprecation_warning(
    old: str, name: str, home: str
) -> None:
    """The modules' old names keep working for a while (the API's names are kept, with a deprecation note)."""
    code = f"import warnings; warnings.simplefilter('error')\ntry:\n    from {old} import {name}\nexcept DeprecationWarning as e:\n    print(e)\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and f"{old} is deprecated" in done.stdout, done.stdout + done.stderr
    new = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", f"from {old} import {name} as x; print(x.__module__)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert new.stdout.strip() == home, new.stdout + new.stderr


GAME_CLASSES = "LooDeal|FiveCardLoo|NapDeal|PlainNapDeal|LooSitting|NapSitting|LooRules|NapRules|LooView|NapView"
GAME_CLASSES += "|LooAction|NapAction|LooResult|NapResult"
#: a test of a game's class, or of a game's name (issue 13: a surface asks what a deal offers instead)
GAME_TEST = re.compile(rf"isinstance\([^)]*\b({GAME_CLASSES})\b|\bgame(?:\.name)? *[!=]= *[\"'](loo|nap)[\"']")


def test_nothing_outside_the_games_tests_a_games_class_or_name() -> None:
    """Outside roundgames/loo, roundgames/nap and roundgames/games, no module tests a game's class or its name."""
    found = []
    for path in sorted((ROOT / "src" / "roundgames").rglob("*.py")):
        part = path.relative_to(ROOT / "src" / "roundgames").parts[0]
        if part in ("loo", "nap", "games"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_TEST.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
    # the pattern finds what it looks for (so that an empty list means something)
    for bad in (
        "isinstance(deal, LooDeal)",
        "if isinstance(rules, NapRules):",
        'if table.game == "loo":',
        "game != 'nap'",
    ):
        assert GAME_TEST.search(bad), bad


def test_no_module_over_800_lines_and_no_function_over_80() -> None:
    """Short modules named for what they own (STYLE.md): a module that outgrows 800 lines, or a function 80, is
    split before it lands."""
    long: list[str] = []
    for path in sorted((ROOT / "src" / "roundgames").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        if text.count("\n") > 800:
            long.append(f"{where}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > 80:
                    long.append(f"{where}:{node.lineno} {node.name}: {size} lines")
    assert not long, "\n".join(long)
