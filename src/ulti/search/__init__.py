"""Search over games with every card known: the compiled cores (``_core`` for Ulti, with its
compiled full-game state; ``_snap`` for Snapszli; Cython) and their Python faces, one room per
game (:mod:`ulti.search.ulti`, :mod:`ulti.search.snapszli`).  Imports games, never players."""
