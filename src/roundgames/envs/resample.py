"""Redraw the cards a seat has not seen: the resampler of the search bots, :mod:`roundgames.bots.worlds`, which
the research adapters use too (OpenSpiel's ``resample_from_infostate``)."""

from __future__ import annotations

from ..bots.worlds import (
    MAX_ATTEMPTS,
    Place,
    ResampleError,
    deal_places,
    new_deal_like,
    place_cards,
    resample,
)

__all__ = ["MAX_ATTEMPTS", "Place", "ResampleError", "deal_places", "new_deal_like", "place_cards", "resample"]
