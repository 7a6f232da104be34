"""What the game looks like: the card faces as SVG (:mod:`~ulti.render.svg`: the Hungarian
Tell-pattern deck and the French one)."""
