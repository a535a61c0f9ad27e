"""Loo as a PettingZoo AEC environment: Three-card Loo, and Five-card and Irish Loo by their presets.

>>> from roundgames.envs import loo_v0
>>> env = loo_v0.env(players=5, preset="peel", options={"lead_rule": "lead_one"})
>>> env.reset(seed=42)
>>> obs, reward, termination, truncation, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].shape
((489,), (56,))
>>> five = loo_v0.env(players=5, preset="five-card")
>>> five.reset(seed=42)
>>> five.last()[0]["observation"].shape, five.last()[0]["action_mask"].shape
((703,), (90,))

| Config       | Meaning                                                                                 |
|--------------|-----------------------------------------------------------------------------------------|
| `players`    | seats, 3 to 12 (9 with a 32-card pack, 10 in Five-card Loo); agents `player_0 ..`        |
| `preset`     | a Loo preset: `peel`, `enquire-within`, `five-card`, `irish` (:class:`~roundgames.loo.rules.LooRules`) |
| `options`    | a dict of options by name (RULES.md §12.1), e.g. `{"club_law": True, "pack": 32}`        |
| `stakes`     | a dict of stakes in counters: `deal`, `loo`, `single`, `ante`                            |
| `kind`       | one-deal mode: `regular` (default) or `ew_single` (all must stand, no miss)             |
| `pool`       | one-deal mode: counters already in the pool before the dealer's stake (default 0)        |
| `dealer`     | the dealer's seat index; by default drawn from the seed (the first knave in a sitting)   |
| `sitting`    | `True`: an episode is a sitting of `deals` deals (default 10), the pool carried over     |
| `table_mode` | `True`: the laws apply (RULES.md §5): irregular actions offered too, their penalty paid  |
| `render_mode`| `"ansi"` (returns the text), `"human"` (prints it) or `None`                            |

**Actions** (:data:`~roundgames.envs.encoding.LOO_ACTIONS` = 56 in Three-card Loo): ``0..51`` play that card
(``cards`` ints: ``suit * 13 + rank``, spades hearts diamonds clubs, 2 low, ace high), ``52`` stand, ``53``
throw up, ``54`` take the miss, ``55`` defend (the dealer plays the miss for the pool). Five-card Loo (90
actions) and Irish Loo (66) keep these and add ``56`` show a flush (LOO5-6), ``57`` lead the ace of trumps
saying "Pam be civil" (LOO5-4), ``58`` no flush, and the exchanges (LOO5-2): ``59..89`` (``59..65`` in Irish
Loo) put out the cards at the positions set in ``id - 58`` of the hand sorted by card int.

**Flushes out of turn** (LOO5-6): after the declaring and before the first lead, each seat that plays other
than the leader is selected in turn from the dealer's left, whether it holds a flush or not, and answers
``56`` (if it holds one) or ``58``; then the leader acts, his flush among his actions. The first flush shown
ends the hand; the other flushes, which must then be shown, are applied without selecting their seats, as is
the flush of a seat taking the pool without play (§14.24). ``env.passed`` lists the seats that have answered
``58`` since the last action.

**Observation**: ``observation`` is the float32 vector of :func:`~roundgames.envs.encoding.loo_layout`,
``174 + 63 n`` values in Three-card Loo: own hand (52), turn-up (52), trump (4), cards played (52), the trick
in progress by relative seat (52 n), declarations (5 n), tricks won (4 n), dealer (n), seat to act (n),
phase (4), kind (3), the miss (2), pool in loos (1), tricks completed (4); seats are relative to the
observer (0 is himself, 1 his left-hand neighbour). Five-card and Irish Loo (``loo_layout(n, rules)``) have
no miss, six declarations (exchange), a fifth phase (show) and their own count of tricks, and add the stock
(1), each seat's exchange count, the cards the observer put out (52), Pam (52), "Pam be civil" (1), the
seats that answered ``58`` (n), the seats that showed a flush (n) and the flushes' cards (52): ``333 + 74 n``
values in Five-card Loo, ``331 + 70 n`` in Irish. ``action_mask`` (int8) marks the legal actions of the agent
to act and is all zero for the others. A seat sees its own cards only once its turn to declare comes
(LOO-DECL-1), and another seat's exchange only as a number of cards.

**Rewards**: each seat's net in counters, at the step that ends the deal (a seat that is looed pays into
the next pool, so one deal's rewards sum to minus the growth of the pool).

**Table mode** (``table_mode=True``): the seat to act is also offered the irregular actions the laws cover in
its turn (a revoke, a card that does not head the trick, a throw after the lead: LOO-LAW-11..17), at most one a
seat a deal, each applied with its law (a full loo into the next pool; the play replayed as ``revoke_replay``
orders); under ``revoke_replay: optional`` the other seats may then demand the replay, the id after the form's
others (56 in Three-card Loo). The site's environments page says what is offered and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from ..core.cards import SUIT_NAMES, card_str, format_cards
from ..loo.actions import Decl, Kind
from ..loo.deal import FiveCardLoo, LooDeal
from ._aec import RoundGameEnv, make_rules, wrapped

__all__ = ["env", "raw_env"]


def env(**config: Any) -> Any:
    """The environment with PettingZoo's standard wrappers (:func:`~._aec.wrapped`)."""
    return wrapped(raw_env(**config))


class raw_env(RoundGameEnv):
    """Loo, any form: one deal per episode, or a sitting (``sitting=True``)."""

    metadata: ClassVar[dict[str, Any]] = {**RoundGameEnv.metadata, "name": "loo_v0"}
    GAME = "loo"

    def __init__(
        self,
        players: int = 5,
        preset: str = "peel",
        options: Mapping[str, object] | None = None,
        stakes: Mapping[str, int] | None = None,
        *,
        kind: str = "regular",
        pool: int = 0,
        dealer: int | None = None,
        sitting: bool = False,
        deals: int = 10,
        table_mode: bool = False,
        render_mode: str | None = None,
    ) -> None:
        rules = make_rules(self.GAME, preset, options, stakes)
        if kind not in (Kind.REGULAR.value, Kind.EW_SINGLE.value):
            raise ValueError(
                f"kind: 'regular' or 'ew_single' (Peel's single is settled as it is dealt, with no action), got {kind!r}"
            )
        if sitting and deals == 1 and rules.single == "peel":
            raise ValueError("deals: a Loo sitting opens with Peel's single, which has no action; play 2 deals or more")
        self.kind = Kind(kind)
        super().__init__(
            players,
            rules=rules,
            more={"kind": self.kind},
            sitting=sitting,
            deals=deals,
            dealer=dealer,
            pool=pool,
            table_mode=table_mode,
            render_mode=render_mode,
        )

    def _table_lines(self, deal: LooDeal) -> list[str]:
        opts = self._options_text(self.rules.options())
        out = [
            f"rules {self.rules.name} ({opts}) · {deal.kind.value} deal · pool {deal.pool_total} · "
            f"turn-up {card_str(deal.turnup)}, {SUIT_NAMES[deal.trump]} trumps · {deal.phase.name.lower()}"
        ]
        five = cast(FiveCardLoo, deal) if deal.has_stock else None
        if five is not None:
            shown = self._names(five.shown) or "none"
            passed = f" · no flush from {self._names(self.passed)}" if self.passed else ""
            out.append(f"stock {len(five.stock)} · flushes shown: {shown}{passed}")
        me = self._index[self.agent_selection] if deal.to_act is not None else None
        for s in range(deal.n):
            if deal.dealer_out and s == deal.dealer:
                state = "deals, sits out"
            elif five is not None and deal.decls[s] is Decl.EXCHANGE:
                state = f"exchanged {int.bit_count(five.exchanged[s][0])}"
            else:
                state = {Decl.NONE: "-", Decl.STAND: "stood", Decl.THROW: "threw up", Decl.MISS: "took the miss"}.get(
                    deal.decls[s], "defends the pool"
                )
            mark = "*" if s == me else " "
            out.append(f"{mark} {self.possible_agents[s]:<10} {state:<16} tricks {deal.won[s]}")
        seats, cards = deal.current_trick
        if cards:
            out.append(
                "trick: "
                + ", ".join(f"{self.possible_agents[s]} {card_str(c)}" for s, c in zip(seats, cards, strict=True))
            )
        if me is not None:
            out.append(f"{self.possible_agents[me]} holds {format_cards(deal.view(me).hand) or '(not yet looked)'}")
            words = [
                self.kit.encoding.action_name(i) if a is None else deal.action_str(a).split(" ", 1)[1]
                for i, a in self.legal_items()
            ]
            out.append("legal: " + ", ".join(words))
        return out
