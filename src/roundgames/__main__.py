"""``python -m roundgames`` runs the command line."""

from .cli import main

raise SystemExit(main())
