"""The terminal: the full-screen table, the ``--plain`` line mode, and ``roundgames replay``."""
