"""Ulti's search: the double-dummy solver's face (:mod:`~ulti.search.ulti.solver`) and the
compiled full-game state for learning loops (:mod:`~ulti.search.ulti.fast`)."""
