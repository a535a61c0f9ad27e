"""One-trick: a small third game that lives only in the tests (its rules: tests/onetrick/RULES.md).

Each seat gets one card, one trick is played, and its winner takes the pot. The package holds what any game holds
(its rules, its deal and sitting, its verbs, a sensible player, an encoding for the research environments) and its
plug-in (:data:`onetrick.game.PLUGIN`), which the registry takes from one line: ``ROUNDGAMES_GAMES=onetrick.game:PLUGIN``
or an entry point of the group ``roundgames.games``. Nothing of the package names it.
"""
