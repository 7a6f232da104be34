"""What the game looks like: the card faces as SVG (:mod:`~ulti.render.svg`: the Hungarian
Tell-pattern deck, its pictures in :mod:`~ulti.render.tell`, and the French one)."""
