"""A duplicate tournament between bots: every board (one deal) played once per rotation of the lineup through the
seats, so every bot holds every seat's cards and the luck of the deal cancels; per-bot and per-seat results with
95% confidence intervals over the boards. The same as ``roundgames tournament`` (src/roundgames/cli/tournament.py;
the library is :mod:`roundgames.bots.tournament`).

    .venv/bin/python benchmarks/tournament.py [--game loo|nap] [--preset P] [--option NAME=VALUE ...]
        [--players N] [--lineup A,B,C,... | --versus A,B] [--boards 100] [--seed 0] [--workers N] [--csv PATH]
        [--ismcts-ms 50 | --ismcts-sims N]

    .venv/bin/python benchmarks/tournament.py --game nap --lineup sensible,random,random,random --boards 200

Not a test: it asserts only that money is conserved in every deal.
"""

from __future__ import annotations

import sys

from roundgames.cli.tournament import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], ".venv/bin/python benchmarks/tournament.py"))
