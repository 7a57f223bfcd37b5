"""Test-session setup for the Spanish Main rule tests.

Workaround for a numba on-disk cache failure in ``games.core.batch`` (reported, not
fixed here: that module is outside these tests). The batch loops take the game's
kernels as first-class function arguments, so their cache key holds a weak
reference to a dispatcher; once a cache index written by another process exists,
loading it yields dead weak references and saving a new overload raises
``ReferenceError: underlying object has vanished`` on the first ``step`` (or
``init``/``mask``...) of a process. Such keys never match across processes anyway,
so the cache is useless for these loops; disabling it only for them costs a short
compile per session and makes the tests independent of the cache's state.
"""

from numba.core.caching import NullCache

from games.core import batch

for _loop in (batch.init_rows, batch.step_rows, batch.mask_rows, batch.observe_rows, batch.per_player_rows):
    _loop._cache = NullCache()
