"""The house rules in words: a label for every option of every game, one sentence for each of its values, and
the rules of a table told as a player reads them (``Unlimited loo: a looed player pays the whole pool.``).

Only the options that matter at the table's form are told (no Pam at a Three-card table), and an option changed
from the table's preset is marked as a house rule.

>>> from roundgames.games.registry import rules_for
>>> for rule in house_rules(rules_for("loo", "peel", {"loo_mode": "unlimited"}))[:3]:
...     print(rule.line)
Three-card Loo: three cards each, and a spare hand, the miss, that one player may take.
Stakes: deal 3, loo 6, single 3. The dealer puts 3 counters into the pool; a loo on the single, or a fault before the play, costs 3.
Unlimited loo: a looed player pays the whole pool. (house rule)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.options import OptionValue, show_value
from ..games.plugin import resolve
from ..games.registry import game, game_of, plugin, plugins

__all__ = [
    "LOO_WORDS",
    "NAP_WORDS",
    "WORDS",
    "HouseRule",
    "OptionWords",
    "house_rules",
    "loo_stakes",
    "nap_stakes",
    "option_label",
    "option_words",
    "preset_forms",
    "value_sentence",
]

#: the forms of Loo by name, for the options that matter only at some of them
_THREE, _FIVE, _IRISH = "three_card", "five_card", "irish"
_ALL_LOO = frozenset({_THREE, _FIVE, _IRISH})


def _always(rules: Any) -> bool:
    return True


@dataclass(frozen=True)
class OptionWords:
    """An option in words: its ``label``, a sentence for each value (``{n}`` stands for a number where the
    option takes any number, ``None`` for its unset value), the forms where it matters, and when it matters
    at all under the rest of the rules."""

    label: str
    sentences: Mapping[OptionValue, str]
    forms: frozenset[str] = frozenset()  # empty: every form of the game
    when: Callable[[Any], bool] = _always
    #: the sentence of any number, for an option whose values are not listed
    number: str = ""


def _w(
    label: str, sentences: Mapping[OptionValue, str], forms: frozenset[str] = frozenset(), **more: Any
) -> OptionWords:
    return OptionWords(label, sentences, forms, **more)


#: every option of Loo in words (Loo's plug-in names it)
LOO_WORDS: dict[str, OptionWords] = {
    "form": _w(
        "Game",
        {
            _THREE: "Three-card Loo: three cards each, and a spare hand, the miss, that one player may take.",
            _FIVE: "Five-card Loo: five cards each, exchanges from the stock, flushes, and Pam, the best card.",
            _IRISH: "Irish Loo: three cards each, no miss, and exchanges from the stock.",
        },
    ),
    "loo_mode": _w(
        "Loos",
        {
            "limited": "Limited loo: a looed player pays the loo stake.",
            "unlimited": "Unlimited loo: a looed player pays the whole pool.",
            "mixed": "Mixed loo: a looed player pays the whole pool, up to a cap.",
        },
    ),
    "loo_cap": _w(
        "Cap on a loo",
        {None: "No cap on a loo."},
        when=lambda r: r.loo_mode == "mixed",
        number="A loo costs at most {n} counters.",
    ),
    "single": _w(
        "Singles",
        {
            "peel": "Peel's single: the first deal, and each deal after one where nobody was looed, is one card each "
            "face up; the best card of the turned-up suit above the turn-up takes the pool.",
            "ew": "Enquire Within's single: after a deal where nobody was looed, a round without a miss in which "
            "everybody must play.",
            "none": "No singles: every deal is a regular deal.",
        },
        frozenset({_THREE}),
    ),
    "ante": _w(
        "Ante",
        {
            "dealer": "Only the dealer stakes: he puts the deal stake into the pool.",
            "all": "Everyone antes: besides the dealer's stake, every other player puts the ante into the pool; a "
            "deal made void (a misdeal) costs nobody his ante.",
        },
    ),
    "lead_rule": _w(
        "The first lead",
        {
            "highest": "Lead the highest trump: a leader holding the ace of trumps leads it; with two or more "
            "trumps, the highest.",
            "lead_one": "Lead one trump: a leader with two or more trumps may lead any of them (the ace of trumps "
            "must still be led).",
            "cassell": "Cassell's lead: the first leader leads his highest trump, or his highest card if he has "
            "none; every later leader his highest trump.",
        },
    ),
    "second_lead": _w(
        "The second lead",
        {
            "peel": "Peel's second lead: the winner of the first trick must lead a trump if he has one (the higher "
            "of two).",
            "none": "Free second lead: the winner of the first trick leads what he likes.",
        },
        when=lambda r: r.lead_rule != "cassell",
    ),
    "leader": _w(
        "Who leads",
        {
            "elder": "The eldest leads: the first player to the dealer's left who plays leads, whoever took the miss.",
            "miss_holder": "The miss leads: whoever took the miss leads the first trick.",
        },
        frozenset({_THREE}),
    ),
    "dealer_lone_stander": _w(
        "One player against the dealer",
        {
            "must_defend": "The dealer must defend: when only one player stands, the dealer must play against him.",
            "may_concede": "The dealer may concede: when only one player stands, the dealer may give him the pool "
            "without play.",
        },
    ),
    "defender_looed": _w(
        "Defending with the miss",
        {
            False: "A dealer who plays the miss for the pool is never looed.",
            True: "A dealer who plays the miss for the pool is looed if it takes no trick.",
        },
        frozenset({_THREE}),
    ),
    "club_law": _w(
        "Club law",
        {
            False: "No club law: a player may throw up whatever suit is trumps.",
            True: "Club law: when a club is turned up, everybody must play.",
        },
    ),
    "revoke_replay": _w(
        "A wrong card in play",
        {
            "mandatory": "Replay: a player who revokes (or breaks another rule of play) is looed, and the hand is "
            "played again.",
            "optional": "Replay on demand: a player who revokes is looed; the hand is played again if another "
            "player asks.",
            "none": "No replay: a player who revokes is looed, and play goes on.",
        },
    ),
    "penalty_scale": _w(
        "Penalties",
        {
            "peel": "Peel's penalties: a fault before the play costs a single loo, a fault in play a full loo.",
            "ew_flat": "Enquire Within's penalties: every fault costs one loo.",
        },
    ),
    "look_penalty_pool": _w(
        "Looking at another hand",
        {
            "current": "Looking at another player's hand costs a full loo, paid into this deal's pool.",
            "next": "Looking at another player's hand costs a full loo, paid into the next deal's pool.",
        },
    ),
    "offender_double_loo": _w(
        "An offender's loo",
        {
            False: "An offender pays one loo for the deal, even if he also takes no trick.",
            True: "An offender pays his penalty, and a loo besides if he takes no trick.",
        },
    ),
    "dealer_stands_out_above": _w(
        "The dealer sits out",
        {None: "The dealer deals himself a hand at any size of table: he never sits out."},
        number="With more than {n} players, the dealer deals but sits out the hand.",
    ),
    "pack": _w(
        "Pack",
        {52: "A full pack of 52 cards.", 32: "A piquet pack of 32 cards, ace down to seven."},
    ),
    "first_dealer": _w(
        "First dealer",
        {
            "first_knave": "The first dealer is whoever is dealt the first knave, face up.",
            "cut_low": "The first dealer is whoever cuts the lowest card (ace low).",
        },
    ),
    "pam": _w(
        "Pam",
        {"jack_clubs": "Pam is the knave of clubs.", "jack_trumps": "Pam is the knave of trumps."},
        frozenset({_FIVE}),
    ),
    "pam_free": _w(
        "Pam's freedom",
        {
            False: "Pam is a trump, the highest, and is played as a trump.",
            True: "Pam is free: it may be played to any trick at any time.",
        },
        frozenset({_FIVE}),
    ),
    "flush_pay": _w(
        "Paying a flush",
        {
            "peel": "A flush takes the pool and a loo from every other player.",
            "ew_hoy": "A flush takes the pool and a loo from those who stood, except the holder of Pam or of a "
            "lower flush.",
        },
        frozenset({_FIVE, _IRISH}),
        when=lambda r: r.form == _FIVE or r.irish_flush,
    ),
    "flush_tie": _w(
        "Equal flushes",
        {
            "elder": "The elder flush wins: of equal flushes, the elder hand's takes the pool.",
            "split": "Equal flushes share: equal flushes share the pool.",
        },
        frozenset({_FIVE, _IRISH}),
        when=lambda r: r.form == _FIVE or r.irish_flush,
    ),
    "irish_flush": _w(
        "Irish flushes",
        {
            False: "No flushes: three cards of a suit are only a hand.",
            True: "Three-card flushes: three cards of one suit take the pool, as a flush does in Five-card Loo.",
        },
        frozenset({_IRISH}),
    ),
}


def _misery(rules: Any) -> bool:
    return bool(rules.misery)


#: every option of Nap in words (Nap's plug-in names it)
NAP_WORDS: dict[str, OptionWords] = {
    "max_players": _w("Players", {6: "Two to six players.", 7: "Two to seven players."}),
    "dealer_out_at": _w(
        "The dealer sits out",
        {
            6: "With six players the dealer deals no cards to himself, but pays and receives.",
            5: "With five or six players the dealer deals no cards to himself, but pays and receives.",
        },
    ),
    "min_call": _w(
        "Lowest call",
        {
            1: "The lowest call is one trick.",
            2: "The lowest call is two tricks.",
            3: "The lowest call is three tricks.",
        },
    ),
    "misery": _w(
        "Misery",
        {True: "Misery may be called: the caller undertakes to take no trick at all.", False: "No misery."},
    ),
    "misery_rank": _w(
        "Misery's rank",
        {
            "below_three": "Misery ranks above two and below three: a call of three beats it.",
            "above_three": "Misery ranks above three and below four.",
        },
        when=_misery,
    ),
    "misery_trumps": _w(
        "Trumps in misery",
        {True: "In misery the first card led makes trumps, as in any deal.", False: "Misery is played without trumps."},
        when=_misery,
    ),
    "misery_pay": _w(
        "Misery's stakes",
        {
            "peel": "Misery wins or loses three stakes from each player.",
            "eb11": "Misery wins three stakes from each player, and loses six.",
        },
        when=_misery,
    ),
    "wellington": _w(
        "Wellington",
        {True: "Wellington may be called over a Nap: five tricks, for higher stakes.", False: "No Wellington."},
    ),
    "blucher": _w(
        "Blücher",
        {True: "Blücher may be called over a Wellington: five tricks, for the highest stakes.", False: "No Blücher."},
        when=lambda r: r.wellington,
    ),
    "pay_table": _w(
        "Payments",
        {
            "peel": "Peel's payments: one stake a trick called, won or lost; Nap wins ten and loses five; "
            "Wellington twenty and ten; Blücher thirty and fifteen.",
            "well_blu_mod": "Peel's modified payments: as Peel's, but Wellington wins ten and loses ten, Blücher "
            "wins ten and loses fifteen.",
            "parlett": "Parlett's payments: a call pays its tricks either way, misery three, Nap ten, Wellington "
            "twenty, Blücher forty.",
            "hsw_flat": "Flat payments: every call, won or lost, is worth ten stakes from or to each player.",
        },
    ),
    "pool_nap_double": _w(
        "A failed Nap and the kitty",
        {
            False: "A failed Nap pays the players only.",
            True: "A failed Nap, Wellington or Blücher also pays into the kitty as much as the kitty held when it "
            "failed, before any fine.",
        },
        when=lambda r: r.has_kitty,
    ),
    "all_pass": _w(
        "When all pass",
        {
            "eldest_one": "When everybody passes, the eldest hand must play for one trick.",
            "dealer_one": "When everybody passes, the dealer must play for one trick.",
            "redeal": "When everybody passes, the deal is thrown in and the same dealer deals again; the thrown-in "
            "deal costs nobody anything, the dealer's stake into a kitty included.",
            "double_header": "Double Header: when everybody passes, nobody plays, and the stakes between the players "
            "are doubled until a caller wins (not the kitty's stakes, the price of a card or a peep, nor a fine).",
        },
    ),
    "kitty": _w(
        "Kitty",
        {
            False: "No kitty.",
            True: "A kitty: each dealer puts one stake into it, and whoever makes a Nap takes it.",
        },
    ),
    "purchase": _w(
        "Buying cards",
        {
            False: "No buying: everybody plays the cards he was dealt.",
            True: "Purchase: before the calls, each player may discard and buy new cards, one stake each into "
            "the kitty.",
        },
    ),
    "spare_hand": _w(
        "Spare hand",
        {
            "off": "No spare hand.",
            "peel": "Peel's spare hand: a player may take it, keep five of the ten cards, and must then call Nap.",
            "sir_garnet": "Sir Garnet: a spare hand lies by the dealer; whoever takes it must call Nap, and pays "
            "double if he fails.",
        },
    ),
    "peep": _w(
        "Peep",
        {
            False: "No peeping.",
            True: "Peep Nap: a card lies face down; anyone may pay a stake into the kitty to peep at it, and the "
            "highest caller may take it.",
        },
    ),
    "nap_top_card": _w(
        "Nap's top card",
        {
            False: "A Nap caller plays the cards he was dealt.",
            True: "A Nap caller may take the top card of the stock and discard one.",
        },
    ),
    "nap_challenge": _w(
        "Challenging a Nap",
        {
            False: "No challenge: a call, once made, stands.",
            True: "A Nap caller challenged by a Wellington or Blücher may raise his call to it himself, or pass and "
            "leave it to the challenger; a later, higher challenge may be raised again.",
        },
    ),
    "revoke_rule": _w(
        "A revoke",
        {
            "default": "A revoke ends the deal: by the caller, he loses; by a player against him, the call is won "
            "and the revoker pays for everyone.",
            "bic_fine": "A revoke costs five stakes into the kitty; the card is taken back and play goes on.",
            "replay": "A revoke: the card is taken back and the hand is played again.",
        },
    ),
    "pack": _w("Pack", {52: "A full pack of 52 cards.", 32: "A piquet pack of 32 cards, ace down to seven."}),
}


class _Words(Mapping[str, Mapping[str, OptionWords]]):
    """Every option of every game in words, by game and option: each game's plug-in's words, read at each use."""

    def __getitem__(self, name: str) -> Mapping[str, OptionWords]:
        parts = plugin(name).guide
        if parts is None:
            return _plain_words(name)
        words: Mapping[str, OptionWords] = resolve(parts.words, f"option words of {name}")
        return words

    def __iter__(self) -> Iterator[str]:
        return iter([p.name for p in plugins()])

    def __len__(self) -> int:
        return len(plugins())


def _plain_words(name: str) -> dict[str, OptionWords]:
    """The options of a game whose plug-in names no words of its own, in the words of its options' docs:
    ``Aces: high (aces rank high, above the king, or low, below the two (ONE-VAR-ACES)).``"""
    spec = game(name)
    out = {}
    for option, values in spec.options.items():
        label = option.replace("_", " ").capitalize()
        doc = spec.option_docs.get(option, "")
        said = {v: f"{label}: {show_value(v)} ({doc})." if doc else f"{label}: {show_value(v)}." for v in values or ()}
        out[option] = OptionWords(label, said, number=f"{label}: {{n}}.")
    return out


def _plain_stakes(rules: Any) -> HouseRule:
    """The stakes of a game whose plug-in names no words for them: ``Stakes: stake 1.``"""
    amounts = {name: int(getattr(rules.stakes, name)) for name in game_of(rules).stakes_in_force(rules)}
    return HouseRule("stakes", "Stakes", amounts, "Stakes: " + ", ".join(f"{k} {v}" for k, v in amounts.items()) + ".")


#: every option of every game in words, by game and option
WORDS: Mapping[str, Mapping[str, OptionWords]] = _Words()


def option_label(game: str, option: str) -> str:
    """The option's name as a player reads it: ``"Loos"`` for ``loo_mode``."""
    return WORDS[game][option].label


def value_sentence(game: str, option: str, value: OptionValue) -> str:
    """One sentence on what ``value`` of the option means at the table."""
    words = WORDS[game][option]
    for known, sentence in words.sentences.items():
        if known == value and type(known) is type(value):
            return sentence
    if words.number and isinstance(value, int) and not isinstance(value, bool):
        return words.number.format(n=value)
    raise KeyError(f"{game} option {option}: no words for {value!r}")


@dataclass(frozen=True)
class HouseRule:
    """One rule of a table in words: the ``option`` (``"stakes"`` for the stakes), its ``label``, the ``value``
    in force, its ``sentence``, and whether it is a ``house`` rule (changed from the preset)."""

    option: str
    label: str
    value: Any
    sentence: str
    house: bool = False

    @property
    def line(self) -> str:
        """The sentence, marked when it is a house rule."""
        return self.sentence + (" (house rule)" if self.house else "")


def nap_stakes(rules: Any) -> HouseRule:
    """Nap's stakes as a line: the unit, and what a trick called is worth."""
    s = rules.stakes
    text = f"Stakes: unit {s.unit}. Each trick called is worth {s.unit} counter{'s' if s.unit != 1 else ''}."
    return HouseRule("stakes", "Stakes", {"unit": s.unit}, text)


def loo_stakes(rules: Any) -> HouseRule:
    """Loo's stakes as a line: the counters each stake is worth, and what each pays for."""
    s = rules.stakes
    # the stakes the rules take, as the record writes them (the ante only where everyone antes)
    amounts = {name: int(getattr(s, name)) for name in rules.stakes_in_force()}
    text = f"Stakes: deal {s.deal}, loo {s.loo}, single {s.single}. The dealer puts {s.deal} counters into the pool"
    if rules.loo_mode == "limited":
        text += f"; a loo costs {s.loo}"
    text += f"; a loo on the single, or a fault before the play, costs {s.single}." if rules.form == _THREE else "."
    if rules.ante == "all":
        text += f" Every other player antes {s.ante}."
    return HouseRule("stakes", "Stakes", amounts, text)


def house_rules(rules: Any) -> list[HouseRule]:
    """The rules of a table in words: the form, the stakes, then each option that matters at this form under
    these rules, marked where the table changed it from its preset."""
    spec = game_of(rules)
    found = plugin(spec.name)
    form = spec.form_of(rules).name
    changed = rules.options()
    preset = type(rules).preset(rules.name)
    if "form" in spec.options:
        first = HouseRule("form", "Game", form, value_sentence(spec.name, "form", form), "form" in changed)
    else:
        summary = found.guide.summary if found.guide is not None else ""
        first = HouseRule("form", "Game", form, summary or f"{spec.form_of(rules).title}.")
    if found.guide is None:
        stakes = _plain_stakes(rules)
    else:
        stakes = resolve(found.guide.stakes, f"stakes in words of {spec.name}")(rules)
    out = [first, HouseRule("stakes", "Stakes", stakes.value, stakes.sentence, rules.stakes != preset.stakes)]
    every = WORDS[spec.name]
    for option in spec.options:
        words = every[option]
        if option == "form" or (words.forms and form not in words.forms) or not words.when(rules):
            continue
        value = getattr(rules, option)
        out.append(HouseRule(option, words.label, value, value_sentence(spec.name, option, value), option in changed))
    return out


def option_words(game_name: str) -> dict[str, dict[str, Any]]:
    """Each option of a game in words, for a form that offers them (``GET /api/options``): its ``label``, the
    ``words`` of each listed value (``{"value": ..., "sentence": ...}``; for an option of any number, of its unset
    value, with the sentence of a number in ``number``, ``{n}`` standing for it) and the ``forms`` where it
    matters (empty: every form)."""
    spec = game(game_name)
    out: dict[str, dict[str, Any]] = {}
    every = WORDS[spec.name]
    for option, values in spec.options.items():
        words = every[option]
        listed = list(values) if values is not None else [None]
        entry: dict[str, Any] = {
            "label": words.label,
            "words": [{"value": v, "sentence": value_sentence(spec.name, option, v)} for v in listed],
            "forms": sorted(words.forms),
        }
        if words.number:
            entry["number"] = words.number
        out[option] = entry
    return out


def preset_forms(game_name: str) -> dict[str, str]:
    """The form each preset of a game sets up: ``{"peel": "three_card", "five-card": "five_card", ...}``."""
    spec = game(game_name)
    return {name: spec.form_of(spec.rules.preset(name)).name for name in spec.rules.PRESETS}
