"""doubloon training layer: bots, the batched arena, MaskablePPO training and the CLI.

Dependencies point one way: ``training -> envs -> games``.
"""
