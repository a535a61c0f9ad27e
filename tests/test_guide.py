"""The rules in plain English (roundgames.guide): each form's page teaches it in full, its worked example is a real
deal that the referee settles as the page says, every rule of RULES.md is catalogued and listed on its game's page,
the house rules are told in words, only those of the table's form, and the command ``roundgames rules`` prints the
pages that docs/rules/ holds."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from roundgames.core.cards import parse_card
from roundgames.games.registry import games, rules_for
from roundgames.guide import (
    RULES,
    all_pages,
    house_rules,
    option_label,
    page,
    to_html,
    to_markdown,
    to_text,
    value_sentence,
)
from roundgames.records.deal import from_json, referee

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT.parent / "shared" / "RULES.md"
DOCS = ROOT / "docs" / "rules"
PAGES = {(p.game, p.slug): p for p in all_pages()}
#: what a player must never read in the house rules: a setting's raw name or value
RAW = re.compile(r'= "|\bnull\b|\btrue\b|\bfalse\b|\b[a-z]+_[a-z_]+\b|LooStakes|NapStakes')


def test_there_is_a_page_for_every_form_of_every_game() -> None:
    assert sorted(PAGES) == [("loo", "five-card"), ("loo", "irish"), ("loo", "three-card"), ("nap", "nap")]
    assert [p.slug for p in all_pages()] == ["three-card", "five-card", "irish", "nap"]


@pytest.mark.parametrize("key", sorted(PAGES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_each_page_teaches_the_deal_declaring_the_play_the_payments_and_an_example(key: tuple[str, str]) -> None:
    shown = PAGES[key]
    assert [s.key for s in shown.sections] == ["deal", "declaring", "play", "payments", "example"]
    for section in shown.sections:
        assert section.title and len(" ".join(section.paragraphs)) > 150, section.key
    text = to_text(shown)
    for section in shown.sections:
        assert f"\n{section.title}\n{'-' * len(section.title)}\n" in text
    assert "\nEvery rule, by ID\n" in text
    assert any(p.startswith("> ") for p in shown.intro + tuple(q for s in shown.sections for q in s.paragraphs))


@pytest.mark.parametrize(
    ("key", "words"),
    [
        (("loo", "three-card"), ["stand", "throw up", "the miss", "for the pool", "head the trick", "looed", "single"]),
        (("loo", "five-card"), ["exchange", "flush", "Pam", "Pam be civil", "cannot be looed"]),
        (("loo", "irish"), ["exchange", "Club law", "no Pam"]),
        (("nap", "nap"), ["pass", "misery", "Wellington", "Blücher", "senior hand", "makes trumps", "ten units won"]),
    ],
    ids=["three-card", "five-card", "irish", "nap"],
)
def test_each_page_names_what_its_form_has(key: tuple[str, str], words: list[str]) -> None:
    """The declaring (Loo: stand, throw up, the miss, the dealer's choices; Five-card: exchanging, flushes, Pam) or
    calling (Nap: the calls and misery), the play and the stakes, each in the page's own words."""
    text = to_text(PAGES[key])
    for word in words:
        assert word in text, word


@pytest.mark.parametrize("key", sorted(PAGES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_worked_examples_cards_are_real_cards_dealt_in_its_deal(key: tuple[str, str]) -> None:
    shown = PAGES[key]
    example = shown.section("example")
    pictured = [c for p in example.paragraphs for c in re.findall(r"\{(\w\w)\}", p)]
    assert len(pictured) >= 10
    dealt = " ".join(shown.example_record["cards"].values()).split()
    for card in pictured:
        parse_card(card)  # a card of the pack (raises for one that is not)
        assert card in dealt, f"{card} is pictured but not in the example's deal"
    for card in shown.cards():
        parse_card(card)


@pytest.mark.parametrize("key", sorted(PAGES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_worked_example_played_by_the_referee_pays_what_the_page_says(key: tuple[str, str]) -> None:
    shown = PAGES[key]
    ruling = referee(from_json(shown.example_record))
    assert ruling["error"] is None and ruling["complete"]
    assert ruling["net"] == shown.example_net
    told = " ".join(shown.section("example").paragraphs)
    for name, net in shown.example_net.items():
        if net:
            assert f"{name} {net:+d}" in told, (name, net)


# -- every rule by ID ----------------------------------------------------------------------------------------


def _defined_ids(markdown: str) -> list[str]:
    """Every rule ID RULES.md defines (in bold at the start of a rule or of a row of the laws), read here
    independently of the catalogue's script."""
    found = re.findall(
        r"^(?:- |\| )\*\*((?:LOO5?|LOOI|NAP)-[A-Za-z0-9-]+(?: / (?:LOO5?|LOOI|NAP)-[A-Za-z0-9-]+)*) \[", markdown, re.M
    )
    return [rule for group in found for rule in group.split(" / ")]


needs_spec = pytest.mark.skipif(not SPEC.exists(), reason=f"{SPEC} is absent: the catalogue is checked against it")


@needs_spec
def test_the_catalogue_is_generated_from_rules_md_as_it_stands() -> None:
    """src/roundgames/guide/catalogue.py is what scripts/make_rule_catalogue.py makes of RULES.md today (run the
    script after RULES.md changes)."""
    loader = importlib.util.spec_from_file_location("make_rule_catalogue", ROOT / "scripts" / "make_rule_catalogue.py")
    assert loader is not None and loader.loader is not None
    script: Any = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(script)
    made = script.source(SPEC.read_text(encoding="utf-8"))
    assert (ROOT / "src" / "roundgames" / "guide" / "catalogue.py").read_text(encoding="utf-8") == made


@needs_spec
def test_every_rule_id_of_rules_md_is_in_the_catalogue_and_on_the_page_of_its_game() -> None:
    ids = _defined_ids(SPEC.read_text(encoding="utf-8"))
    assert len(ids) > 130 and "LOO-PLAY-4" in ids and "NAP-LAW-10" in ids and "LOOI-3" in ids
    assert [r.id for r in RULES] == ids
    for rule in RULES:
        assert rule.text, rule.id
        game = "nap" if rule.id.startswith("NAP") else "loo"
        pages = [p for p in all_pages() if p.game == game]
        assert any(rule.id in p.rule_ids for p in pages), rule.id
        assert any(f'<dt id="{rule.id}">' in to_html(p) for p in pages), rule.id


def test_each_form_lists_the_rules_that_govern_it_grouped_by_section() -> None:
    three = page("loo", "three-card")
    assert "LOO-DECL-8" in three.rule_ids and "LOO-LAW-14" in three.rule_ids
    assert not any(r.startswith(("LOO5", "LOOI", "NAP")) for r in three.rule_ids)
    assert "LOO5-4" in page("loo", "five-card").rule_ids and "LOOI-2" not in page("loo", "five-card").rule_ids
    assert "LOOI-3" in page("loo", "irish").rule_ids
    nap = page("nap")
    assert all(r.startswith("NAP") for r in nap.rule_ids) and "NAP-CALL-6" in nap.rule_ids
    sections = [section for section, _ in three.rule_groups]
    assert sections[0].startswith("3.1 ") and "3.6 Declaring" in sections and sections[-1].startswith("5.1 ")


def test_a_rule_id_in_the_text_links_to_the_rules_anchor() -> None:
    html = to_html(page("loo", "three-card"))
    assert '<a href="#LOO-PLAY-4">LOO-PLAY-4</a>' in html and '<dt id="LOO-PLAY-4">' in html
    assert "[LOO-PLAY-4](#LOO-PLAY-4)" in to_markdown(page("loo", "three-card"))
    assert 'data-card="AS"' in html and "{AS}" not in html


def test_an_unknown_form_is_refused_naming_it_and_the_valid_ones() -> None:
    with pytest.raises(ValueError, match=r"'four-card' \(valid: three-card, five-card, irish\)"):
        page("loo", "four-card")


# -- house rules in words ------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", games(), ids=lambda s: s.name)
def test_every_value_of_every_option_of_every_game_has_a_label_and_its_sentence(spec: Any) -> None:
    for option, values in spec.options.items():
        label = option_label(spec.name, option)
        assert label and "_" not in label, option
        sentences = [value_sentence(spec.name, option, v) for v in (values if values is not None else (None, 7))]
        for sentence in sentences:
            assert sentence.endswith(".") and not RAW.search(sentence), (option, sentence)
        assert len(set(sentences)) == len(sentences), option  # each choice says something of its own
        if values is None:
            assert "7" in sentences[1], option


def _lines(game: str, preset: str, options: dict[str, object] | None = None) -> list[str]:
    return [rule.line for rule in house_rules(rules_for(game, preset, options))]


@pytest.mark.parametrize(
    ("game", "preset"),
    [("loo", "peel"), ("loo", "enquire-within"), ("loo", "five-card"), ("loo", "irish"), ("nap", "peel")],
)
def test_the_house_rules_are_in_words_never_settings(game: str, preset: str) -> None:
    lines = _lines(game, preset)
    assert lines[1].startswith("Stakes: ")
    for line in lines:
        assert not RAW.search(line), line


def test_a_three_card_table_shows_no_five_card_or_irish_option() -> None:
    rules = house_rules(rules_for("loo", "peel"))
    options = {r.option for r in rules}
    assert not options & {"pam", "pam_free", "flush_pay", "flush_tie", "irish_flush"}
    assert {"leader", "single", "defender_looed"} <= options
    assert not any("Pam" in r.line or "flush" in r.line for r in rules)
    assert rules[0].line.startswith("Three-card Loo: ")
    assert "Stakes: deal 3, loo 6, single 3." in rules[1].line


def test_an_unlimited_loo_table_says_a_looed_player_pays_the_whole_pool_as_a_house_rule() -> None:
    lines = _lines("loo", "peel", {"loo_mode": "unlimited"})
    assert "Unlimited loo: a looed player pays the whole pool. (house rule)" in lines
    assert sum(line.endswith("(house rule)") for line in lines) == 1
    assert not any("loo costs 6" in line for line in lines)  # the loo is the pool, not the stake


def test_a_five_card_table_tells_pam_and_flushes_and_no_miss() -> None:
    lines = _lines("loo", "five-card")
    assert (
        "Pam is the knave of clubs." in lines and "A flush takes the pool and a loo from every other player." in lines
    )
    assert not any("miss" in line.lower() for line in lines)
    assert "Pam is the knave of trumps. (house rule)" in _lines("loo", "five-card", {"pam": "jack_trumps"})


def test_an_irish_table_tells_club_law_and_its_flush_option_but_not_pam() -> None:
    lines = _lines("loo", "irish")
    assert "Club law: when a club is turned up, everybody must play." in lines
    assert "No flushes: three cards of a suit are only a hand." in lines
    assert not any("Pam" in line for line in lines)
    with_flush = _lines("loo", "irish", {"irish_flush": True})
    assert any(line.startswith(("The elder flush wins", "Equal flushes share")) for line in with_flush)


def test_a_mixed_loo_tells_its_cap_and_nap_hides_what_is_switched_off() -> None:
    assert "A loo costs at most 12 counters. (house rule)" in _lines(
        "loo", "peel", {"loo_mode": "mixed", "loo_cap": 12}
    )
    assert not any(line.startswith("A loo costs at most") for line in _lines("loo", "peel"))
    plain = _lines("nap", "peel", {"misery": False, "wellington": False})
    assert "No misery. (house rule)" in plain and "No Wellington. (house rule)" in plain
    assert not any("Misery ranks" in line or "Blücher may" in line for line in plain)
    assert "Stakes: unit 1. Each trick called is worth 1 counter." in _lines("nap", "peel")


# -- the command and the documentation -----------------------------------------------------------------------


def _doc_name(game: str, slug: str) -> str:
    return f"{game}.md" if slug == game else f"{game}-{slug}.md"


@pytest.mark.parametrize("key", sorted(PAGES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_docs_rules_holds_each_page_as_roundgames_rules_markdown_prints_it(key: tuple[str, str]) -> None:
    """docs/rules/ is up to date: regenerate a page with ``roundgames rules GAME --form FORM --markdown >
    docs/rules/GAME-FORM.md`` (Nap: ``docs/rules/nap.md``)."""
    game, slug = key
    printed = run_cli("rules", game, "--form", slug, "--markdown")
    assert printed.returncode == 0, printed.stderr
    assert (DOCS / _doc_name(game, slug)).read_text(encoding="utf-8") == printed.stdout


def test_roundgames_rules_loo_form_irish_prints_the_irish_page() -> None:
    run = run_cli("rules", "loo", "--form", "irish", "--ascii")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("IRISH LOO\n=========\n")
    assert "  LOOI-2 [S] Club Law is usually applied." in run.stdout
    assert "AH 9S 4C" in run.stdout and "♥" not in run.stdout  # card pictures as text
    assert all(len(line) <= 80 for line in run.stdout.splitlines())
    assert "A♥ 9♠ 4♣" in to_text(page("loo", "irish"))  # and as pictures where the terminal can show them


def test_roundgames_rules_with_a_bad_form_exits_2_naming_the_value_and_the_valid_ones() -> None:
    run = run_cli("rules", "loo", "--form", "four-card")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == (
        "roundgames rules: error: --form: unknown form of loo 'four-card' (valid: three-card, five-card, irish)\n"
    )
    assert "(valid: nap)" in run_cli("rules", "nap", "--form", "irish").stderr


def test_roundgames_rules_options_still_lists_the_presets_and_options_by_name() -> None:
    run = run_cli("rules", "loo", "--options")
    assert run.returncode == 0 and "loo presets: peel, enquire-within, five-card, irish" in run.stdout


@pytest.mark.parametrize(
    ("game_name", "preset", "title"),
    [
        ("loo", "peel", "Three-card Loo (Peel's rules)"),
        ("loo", "enquire-within", "Three-card Loo (Enquire Within's rules)"),
        ("loo", "five-card", "Five-card Loo"),
        ("loo", "irish", "Irish Loo"),
        ("nap", "modern", "Nap (modern rules)"),
    ],
)
def test_a_table_is_named_for_players_by_its_form_and_preset_never_by_an_identifier(
    game_name: str, preset: str, title: str
) -> None:
    """What the lobby, the seat dialog and the terminal call a table (``state.table.title``)."""
    from roundgames.games.registry import rules_for
    from roundgames.guide import table_title

    assert table_title(rules_for(game_name, preset, {})) == title
