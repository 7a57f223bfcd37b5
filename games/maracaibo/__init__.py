"""Maracaibo (rules: shared/rules/maracaibo.md); component data in ``data/``."""
