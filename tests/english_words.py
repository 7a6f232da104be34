"""English words that must not show on a Hungarian screen (the browser's table, the terminal).

Capitalised entries match case-sensitively as whole words (``Pass`` is English, ``Passz`` is
not; ``Ace`` is, ``ász`` is not); lower-case entries of more than one letter match whole words
in any case (``trump``, ``Trump``).  The words Hungarian players use as they are — ulti, betli,
durchmars, kontra, talon, parti, passz — are left out on purpose, and so are short words that
are also Hungarian (``is``, ``a``, ``de``).
"""

from __future__ import annotations

import re

#: Words of the English screens that have Hungarian ones of their own.
ENGLISH_WORDS: tuple[str, ...] = (
    # the game's words
    "Pass",
    "Simple",
    "Contract",
    "Trick",
    "Last trick",
    "trump",
    "no trump",
    "Hearts",
    "Acorns",
    "Leaves",
    "Bells",
    "Under",
    "Over",
    "King",
    "Ace",
    "Aces",
    "Four Aces",
    "Silent",
    "Open",
    "Plain",
    "soloist",
    "defender",
    "defenders",
    "Deal",
    "dealer",
    "Settlement",
    "Total",
    "Scores",
    "Claim",
    "Declare",
    "Pick up",
    "pickup",
    "Lay these two",
    "Waiting",
    "Your turn",
    "won",
    "lost",
    "points",
    "cards",
    "Auction",
    "Bid",
    "Kontra Simple",
    "Rekontra",
    "Subkontra",
    "Hirschkontra",
    "Wheeled Bicycle",
    "penalty",
    "Rules",
    "Log",
    "Close",
    "OK",
    "Winner",
    "Finished deals",
    "replay",
    "Computer",
    "rule of thumb",
    "random",
    "Previous",
    "Next",
    "Step",
    "Reconnecting",
    "Connecting",
    "Not now",
    "must follow suit",
    "must",
    "the",
    "and",
    "with",
    "every",
    "after",
    "tricks",
    "standard",
    "casual",
    "off",
)


def _pattern(word: str) -> re.Pattern[str]:
    flags = 0 if any(ch.isupper() for ch in word) or len(word) < 2 else re.IGNORECASE
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", flags)


_PATTERNS = [(w, _pattern(w)) for w in ENGLISH_WORDS]


def english_words_in(text: str) -> list[str]:
    """The words of :data:`ENGLISH_WORDS` that ``text`` holds, each once, in the list's order."""
    return [w for w, p in _PATTERNS if p.search(text)]
