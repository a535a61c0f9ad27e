"""The documentation site (``make docs``): it builds with ``mkdocs build --strict``, every page of its layout is
there, the laws give every rule of the catalogue an anchor with its sources, options, code and tests, the house
rules list every option of every game, the first deals at the terminal are real transcripts, and the build fails
when a rule of RULES.md has no entry or the code cites a rule that does not exist."""

from __future__ import annotations

import html
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from docs_build import ROOT, build_site
from roundgames.games.registry import games
from roundgames.guide import RULES, WORDS, all_pages, page

SPEC = ROOT.parent / "shared" / "RULES.md"


def _make_docs() -> Any:
    loader = importlib.util.spec_from_file_location("make_docs", ROOT / "scripts" / "make_docs.py")
    assert loader is not None and loader.loader is not None
    module = importlib.util.module_from_spec(loader)
    sys.modules["make_docs"] = module
    loader.loader.exec_module(module)
    return module


make_docs = _make_docs()


def read(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def text_of(markup: str) -> str:
    """What a reader sees of a page: its text without the markup."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_the_site_builds_strictly_with_every_page_of_its_layout(site: Path) -> None:
    pages = [
        "",
        "getting-started",
        "play",
        "play/loo-three-card",
        "play/loo-five-card",
        "play/loo-irish",
        "play/nap",
        "laws",
        "laws/loo",
        "laws/nap",
        "house-rules",
        "commands",
        "web",
        "five-card",
        "loo-laws",
        "nap-laws",
        "keep",
        *(f"api/{name}" for name in ("", "core", "games", "loo", "nap", "records", "bots", "session", "envs", "guide")),
    ]
    missing = [p for p in pages if not (site / p / "index.html").is_file()]
    assert missing == []
    assert (site / "search" / "search_index.json").is_file()


def test_every_rule_of_the_catalogue_has_an_anchor_on_its_games_laws_page(site: Path) -> None:
    laws = {name: read(site, f"laws/{name}") for name in ("loo", "nap")}
    missing = [r.id for r in RULES if f'id="{r.id}"' not in laws[make_docs.rule_game(r.id)]]
    assert missing == []
    assert len(RULES) == sum(len(make_docs.law_ids(g)) for g in ("loo", "nap"))


@pytest.mark.skipif(not SPEC.exists(), reason=f"{SPEC} is absent: the sources are quoted from it")
def test_a_laws_entry_quotes_its_sources_and_names_its_options_code_and_tests(site: Path) -> None:
    """LOO-PLAY-2, the first lead: Peel's words, the option lead_rule that changes it, the code that cites it and a
    test that checks it."""
    laws = read(site, "laws/loo")
    start = laws.index('id="LOO-PLAY-2"')
    entry = text_of(laws[start : laws.index('id="LOO-PLAY-3"')])
    assert 'PEEL: "If the leader holds the ace of trumps he must lead it' in entry
    assert "Options that change it" in entry and "The first lead (lead_rule)" in entry
    assert re.search(r"src/roundgames/loo/\w+\.py:\d+", entry), entry
    assert re.search(r"tests/test_\w+\.py::test_\w+", entry), entry
    assert "How to play" in entry and "Three-card Loo" in entry


def test_a_law_of_the_table_quotes_the_sources_column(site: Path) -> None:
    laws = text_of(read(site, "laws/loo"))
    assert "Any player neglecting to follow the suit led" in laws or not SPEC.exists()
    assert "LOO-LAW-14 [S]: Revoke" in laws


def test_the_house_rules_page_lists_every_option_of_every_game_with_its_presets(site: Path) -> None:
    markup = read(site, "house-rules")
    for spec in games():
        for option in spec.options:
            assert f'id="{spec.name}-{option}"' in markup, (spec.name, option)
    rows = [text_of(row) for row in re.findall(r"<tr>.*?</tr>", markup, re.S)]

    def row(starting: str) -> str:
        return next(r for r in rows if r.strip().startswith(starting))

    # Each value with the guide's sentence and the presets that set it.
    assert "Enquire Within's single: after a deal where nobody was looed" in row("ew")
    assert row("ew").split()[-1] == "enquire-within"
    assert "five-card" in row("none\nNo singles") and "irish" in row("none\nNo singles")
    # Each preset with the options it changes from the defaults.
    assert "club_law = true" in row("irish\nIrish Loo") and "single = none" in row("irish\nIrish Loo")
    assert "misery = false" in row("plain\nNap")
    shown = text_of(markup)
    for sentence in WORDS["loo"]["loo_mode"].sentences.values():
        assert sentence in shown


def test_the_play_pages_are_the_guides_text(site: Path) -> None:
    for p in all_pages():
        path = f"play/{p.game}" if p.game == p.slug else f"play/{p.game}-{p.slug}"
        shown = text_of(read(site, path))
        assert p.title in shown
        for section in p.sections:
            assert section.title in shown, (path, section.title)
        for rule in p.rule_ids:
            assert rule in shown
    assert "Three-card Loo" in text_of(read(site, "play"))
    assert page("nap").title in text_of(read(site, "play"))


def test_getting_started_shows_a_first_deal_of_loo_and_of_nap_played_at_the_terminal(site: Path) -> None:
    shown = text_of(read(site, "getting-started"))
    assert "make run" in shown and "make test" in shown
    for game in ("loo", "nap"):
        start = shown.index(f"$ roundgames play {game}")
        transcript = shown[start : start + 6000]
        assert "You> " in transcript and "Deal over." in transcript, transcript[:500]
        assert "Traceback" not in transcript


def test_the_laws_check_names_a_rule_cited_in_the_code_that_is_no_rule(tmp_path: Path) -> None:
    (tmp_path / "legality.py").write_text(
        '"""Heading the trick (LOO-PLAY-5), and a rule of no book (LOO-PLAY-99)."""\n'
    )
    found = make_docs.problems(src=tmp_path)
    assert len(found) == 1 and found[0].startswith("LOO-PLAY-99: cited in ") and "legality.py:1" in found[0]
    assert make_docs.problems() == []


def test_a_group_a_range_and_a_lettered_case_are_citations_of_rules() -> None:
    assert make_docs.cited_ids("LOO-LAW-0b..0d") == ["LOO-LAW-0b", "LOO-LAW-0c", "LOO-LAW-0d", "LOO-LAW-0b"]
    assert make_docs.cited_ids("case (c) of LOO-DECL-8c") == ["LOO-DECL-8"]
    assert make_docs.is_group("LOO-LAW") and not make_docs.is_group("LOO-PLAY-99")


@pytest.mark.skipif(not SPEC.exists(), reason=f"{SPEC} is absent")
def test_the_build_fails_when_a_rule_of_rules_md_has_no_entry(tmp_path: Path) -> None:
    spec = tmp_path / "RULES.md"
    text = SPEC.read_text(encoding="utf-8")
    spec.write_text(
        text.replace("- **LOO-PLAY-9 [S]**", "- **LOO-PLAY-10 [S]** A rule of no page.\n- **LOO-PLAY-9 [S]**")
    )
    done, _ = build_site(tmp_path / "site", env={"ROUNDGAMES_RULES_MD": str(spec)})
    assert done.returncode != 0
    assert "LOO-PLAY-10: a rule of RULES.md with no entry on the laws pages" in done.stdout + done.stderr


def test_the_api_reference_shows_the_docstrings_examples_as_console_sessions(site: Path) -> None:
    """The registry's doctest (``>>> game("whist")`` and its error) is a console block, not a quotation, and the
    docstrings' reST roles are shown as code."""
    markup = read(site, "api/games")
    block = markup[markup.index('<span class="gp">&gt;&gt;&gt; </span>') :]  # the console prompt, highlighted
    block = text_of(block[: block.index("</pre>")])
    assert '>>> [g.name for g in games()], [f.name for f in game("loo").forms]' in block
    assert all(f":{role}:`" not in markup for role in ("class", "func", "mod"))
    assert "roundgames.core.errors.RulesError: unknown game 'whist' (valid: loo, nap)" in text_of(markup)


#: RULES.md §14.30-41 and rules each touches (by ID, by an option it names, or in words: make_docs.NAMED_BY_WORDS)
CLARIFIED = {
    30: ["LOO-LAW-1", "LOO-LAW-2", "LOO-LAW-3"],
    31: ["NAP-VAR-WELLINGTON"],
    32: ["LOO-LAW-8", "LOO-DECL-7"],
    33: ["LOO-LAW-5", "LOO-DECL-8"],
    34: ["LOO5-6"],
    35: ["NAP-CALL-7", "NAP-VAR-POOL"],
    36: ["NAP-VAR-POOL", "NAP-VAR-SPARE"],
    37: ["LOO-LAW-2", "NAP-LAW-2"],
    38: ["NAP-VAR-DOUBLE-HEADER", "NAP-VAR-POOL", "NAP-VAR-PURCHASE", "NAP-VAR-PEEP"],
    39: ["LOO5-6", "LOO-VAR-UNLIMITED", "LOO-VAR-MIXED"],
    40: ["LOO-VAR-ALL-ANTE", "LOO-LAW-1"],
    41: ["LOO5-4", "LOO5-8"],
}


@pytest.mark.skipif(not SPEC.exists(), reason=f"{SPEC} is absent: the clarifications are read from it")
def test_clarifications_30_to_41_stand_against_the_rules_they_touch() -> None:
    """RULES.md §14.30-41 on the laws pages: each item in full under its anchor at the end of the page of each game
    whose rules it touches, and each of those rules' entries linking to it."""
    pages = {name: make_docs.laws_page(name)() for name in ("loo", "nap")}
    for number, rules in CLARIFIED.items():
        for rule in rules:
            page = pages[make_docs.rule_game(rule)]
            entry = page[page.index(f"{{ #{rule} }}") :]
            entry = entry[: entry.index("\n### ")]
            assert f"[§14.{number}](#clarification-{number})" in entry, (number, rule)
            item = page[page.index(f"{{ #clarification-{number} }}") :]
            assert f"[{rule}](#{rule})" in item[: item.index("- **Touches**") + 400], (number, rule)
    said = pages["loo"][pages["loo"].index("{ #clarification-34 }") :]
    assert "**A flush is always shown** ([LOO5-6](#LOO5-6)): after the last declaration" in said


def test_the_site_shows_the_clarifications_on_the_laws_pages(site: Path) -> None:
    """§14.30-41 in the built site: the anchors, and the link from a rule's entry (LOO5-6 to §14.34)."""
    if not SPEC.exists():
        pytest.skip(f"{SPEC} is absent")
    loo, nap = read(site, "laws/loo"), read(site, "laws/nap")
    assert all(f'id="clarification-{n}"' in (loo + nap) for n in CLARIFIED)
    entry = loo[loo.index('id="LOO5-6"') :]
    assert '<a href="#clarification-34">§14.34</a>' in entry[: entry.index('id="LOO5-7"')]
