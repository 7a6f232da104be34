"""``python -m ulti.cli``: the ``ulti`` command."""

from ulti.cli import main

main()
