"""Training a player on the batched environment (``pip install 'roundgames[train]'``: JAX, Flax and Optax, CPU).

Proximal policy optimisation with invalid-action masking, after CleanRL's ``ppo.py`` (its loop, defaults and
masking) and PureJaxRL (its Flax and Optax idiom): :mod:`.network` the masked policy and the value network,
:mod:`.rollout` the play of :class:`~roundgames.envs.vector.BatchedGame`'s tables with each learner seat's
trajectory and its rewards, :mod:`.ppo` the advantages and the clipped update, :mod:`.loop` the training run
and its policy file. ``roundgames train`` runs it; the file plays as ``learned:PATH``
(:mod:`roundgames.envs.learned`), with NumPy alone. ``docs/research/training.md`` has the worked example.

Nothing is imported here, so that ``roundgames`` without the extra never loads JAX.
"""
