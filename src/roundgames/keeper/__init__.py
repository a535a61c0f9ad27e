"""``roundgames keep``: the pool keeper for people playing with real cards."""
