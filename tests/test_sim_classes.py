"""Hands up to suit symmetry (roundgames.sim.classes): Three-card Loo's 63,193 situations of three cards and a
turn-up and Nap's 134,459 five-card hands, their weights, and a canonical form that renaming the suits leaves
alone."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from roundgames.core.cards import mask_of, parse_card, parse_cards
from roundgames.sim.classes import (
    PERMUTATIONS,
    canonical_loo,
    canonical_nap,
    combinations,
    loo_situations,
    nap_hands,
    permute,
)

pytest.importorskip("numba")


def test_there_are_63193_loo_situations_weighing_every_raw_deal_once() -> None:
    loo = loo_situations()
    assert len(loo) == 63_193
    assert int(loo.weights.sum()) == math.comb(52, 3) * 49
    assert (loo.weights > 0).all()
    # a class is at most the 24 renamings of one situation
    assert loo.weights.max() == 24


def test_there_are_134459_nap_hands_weighing_every_raw_hand_once() -> None:
    nap = nap_hands()
    assert len(nap) == 134_459
    assert int(nap.weights.sum()) == math.comb(52, 5)
    assert loo_situations().turnups is not None and nap.turnups is None


def test_a_class_weight_is_the_number_of_distinct_renamings_of_its_representative() -> None:
    loo = loo_situations()
    rng = random.Random(5)
    for i in rng.sample(range(len(loo)), 200):
        h, t = int(loo.hands[i]), int(loo.turnups[i])  # type: ignore[index]
        images = set()
        for perm in PERMUTATIONS:
            ph = int(permute(np.array([h], dtype=np.int64), perm)[0])
            images |= {(ph, perm[t // 13] * 13 + t % 13)}
        assert len(images) == loo.weights[i]


def test_the_canonical_form_is_the_same_under_every_renaming_of_the_suits() -> None:
    rng = random.Random(11)
    for _ in range(100):
        cards = rng.sample(range(52), 6)
        hand5, hand3, turnup = mask_of(cards[:5]), mask_of(cards[:3]), cards[5]
        nap_forms, loo_forms = set(), set()
        for perm in PERMUTATIONS:
            h5 = permute(np.array([hand5], dtype=np.int64), perm)
            h3 = permute(np.array([hand3], dtype=np.int64), perm)
            nap_forms.add(int(canonical_nap(h5)[0]))
            ch, ct = canonical_loo(h3, [perm[turnup // 13] * 13 + turnup % 13])
            loo_forms.add((int(ch[0]), int(ct[0])))
        assert len(nap_forms) == 1 and len(loo_forms) == 1


def test_every_representative_is_canonical_and_a_loo_representative_has_spades_for_trumps() -> None:
    loo, nap = loo_situations(), nap_hands()
    assert loo.turnups is not None
    h, t = canonical_loo(loo.hands, loo.turnups)
    assert (h == loo.hands).all() and (t == loo.turnups).all()
    assert (loo.turnups // 13 == 0).all()
    assert (canonical_nap(nap.hands) == nap.hands).all()
    # three cards, none of them the turn-up; five cards
    assert all(bin(int(x)).count("1") == 3 for x in loo.hands[:1000])
    assert not any((int(x) >> int(c)) & 1 for x, c in zip(loo.hands, loo.turnups, strict=True))
    assert all(bin(int(x)).count("1") == 5 for x in nap.hands[:1000])


def test_a_hand_finds_its_class_and_its_name() -> None:
    loo, nap = loo_situations(), nap_hands()
    # the same situation with hearts for trumps: its class has spades for trumps
    i = int(loo.index_of([mask_of(parse_cards("AH KH 4S"))], [parse_card("8H")])[0])
    assert loo.name(i) == "AS KS 4H / 8S"
    j = int(nap.index_of([mask_of(parse_cards("AC KC QC JC TC"))])[0])
    assert nap.name(j) == "AS KS QS JS TS"
    assert nap.weights[j] == 4


def test_combinations_lists_every_subset_in_order() -> None:
    for n, k in ((7, 1), (7, 3), (9, 5), (6, 6)):
        assert combinations(n, k).tolist() == [list(c) for c in itertools.combinations(range(n), k)]
