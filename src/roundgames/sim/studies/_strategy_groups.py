"""What the ``strategy`` study (:mod:`.strategy`) reads and groups by, shared by the study, its report
(:mod:`._strategy_report`) and the maxims (:mod:`._strategy_maxims`): the shipped strategies, the table sizes
and the hand summaries (:func:`loo_groups`, :func:`nap_groups`)."""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from ..kernels import Setup
from ._common import POPCOUNT, suit_bits, top_rank
from ._nap_call_report import features

__all__ = [
    "LOO_ACTIONS",
    "LOO_CONTEXTS",
    "LOO_GROUPS",
    "LOO_PLAYERS",
    "NAP_CALLS",
    "NAP_GROUPS",
    "NAP_PLAYERS",
    "loo_groups",
    "loo_pools",
    "loo_setup",
    "loo_strategy",
    "nap_groups",
    "nap_open",
    "nap_strategy",
]


LOO_PLAYERS: Final = 5
NAP_PLAYERS: Final = 4
#: Loo's declarations by index (the kernel's code less one)
LOO_ACTIONS: Final = ("stand", "throw", "miss", "defend")
#: Loo's hand summaries: trumps held (0..3) by the highest trump's rank (0..12) by the highest plain card's class
LOO_GROUPS: Final = 4 * 13 * 5
#: Nap's hand summaries: the count (0..7) by the suits held (1..4) by three flags
NAP_GROUPS: Final = 8 * 4 * 2 * 2 * 2
#: Loo's contexts: seat, how many stood before, whether the miss is taken
LOO_CONTEXTS: Final = LOO_PLAYERS * LOO_PLAYERS * 2
#: Nap's calls by code (pass, 1, 2, misery, 3, 4, Nap, Wellington, Blücher)
NAP_CALLS: Final = 9


def loo_strategy() -> Any:
    """The shipped Three-card Loo strategy at five (a RulesError where none fits Peel's rules)."""
    from ..loo3 import strategy_of

    return strategy_of(loo_setup(0))


def nap_strategy() -> Any:
    """The shipped Nap strategy at four (a RulesError where none fits Peel's rules)."""
    from ..nap import strategy_of

    return strategy_of(Setup("nap", NAP_PLAYERS, ("strategy",) * NAP_PLAYERS))


def loo_setup(pool: int) -> Setup:
    return Setup("three_card", LOO_PLAYERS, ("strategy",) * LOO_PLAYERS, pool=pool)


def loo_pools() -> list[int]:
    """The pool (once staked, as a seat sees it) of each of the Loo strategy's pool buckets."""
    return [int(p["pool"]) for p in loo_strategy().pools]


def loo_groups(hands: NDArray[np.int64], turnups: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each hand's summary: ``(trumps * 13 + highest trump's rank) * 5 + highest plain card's class`` (0 ten or
    lower, 1 knave, 2 queen, 3 king, 4 ace; 0 without a plain card)."""
    trump = turnups // 13
    trumps = suit_bits(hands, trump)
    plain = np.full(len(hands), -1, dtype=np.int64)
    for s in range(4):
        plain = np.where(trump == s, plain, np.maximum(plain, top_rank(suit_bits(hands, s))))
    return (POPCOUNT[trumps] * 13 + np.maximum(top_rank(trumps), 0)) * 5 + np.clip(plain - 8, 0, 4)


def nap_groups(hands: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each hand's summary: ``(((count * 4 + suits - 1) * 2 + ace-king-queen) * 2 + Peel's exception) * 2 +
    perfect``, the count capped at 7."""
    f = features(hands)
    fields = np.stack([suit_bits(hands, s) for s in range(4)], axis=1)
    akq = ((fields >> 10) == 7).any(axis=1)  # ace, king and queen of one suit
    perfect = (fields == 0x1F00).any(axis=1)  # ace to ten of one suit, nothing else
    code = (np.minimum(f["count"], 7) * 4 + f["suits"] - 1) * 2 + akq
    out: NDArray[np.int64] = ((code * 2 + f["patterns"][:, 3]) * 2 + perfect).astype(np.int64)
    return out


def nap_open() -> NDArray[np.bool_]:
    """The calls open to each seat by the call to beat, ``(seat, high, call)`` (Peel's rules, four players)."""
    from ..strategy.nap import NapGame

    game = NapGame(NAP_PLAYERS)
    open_: NDArray[np.bool_] = game.legal[: game.contexts].reshape(game.playing, NAP_CALLS, NAP_CALLS)
    return open_
