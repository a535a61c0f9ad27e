"""The documentation site's page of the research environments' spaces (docs/research/environments.md), written from
the encoding itself, so that the page can never disagree with the vectors and action ids the environments give.

For every game the environments know (:data:`.games.ENV_GAMES`) and every form of it (its spec's ``forms``), the
page has the action space as a table of id ranges (from the encoding's ``action_count`` and ``action_name``, each
verb's help line and rule from the game's verb table) and the observation and information-state vectors as tables of
fields (from ``layout`` and ``info_layout``), each offset and size written as a formula in ``n``, the number of seats.

The site's build asks for the page at build time (scripts/docs_pages/research.py lists :func:`page` under
:data:`PAGE`), so it is never stale and never committed; ``python -m roundgames.envs.layout_doc`` prints it.

>>> "| 52 | `stand` |" in page()
True
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..games.protocol import Form, GameSpec
from ..games.registry import rules_for
from .games import ENV_GAMES, EnvGame

__all__ = ["PAGE", "Linear", "action_rows", "field_rows", "page", "table_rows"]

#: the page's path under docs/
PAGE = "research/environments.md"

# What the encoding's own names do not say, for the ids that answer no verb of the verb table by name.
_NOTES = {
    "no flush": "let an offer to show a flush out of turn go by: never legal, none being made since a flush is "
    "always shown (RULES.md §14.34); kept so that the exchanges keep their ids",
    "play the ace of trumps civil": 'lead the ace of trumps saying "Pam be civil" (LOO5-4)',
}
_PLAY = re.compile(r"^play [2-9TJQKA][SHDC]$")


class Linear:
    """A size or an offset that grows with the seats: ``a + b n``, measured from the layout at two seat counts."""

    def __init__(self, at: Callable[[int], int]) -> None:
        one, two = at(1), at(2)
        self.b = two - one
        self.a = one - self.b
        if at(3) != self.a + 3 * self.b:  # every layout grows by whole fields per seat; say so if one stops
            raise ValueError("a layout that does not grow linearly with the seats")

    def __call__(self, n: int) -> int:
        return self.a + self.b * n

    def __str__(self) -> str:
        if not self.b:
            return str(self.a)
        seats = "n" if self.b == 1 else f"{self.b} n"
        return seats if not self.a else f"{self.a} + {seats}"


def _key(spec: GameSpec, name: str) -> str:
    """The row an action's name belongs to: one row for each verb that takes an argument (the 52 plays, the calls,
    a run of positional ids), one for each other action."""
    if name in _NOTES:
        return name
    if _PLAY.match(name):
        return "play CARD"
    verb = spec.verbs.get(name.split()[0])
    return verb.word if verb is not None and verb.args else name


def _verb_of(spec: GameSpec, key: str) -> tuple[str, str]:
    """The help line and rule of the verb a row's actions are, from the game's verb table."""
    if key in _NOTES:
        return _NOTES[key], ""
    word = key.split()[0]
    verb = spec.verbs.get(word)
    if verb is None:
        return "", ""
    return verb.help, verb.rule


def action_rows(kit: EnvGame, rules: Any) -> list[tuple[str, str, str, str]]:
    """The action space under ``rules`` as rows: ids (``0..51``), the action, what it does, its rule."""
    return _rows(kit, [kit.encoding.action_name(i, rules) for i in range(kit.encoding.action_count(rules))])


def table_rows(kit: EnvGame, rules: Any) -> list[tuple[str, str, str, str]]:
    """The ids table mode adds to the action space under ``rules`` (none where its irregular actions are ids the
    space has already), as :func:`action_rows`."""
    enc = kit.encoding
    first, end = enc.action_count(rules), enc.action_count(rules, True)
    rows = _rows(kit, [enc.action_name(i, rules) for i in range(first, end)])
    return [(_shift(ids, first), shown, what, rule) for ids, shown, what, rule in rows]


def _shift(ids: str, by: int) -> str:
    return "..".join(str(int(i) + by) for i in ids.split(".."))


def _rows(kit: EnvGame, names: list[str]) -> list[tuple[str, str, str, str]]:
    """Rows of consecutive ids from 0 with these names, one a verb (or a named action)."""
    rows: list[tuple[str, str, str, str]] = []
    start = 0
    for i in range(1, len(names) + 1):
        if i < len(names) and _key(kit.spec, names[i]) == _key(kit.spec, names[start]):
            continue
        run = names[start:i]
        ids = str(start) if len(run) == 1 else f"{start}..{i - 1}"
        # a short run of named actions is listed whole (the calls); others by their ends (the plays, the positions)
        listed = len(run) <= 8 and not any(" #" in a for a in run)
        shown = ", ".join(f"`{a}`" for a in run) if listed else f"`{run[0]}` .. `{run[-1]}`"
        help_line, rule = _verb_of(kit.spec, _key(kit.spec, names[start]))
        rows.append((ids, shown, help_line, rule))
        start = i
    return rows


def field_rows(layout: Callable[[int], Sequence[tuple[str, int]]]) -> list[tuple[str, str, str, str]]:
    """A vector's fields as rows: offset and size as formulas in ``n``, the field's name, what it holds."""
    rows = []
    for k in range(len(layout(2))):

        def size(n: int, k: int = k) -> int:
            return layout(n)[k][1]

        def offset(n: int, k: int = k) -> int:
            return sum(s for _, s in layout(n)[:k])

        name, _, meaning = layout(2)[k][0].partition(": ")
        rows.append((str(Linear(offset)), str(Linear(size)), f"`{name}`", meaning))
    return rows


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return out


def _form(kit: EnvGame, form: Form) -> list[str]:
    """A form's section: its action space, its observation and its information-state vector."""
    rules = rules_for(kit.spec.name, form.preset)
    enc = kit.encoding
    observation = Linear(lambda n: sum(s for _, s in enc.layout(n, rules)))
    info = Linear(lambda n: sum(s for _, s in enc.info_layout(n, rules)))
    seats = int(kit.deals.PARAMS["players"])
    out = [
        f"### {form.title}",
        "",
        f"Preset `{form.preset}`. Actions: **{enc.action_count(rules)}**. Observation: **{observation}** values "
        f"({observation(seats)} with {seats} seats). Information state: **{info}** values ({info(seats)} with "
        f"{seats} seats).",
        "",
        "**Actions**",
        "",
        *_table(("ids", "action", "what it does", "rule"), action_rows(kit, rules)),
        "",
        *_table_mode(kit, rules),
        "**Observation vector** (`observation` in PettingZoo, `observation_tensor` in OpenSpiel)",
        "",
        *_table(("offset", "size", "field", "what it holds"), field_rows(lambda n: enc.layout(n, rules))),
        "",
        "**Information-state vector** (OpenSpiel's `information_state_tensor`): the observation's fields, then",
        "",
    ]
    extra = len(enc.layout(2, rules))
    rows = field_rows(lambda n: enc.info_layout(n, rules))[extra:]
    return [*out, *_table(("offset", "size", "field", "what it holds"), rows), ""]


def _table_mode(kit: EnvGame, rules: Any) -> list[str]:
    """The line on the form's action space in table mode."""
    enc = kit.encoding
    extra = table_rows(kit, rules)
    count = enc.action_count(rules, True)
    if not extra:
        return [f"In [table mode](#table-mode) the action space is the same ({count} actions).", ""]
    ids = "; ".join(f"`{ids}` {shown}: {what} ({rule})" for ids, shown, what, rule in extra)
    return [f"In [table mode](#table-mode): **{count}** actions, adding {ids}.", ""]


def _environments() -> list[str]:
    rows = []
    for name, kit in ENV_GAMES.items():
        spiel, _title, fewest, most = kit.deals.SPIEL_NAMES
        params = ", ".join(f"`{k}` ({v!r})" for k, v in kit.deals.PARAMS.items())
        rows.append((kit.spec.title, f"`roundgames.envs.{name}_v0`", f"`{spiel}`", f"{fewest} to {most}", params))
    return _table(("game", "PettingZoo", "OpenSpiel", "seats", "OpenSpiel parameters (default)"), rows)


_INTRO = """\
# The environments: observations and actions

<!-- Generated by roundgames.envs.layout_doc from the encoding: edit that module, not this page. -->

Every game and form is offered to research code twice, with one encoding (`roundgames.envs.encoding`): as a
PettingZoo AEC environment and as an OpenSpiel game. Both give the same fixed integer actions and the same
observation vectors; [training](training.md) shows them in use.

This page is generated from the encoding itself (`roundgames.envs.layout_doc`, called by the site's build), so it
is always the layout the environments give. Sizes and offsets are written in `n`, the number of seats. Seats in a
vector are **relative to the observer**: 0 is the observer, 1 the seat on his left, and so on round the table.
Cards are ints `suit * 13 + rank`: suits spades, hearts, diamonds, clubs; ranks 2 (0) up to the ace (12), so `2S`
is 0, `AS` 12, `2H` 13 and `AC` 51. A card field of 52 holds one value a card in that order.

Ids that name positions in a hand (`#...`: an exchange, a purchase, a discard) count the positions of the hand
**sorted by card int**, so that the legal actions never name a card before its taker has seen it. An exchange or a
purchase is written as a set of positions in binary, read from the right: `exchange #110` (id 58 + 6) puts out the
second and third cards. `spare #k` keeps the k-th five of the ten cards (hand and spare sorted by card int) in the
order of Python's `itertools.combinations`.

"""


_TABLE_MODE = """\
## Table mode

In strict mode (the default) a seat is offered only what the rules allow. In **table mode** (`table_mode=True` in
`loo_v0` and `nap_v0`, the game parameter `table_mode` in OpenSpiel) the laws of the game apply, as at a real table
(RULES.md §5 for Loo, §8 for Nap): the seat to act is also offered, with the same action ids, each irregular
action the engine's laws cover in its turn, and taking one applies its law, whose penalty is in the returns.

- **What is offered**: a card the seat holds that the rules forbid (in Loo a revoke, a card that does not head the
  trick or trump when able, a lead that is not the trump the rules order: LOO-LAW-11..15, -17; in Nap a revoke,
  NAP-LAW-6, or a card played before the calling is over, NAP-LAW-7), a declaration the laws cover (throwing up
  after the lead, LOO-LAW-16) and a call (Wellington or Blücher without a Nap before it, NAP-LAW-10); in Loo under
  `revoke_replay: optional`, the demand for the replay after another seat's irregular card (LOO-LAW-0b), the one
  id table mode adds. The action mask marks them beside the proper actions.
- **At most one irregular action a seat a deal**: after it the seat is offered proper actions only, and an
  irregular id is refused. A revoke may order the play replayed from the first lead, so without this a deal
  could go on without end; with it, OpenSpiel's `max_game_length` still bounds every game.
- **Not offered**: what is not an action of the seat to act in its turn: a declaration or a card out of turn,
  looking at another hand, a misdeal, and the other laws stated by name (`SEAT irregular RULE-ID`), which the
  engine's table mode accepts from a person recording a deal but which an agent cannot be said to "choose"
  in an environment that selects one seat at a time. Nor, in Five-card and Irish Loo, an irregular flush,
  exchange or "Pam be civil".
- **Returns**: each seat's net, penalties included (a full loo paid into the next pool, a fine into the kitty,
  a revoker paying the senior hand for every opponent); a deal's returns and the change in the pool or kitty
  still sum to zero. OpenSpiel's utility bounds are widened by the penalty a seat can pay.
"""


def page() -> str:
    """The whole page, as Markdown."""
    out = [_INTRO.rstrip("\n"), "", "## The environments", "", *_environments(), "", _TABLE_MODE.rstrip("\n"), ""]
    for kit in ENV_GAMES.values():
        out += [f"## {kit.spec.title}", ""]
        for form in kit.spec.forms:
            out += _form(kit, form)
    return "\n".join(out).rstrip("\n") + "\n"


def main() -> int:
    """``python -m roundgames.envs.layout_doc``: print the page."""
    sys.stdout.write(page())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
