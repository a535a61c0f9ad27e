"""Three-card Loo as a PettingZoo AEC environment.

>>> from roundgames.envs import loo_v0
>>> env = loo_v0.env(players=5, preset="peel", options={"lead_rule": "lead_one"})
>>> env.reset(seed=42)
>>> obs, reward, termination, truncation, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].shape
((489,), (56,))

| Config       | Meaning                                                                                 |
|--------------|-----------------------------------------------------------------------------------------|
| `players`    | seats, 3 to 12 (9 with a 32-card pack); agents `player_0 .. player_{n-1}`               |
| `preset`     | a Loo preset: `peel`, `enquire-within` (:class:`~roundgames.loo.rules.LooRules`)             |
| `options`    | a dict of options by name (RULES.md §12.1), e.g. `{"club_law": True, "pack": 32}`        |
| `stakes`     | a dict of stakes in counters: `deal`, `loo`, `single`, `ante`                            |
| `kind`       | one-deal mode: `regular` (default) or `ew_single` (all must stand, no miss)             |
| `pool`       | one-deal mode: counters already in the pool before the dealer's stake (default 0)        |
| `dealer`     | the dealer's seat index; by default drawn from the seed (the first knave in a sitting)   |
| `sitting`    | `True`: an episode is a sitting of `deals` deals (default 10), the pool carried over     |
| `render_mode`| `"ansi"` (returns the text), `"human"` (prints it) or `None`                            |

**Actions** (:data:`~roundgames.envs.encoding.LOO_ACTIONS` = 56): ``0..51`` play that card (``cards``
ints: ``suit * 13 + rank``, spades hearts diamonds clubs, 2 low, ace high), ``52`` stand, ``53`` throw
up, ``54`` take the miss, ``55`` defend (the dealer plays the miss for the pool).

**Observation**: ``observation`` is the float32 vector of :func:`~roundgames.envs.encoding.loo_layout`,
``174 + 63 n`` values: own hand (52), turn-up (52), trump (4), cards played (52), the trick in progress by
relative seat (52 n), declarations (5 n), tricks won (4 n), dealer (n), seat to act (n), phase (4), kind
(3), the miss (2), pool in loos (1), tricks completed (4); seats are relative to the observer (0 is
himself, 1 his left-hand neighbour). ``action_mask`` (int8, 56) marks the legal actions of the agent to
act and is all zero for the others. A seat sees its own cards only once its turn to declare comes
(LOO-DECL-1).

**Rewards**: each seat's net in counters, at the step that ends the deal (a seat that is looed pays into
the next pool, so one deal's rewards sum to minus the growth of the pool).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..core.cards import SUIT_NAMES, card_str, format_cards
from ..loo.actions import Decl, Kind
from ..loo.deal import LooDeal
from ..loo.five import FiveCardLoo
from ._aec import RoundGameEnv, make_rules, wrapped

__all__ = ["env", "raw_env"]


def env(**config: Any) -> Any:
    """The environment with PettingZoo's standard wrappers (:func:`~._aec.wrapped`)."""
    return wrapped(raw_env(**config))


class raw_env(RoundGameEnv):
    """Three-card Loo: one deal per episode, or a sitting (``sitting=True``)."""

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
            render_mode=render_mode,
        )

    def _table_lines(self, deal: LooDeal) -> list[str]:
        opts = self._options_text(self.rules.options())
        out = [
            f"rules {self.rules.name} ({opts}) · {deal.kind.value} deal · pool {deal.pool_total} · "
            f"turn-up {card_str(deal.turnup)}, {SUIT_NAMES[deal.trump]} trumps · {deal.phase.name.lower()}"
        ]
        five = deal if isinstance(deal, FiveCardLoo) else None
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
                for i, a in self._legal.items()
            ]
            out.append("legal: " + ", ".join(words))
        return out
