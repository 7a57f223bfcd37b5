"""Learned cut values for the ``search`` bot (issue 41): self-play data (``dataset``),
the network and its file (``model``), training (``train``)."""
