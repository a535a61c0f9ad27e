"""A table in play: seats driven by people or bots, and the words every surface shares for it."""
