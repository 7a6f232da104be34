"""Four at the table (docs/RULES.md, N1-N5): Ulti for four, the dealer sitting out.

Each deal the dealer deals to the other three and takes no part; the three who play are a
deal of three-handed Ulti (:mod:`ulti.games.ulti`) under every preset and option, and the
deal passes on, so the one who sat out plays the next.  This room is what the four-handed
game adds: the deal of four seats around a three-handed deal (:mod:`.deal`), a seat's
observation as the research faces' numbers and text (:mod:`.observation`), its records
(:mod:`.record`), the session of four (:mod:`.session`) and the game as the framework sees
it (:mod:`.game`).
"""

from ulti.games.ulti4.deal import INNER_DEALER, Deal4, Observation4
from ulti.games.ulti4.game import ULTI4
from ulti.games.ulti4.record import FORMAT, from_record, to_record
from ulti.games.ulti4.session import Session4

__all__ = [
    "FORMAT",
    "INNER_DEALER",
    "ULTI4",
    "Deal4",
    "Observation4",
    "Session4",
    "from_record",
    "to_record",
]
