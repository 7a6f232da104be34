"""The computer players: a player's spec refused.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

#: A computer player's spec refused (``ulti.players.PlayerSpecError``).
PLAYERS: dict[str, tuple[str, str]] = {
    "unknown": (
        "unknown player {name!r}; players: {players}",
        "hibás gépi játékos: ismeretlen név, {name!r}; választható: {players}",
    ),
    "budget-part": (
        "budget: {part!r} is not samples=N or ms=X",
        "hibás gépi játékos: a(z) {part!r} nem samples=N vagy ms=X alakú keret",
    ),
    "budget-samples": (
        "budget: samples is a whole number from 1 to {most}, not {got}",
        "hibás gépi játékos: a samples 1 és {most} közötti egész szám, nem {got}",
    ),
    "budget-ms": (
        "budget: ms is a number of milliseconds above 0 and at most {most} (an hour), not {got}",
        "hibás gépi játékos: az ms 0-nál nagyobb, legfeljebb {most} ezredmásodperc (egy óra), "
        "nem {got}",
    ),
}

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"players": PLAYERS}
