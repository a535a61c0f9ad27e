"""Nap as a PettingZoo AEC environment.

>>> from roundgames.envs import nap_v0
>>> env = nap_v0.env(players=4, preset="peel", options={"peep": True})
>>> env.reset(seed=42)
>>> obs, reward, termination, truncation, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].shape
((476,), (359,))

| Config       | Meaning                                                                                  |
|--------------|------------------------------------------------------------------------------------------|
| `players`    | seats, 2 to 6 (7 with the option `max_players: 7`); agents `player_0 .. player_{n-1}`    |
| `preset`     | a Nap preset: `peel`, `plain`, `modern` (:class:`~roundgames.nap.rules.NapRules`)             |
| `options`    | a dict of options by name (RULES.md §12.1), e.g. `{"purchase": True, "all_pass": ...}`    |
| `stakes`     | a dict of stakes: `unit`                                                                  |
| `pool`       | one-deal mode: units already in the kitty (default 0)                                     |
| `dealer`     | the dealer's seat index; by default drawn from the seed (the first knave in a sitting)    |
| `sitting`    | `True`: an episode is a sitting of `deals` deals (default 10); kitty, Double Header carried |
| `table_mode` | `True`: the laws apply (RULES.md §8): irregular actions offered too, their penalty paid    |
| `render_mode`| `"ansi"` (returns the text), `"human"` (prints it) or `None`                             |

**Actions** (:data:`~roundgames.envs.encoding.NAP_ACTIONS` = 359): ``0..51`` play that card; ``52`` pass;
``53..60`` call 1, 2, misery, 3, 4, Nap, Wellington, Blücher; ``61`` peep; ``62`` raise (a challenged Nap
caller takes the challenge); ``63..94`` buy, discarding the cards at the set bits of ``id - 63`` of the
hand sorted by card int (``63`` declines); ``95..346`` take the spare hand keeping the ``id - 95``-th
five of the ten cards; ``347..352`` take the widow discarding the card at position ``id - 347`` of the
hand sorted by card int (``352``: the widow itself); ``353..358`` the same for the top card of the stock.

**Observation**: ``observation`` is the float32 vector of :func:`~roundgames.envs.encoding.nap_layout`,
``188 + 72 n`` values: own hand (52), the widow if peeped (52), trump (5), cards played (52), the trick in
progress by relative seat (52 n), calls (10 n), the senior hand (n), the contract (8), tricks he has won
and lost (6 + 6), dealer (n), seat to act (n), phase (5), kitty in units (1), stake multiplier (1), cards
bought (6 n), peeped (n); seats are relative to the observer. ``action_mask`` (int8, 359) marks the legal
actions of the agent to act and is all zero for the others.

**Rewards**: each seat's net in units at the step that ends the deal (what went into the kitty is
nobody's yet, so one deal's rewards sum to minus the growth of the kitty).

**Table mode** (``table_mode=True``): the seat to act is also offered, with the same ids, the irregular actions
the laws cover in its turn (a revoke, NAP-LAW-6; a card before the calling is over, NAP-LAW-7; Wellington or
Blücher without a Nap, NAP-LAW-10), at most one a seat a deal, each applied with its law under ``revoke_rule``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..core.cards import SUIT_NAMES, card_str, format_cards
from ..nap.variants import NapDeal
from ._aec import RoundGameEnv, make_rules, wrapped

__all__ = ["env", "raw_env"]

_SHOWN_LEGAL = 24  # render lists this many legal actions at most (the spare hand alone has 252)


def env(**config: Any) -> Any:
    """The environment with PettingZoo's standard wrappers (:func:`~._aec.wrapped`)."""
    return wrapped(raw_env(**config))


class raw_env(RoundGameEnv):
    """Nap: one deal per episode, or a sitting (``sitting=True``)."""

    metadata: ClassVar[dict[str, Any]] = {**RoundGameEnv.metadata, "name": "nap_v0"}
    GAME = "nap"

    def __init__(
        self,
        players: int = 4,
        preset: str = "peel",
        options: Mapping[str, object] | None = None,
        stakes: Mapping[str, int] | None = None,
        *,
        pool: int = 0,
        dealer: int | None = None,
        sitting: bool = False,
        deals: int = 10,
        table_mode: bool = False,
        render_mode: str | None = None,
    ) -> None:
        rules = make_rules(self.GAME, preset, options, stakes)
        super().__init__(
            players,
            rules=rules,
            sitting=sitting,
            deals=deals,
            dealer=dealer,
            pool=pool,
            table_mode=table_mode,
            render_mode=render_mode,
        )

    def _table_lines(self, deal: NapDeal) -> list[str]:
        opts = self._options_text(self.rules.options())
        trump = "no trumps yet" if deal.trump is None else f"{SUIT_NAMES[deal.trump]} trumps"
        out = [
            f"rules {self.rules.name} ({opts}) · kitty {deal.kitty} · x{deal.multiplier} · {trump} · {deal.phase.name.lower()}"
        ]
        if deal.declarer is not None:
            out.append(
                f"{self.possible_agents[deal.declarer]} plays {deal.contract}: won {deal.won}, lost {deal.lost}"
                + ("" if deal.made is None else (" · made" if deal.made else " · failed"))
            )
        said = dict(deal.calls)
        for s in range(deal.n):
            if s not in deal.order:
                state = "deals, sits out"
            else:
                state = said.get(s, "-")
                if s in deal.bought:
                    state += f", bought {len(deal.bought[s])}"
                if s in deal.peeped:
                    state += ", peeped"
            mark = "*" if s == deal.to_act else " "
            out.append(f"{mark} {self.possible_agents[s]:<10} {state}")
        seats, cards = deal.trick_seats, deal.trick_cards
        if cards:
            out.append(
                "trick: "
                + ", ".join(f"{self.possible_agents[s]} {card_str(c)}" for s, c in zip(seats, cards, strict=True))
            )
        if deal.to_act is not None:
            me = deal.to_act
            out.append(f"{self.possible_agents[me]} holds {format_cards(deal.view(me).hand)}")
            legal = [deal.action_str(a).split(" ", 1)[1] for _i, a in self.legal_items()]  # table mode's too
            more = f" … and {len(legal) - _SHOWN_LEGAL} more" if len(legal) > _SHOWN_LEGAL else ""
            out.append("legal: " + ", ".join(legal[:_SHOWN_LEGAL]) + more)
        return out
