"""Snapszli's search: the exact solver's face (:mod:`~ulti.search.snapszli.solver`)."""
