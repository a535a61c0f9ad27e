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

import grimp
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
        ("roundgames.loo5", "FiveCardLoo", "roundgames.loo.deal"),  # its rules in loo.five, its deal in loo.deal
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


def _one_game_features() -> str:
    from roundgames.games.protocol import ONE_GAME

    return "|".join(sorted(f.name for f in ONE_GAME))


#: a test of a flag that belongs to one game (``Feature.POOL``): a surface renders the game's observer instead
ONE_GAME_TEST = re.compile(rf"\bFeature\.({_one_game_features()})\b")
#: the web client's test of a game's name (``state.table.game === "nap"``): the server's observer says it instead
CLIENT_GAME_TEST = re.compile(r"\bgame *[!=]==? *[\"'](loo|nap)[\"']|[\"'](loo|nap)[\"'] *[!=]==? *[\w.?]*\bgame\b")


def test_nothing_outside_the_games_tests_a_feature_of_one_game() -> None:
    """Outside roundgames/loo, roundgames/nap and roundgames/games, no module asks a flag that belongs to one game
    (``ONE_GAME`` of roundgames.games.protocol), and the web client asks no game's name: each surface renders what
    the game's observer makes of a seat's view (roundgames.games.observe)."""
    found = []
    for path in sorted((ROOT / "src" / "roundgames").rglob("*.py")):
        if path.relative_to(ROOT / "src" / "roundgames").parts[0] in ("loo", "nap", "games"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ONE_GAME_TEST.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    for path in sorted((ROOT / "src" / "roundgames" / "web" / "static").rglob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if CLIENT_GAME_TEST.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
    # the patterns find what they look for (so that an empty list means something), and only that
    for bad in ("if deal.offers(Feature.POOL):", "deal.offers(Feature.TRUMP_LED) and view.trump is None"):
        assert ONE_GAME_TEST.search(bad), bad
    for fine in ("deal.offers(Feature.EXCHANGES)", "deal.offers(Feature.UNKNOWN_CARDS)", "Feature.STOCK"):
        assert not ONE_GAME_TEST.search(fine), fine
    for bad in ('if (game === "nap") x();', "state.table?.game !== 'loo'", '"loo" === state.table.game'):
        assert CLIENT_GAME_TEST.search(bad), bad


#: the fields of a seat's view that one game fills (Loo's turn-up and miss, Nap's calls and widow): a surface reads
#: what the game's observer makes of them instead (roundgames.games.observe)
GAME_VIEW_FIELDS = frozenset(
    {"turnup", "kind", "kind_words", "decls", "miss_holder", "stock", "pam", "widow", "calls", "declarer"}
    | {"contract", "multiplier", "won", "lost", "bought", "peeped"}
)
#: the packages that show a deal to people or write it down: each renders the observer's facts
SURFACES = ("cli", "keeper", "session", "terminal", "web", "records")


def _is_view(node: ast.expr) -> bool:
    """A seat's view, as the surfaces name it: ``view``, ``v``, ``*_view``, or ``deal.view(seat)`` itself."""
    if isinstance(node, ast.Call):
        return _last_name(node.func) == "view"
    name = _last_name(node)
    return name in ("view", "v") or name.endswith("_view")


def game_view_reads(source: str) -> list[str]:
    """Each read in ``source`` of a field of a seat's view that one game fills (``view.turnup``,
    ``deal.view(0).declarer``, ``getattr(view, "widow", None)``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in GAME_VIEW_FIELDS and _is_view(node.value):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
            named = node.args[1] if len(node.args) > 1 else None
            fields = isinstance(named, ast.Constant) and named.value in GAME_VIEW_FIELDS
            if fields and _is_view(node.args[0]):
                found.append(ast.unparse(node))
    return found


def test_no_surface_reads_a_game_s_own_view_field() -> None:
    """No surface package reads a field of the view that only one game fills: what it shows of the turn-up, the
    kind of deal, the stakes, the seat playing alone, the stock or a peeped card it has from the game's observer,
    in words every game shares."""
    found = []
    for package in SURFACES:
        for path in sorted((ROOT / "src" / "roundgames" / package).rglob("*.py")):
            found += [f"{path.relative_to(ROOT)}: {read}" for read in game_view_reads(path.read_text(encoding="utf-8"))]
    assert found == []
    # the check finds what it looks for (so that an empty list means something), and only that
    reads = [
        "view.turnup",
        "v.calls",
        "deal.view(0).declarer",
        "dealer_view.widow",
        "getattr(view, 'miss_holder', None)",
    ]
    assert sorted(game_view_reads("; ".join(reads))) == sorted(reads)
    fine = "view.trump; view.notes; seen.turnup; observer.kind(deal, view); result.won; deal.view(0).hand"
    assert game_view_reads(fine) == []


#: the games' and forms' names, which as keys of one table make it a table by game (that the plug-ins should hold)
GAME_NAMES = frozenset({"loo", "nap", "three_card", "five_card", "irish"})
#: what a duck check asks a capability of instead of the game's plug-in: a deal, a view or rules
DUCKED = ("deal", "view", "rules", "world")
#: the modules of one game outside its package, named for it (Loo's kernel, Nap's encoding): their tables are the game's
OWN_MODULE = re.compile(r"^_?(loo|nap)")


def _last_name(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def game_knowledge(source: str) -> list[str]:
    """What ``source`` knows of the games that their plug-ins should say: each table keyed by two or more games'
    or forms' names (``{"loo": 32, "nap": 24}``), each key set by such a name (``FORMS["irish"] = ...``), and each
    ``getattr(x, "name", default)`` on a deal, a view or rules (a duck check standing in for a capability)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            keys = sorted({k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in GAME_NAMES})
            if len(keys) >= 2:
                found.append("a table by " + ", ".join(keys))
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript):
            key = node.targets[0].slice
            if isinstance(key, ast.Constant) and key.value in GAME_NAMES:
                found.append(f"a table by {key.value}")
        elif isinstance(node, ast.Call) and _is_duck_check(node):
            found.append(ast.unparse(node))
    return found


def _is_duck_check(call: ast.Call) -> bool:
    """``getattr(deal, "name", default)``: a named attribute, with a default, of a deal, a view or rules."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "getattr" and len(call.args) == 3):
        return False
    named = isinstance(call.args[1], ast.Constant)
    return named and any(word in _last_name(call.args[0]).lower() for word in DUCKED)


#: the tables by game and duck checks still outside the plug-ins, each in the module that holds it (none is left):
#: a new one fails the test below
STILL_TO_GO: set[tuple[str, str]] = set()


def test_no_new_table_by_game_or_duck_check_outside_the_games() -> None:
    """Outside the game packages (and the modules named for one game), a table keyed by the games' or forms' names
    or a duck check on a deal, view or rules is knowledge a game's plug-in should hold (issue 27): none is added."""
    found = set()
    package = ROOT / "src" / "roundgames"
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package)
        if where.parts[0] in ("loo", "nap", "games") or OWN_MODULE.match(path.stem):
            continue
        found |= {(where.as_posix(), what) for what in game_knowledge(path.read_text(encoding="utf-8"))}
    assert found <= STILL_TO_GO, sorted(found - STILL_TO_GO)


@pytest.mark.parametrize(
    ("planted", "finds"),
    [
        ('SAMPLES = {"loo": 32, "nap": 24}', ["a table by loo, nap"]),
        ('KERNELS = {"three_card": ".loo3", "irish": ".loo5"}', ["a table by irish, three_card"]),
        ('FORMS["five_card"] = ".loo5"', ["a table by five_card"]),
        ('form = getattr(view.rules, "form", None)', ["getattr(view.rules, 'form', None)"]),
        ('if getattr(deal, "has_stock", False): pass', ["getattr(deal, 'has_stock', False)"]),
        ('stakes = {"deal": 3, "loo": 6, "single": 3}', []),  # a stake named loo: one name is no table by game
        ('x = getattr(args, "game", None)', []),  # the command line's arguments are neither deal, view nor rules
        ('name = getattr(deal, "name")', []),  # no default: the attribute is required, not a capability probed
    ],
)
def test_the_table_and_duck_check_finder_finds_what_it_looks_for(planted: str, finds: list[str]) -> None:
    """The finder on planted examples, so that finding nothing means something."""
    assert game_knowledge(planted) == finds


def import_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Each import cycle of ``graph`` as the sorted modules of one strongly connected component of more than one
    module (Tarjan's algorithm, iterative so that a long chain of imports cannot exhaust Python's stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, imported = work[-1]
            step = next(imported, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.find_modules_directly_imported_by(step)))))
                elif step in on_stack:
                    low[module] = min(low[module], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                component = []
                while (top := stack.pop()) != module:
                    component.append(top)
                on_stack.difference_update([*component, module])
                if component:
                    cycles.append(sorted([*component, module]))
    return sorted(cycles)


def test_no_import_cycle_anywhere() -> None:
    """No module of roundgames imports, directly or through others, a module that imports it back: neither at
    module level, nor inside a function, nor under TYPE_CHECKING (which import-linter's layers, holding between
    packages, do not see inside one). Shared names live in a module both sides import."""
    graph = grimp.build_graph("roundgames", exclude_type_checking_imports=False, cache_dir=None)
    cycles = import_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_the_cycle_finder_finds_a_planted_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The finder on a package written here: a cycle closed only by a function-level import and a TYPE_CHECKING one
    is found, a chain that does not close is not, so that finding none in roundgames means something."""
    package = tmp_path / "planted"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "deal.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import report\n")
    (package / "report.py").write_text("def show() -> None:\n    from . import deal\n")
    (package / "cards.py").write_text("")
    (package / "table.py").write_text("from . import cards, deal\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("planted", exclude_type_checking_imports=False, cache_dir=None)
    assert import_cycles(graph) == [["planted.deal", "planted.report"]]
    by_hand = grimp.ImportGraph()
    for importer, imported in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("e", "d"), ("f", "a")]:
        by_hand.add_import(importer=importer, imported=imported)
    assert import_cycles(by_hand) == [["a", "b", "c"], ["d", "e"]]
