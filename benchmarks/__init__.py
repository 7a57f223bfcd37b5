"""Throughput measurements (never timed asserts in tests): ``python benchmarks/throughput.py``
or ``doubloon bench GAME``."""
