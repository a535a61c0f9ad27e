"""Batched compiled environments: many tables of one form of Loo or Nap stepped by numba code
(:class:`BatchedGame`), with a Gymnasium vector environment over it (:mod:`.gym`) and a functional form for a
user's own compiled code (:mod:`.functional`). ``docs/research/vector.md`` walks through them."""

from __future__ import annotations

from .batch import FORMS, BatchedGame, form_of

__all__ = ["FORMS", "BatchedGame", "form_of"]
