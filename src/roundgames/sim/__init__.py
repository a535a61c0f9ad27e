"""The batch simulator: many deals at once with compiled kernels, the studies of the period advice, and their
reports (the ``[sim]`` extra; ``[cluster]`` adds Dask for more than one core or machine).

Every deal of a run is played from its own seeded streams (:mod:`.streams`): one for the cards, one for the
players' random choices. So a deal's result depends only on the run's seed, its chunk and its number in the
chunk, never on which process or machine played it.
"""
