"""Fixed integer actions, observation vectors and information-state strings for both games.

This is the one encoding the research adapters share (PettingZoo and OpenSpiel): they
have each game's ``observation_into`` write the observation straight into a NumPy array
(``observation`` gives the same values as a plain list) and add nothing of the rules. Everything a seat is
given is what the deal's ``view`` shows it and public facts, so two states that differ only
in cards a seat cannot see encode identically for that seat. Each game's encoding is its
own module (:mod:`.loo_encoding`, :mod:`.nap_encoding`, of one skeleton), chosen by
:func:`encoding_of` through :mod:`.games`; this module also keeps the names of both under
one roof (``loo_observation``, ``NAP_PEEP`` ...).

The action ids are the games' verb tables' (``roundgames.loo.actions.VERBS`` and
``roundgames.nap.actions.VERBS``, each verb's ``ids``), each read and made by its verb's codec (the games'
``CODECS``, :mod:`roundgames.games.codec`): nothing here lists them again.

Loo actions (56 in Three-card Loo): ``0..51`` play the card of that int (``cards`` module), ``52``
stand, ``53`` throw up, ``54`` take the miss, ``55`` defend (the dealer plays the miss for the pool).
Five-card and Irish Loo keep these ids and add (90 actions in Five-card Loo, 66 in Irish): ``56`` show
a flush (LOO5-6), ``57`` lead the ace of trumps saying "Pam be civil" (LOO5-4), ``58`` no flush (a seat
offered the chance to show a flush out of turn lets it go by), and an exchange (LOO5-2), ``59..89``
(``59..65`` with three cards), putting out the cards at the positions set in ``id - 58`` of the hand
sorted by card int. Before the first lead each seat that plays, other than the leader, is offered the
chance to show a flush in turn from the dealer's left, whether it holds one or not (its actions are then
``56`` if it holds one, and ``58``); the leader's flush is among his own actions; a flush shown in turn
after another, which nobody chooses, is applied by the environment (:mod:`._turns`).

Nap actions (359): ``0..51`` play; ``52`` pass; ``53..60`` call ``1 2 misery 3 4 nap
wellington blucher``; ``61`` peep; ``62`` raise; ``63..94`` buy, discarding the cards at the
positions set in ``id - 63`` of the hand sorted by card int (``63`` declines); ``95..346``
take the spare hand keeping the ``id - 95``-th five of the ten cards (hand and spare sorted by
card int, in :func:`itertools.combinations` order); ``347..352`` take the widow and discard the
card at position ``id - 347`` of the hand sorted by card int, ``352`` discarding the widow itself;
``353..358`` the same for the top card of the stock. Positions, not cards, so that the legal
actions never name the card being taken before its taker has seen it.

Observation vectors are documented field by field in :func:`loo_layout` and :func:`nap_layout`;
seats are relative to the observer (0 is the observer, 1 the seat on his left, ...). A Loo vector's
layout depends on the form (``loo_layout(n, rules)``), and is fixed for a given game.
"""

from __future__ import annotations

from typing import Any

from ..games.protocol import GameSpec
from ..loo.actions import LooAction
from ..loo.deal import LooDeal
from . import loo_encoding, nap_encoding
from .games import Encoding, env_game

__all__ = [
    "LOO_ACTIONS",
    "LOO_CIVIL",
    "LOO_EXCHANGE",
    "LOO_FLUSH",
    "LOO_NO_FLUSH",
    "NAP_ACTIONS",
    "NAP_BUY",
    "NAP_CALL",
    "NAP_PASS",
    "NAP_PEEP",
    "NAP_RAISE",
    "NAP_SPARE",
    "NAP_TOPCARD",
    "NAP_WIDOW",
    "encoding_of",
    "loo_action",
    "loo_action_count",
    "loo_action_id",
    "loo_info_state",
    "loo_info_vector",
    "loo_layout",
    "loo_observation",
    "nap_action",
    "nap_action_id",
    "nap_info_state",
    "nap_info_vector",
    "nap_layout",
    "nap_observation",
]


def encoding_of(game: str | GameSpec | Any) -> Encoding:
    """The encoding of a game, given by name, by spec, or as one of its deals."""
    if isinstance(game, (str, GameSpec)):
        return env_game(game).encoding
    return env_game(game.game).encoding


# -- Loo --------------------------------------------------------------------------------------

#: Three-card Loo's action space (:func:`loo_action_count` gives every form's)
LOO_ACTIONS = loo_encoding.NUM_ACTIONS
LOO_FLUSH, LOO_CIVIL, LOO_NO_FLUSH = loo_encoding.FLUSH, loo_encoding.CIVIL, loo_encoding.NO_FLUSH
#: the id before Five-card and Irish Loo's first exchange: ``LOO_EXCHANGE + positions``
LOO_EXCHANGE = loo_encoding.EXCHANGE
loo_action_count = loo_encoding.action_count
loo_action = loo_encoding.action
loo_layout = loo_encoding.layout
loo_observation = loo_encoding.observation
loo_info_vector = loo_encoding.info_vector
loo_info_state = loo_encoding.info_state


def loo_action_id(action: LooAction, deal: LooDeal | None = None) -> int:
    """The integer of a Loo action, taken in ``deal`` before it is applied (only an exchange needs the deal: its
    integer is read against the hand)."""
    return loo_encoding.action_id(deal, action)


# -- Nap --------------------------------------------------------------------------------------

NAP_ACTIONS = nap_encoding.NUM_ACTIONS
NAP_PASS, NAP_CALL, NAP_PEEP, NAP_RAISE = nap_encoding.PASS, nap_encoding.CALL, nap_encoding.PEEP, nap_encoding.RAISE
NAP_BUY, NAP_SPARE, NAP_WIDOW, NAP_TOPCARD = (
    nap_encoding.BUY,
    nap_encoding.SPARE,
    nap_encoding.WIDOW,
    nap_encoding.TOPCARD,
)
nap_action_id = nap_encoding.action_id
nap_action = nap_encoding.action
nap_layout = nap_encoding.layout
nap_observation = nap_encoding.observation
nap_info_vector = nap_encoding.info_vector
nap_info_state = nap_encoding.info_state
