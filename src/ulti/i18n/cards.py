"""The names of the game's things: suits, ranks, corner letters and seasons of the cards,
the components of a contract, the silent bonuses, the kontra levels, an action in words
and the words a bid's name is built from.  Their keys have no section (``suit.0``,
``kontra.on``, ``won``); the engine reads them when it is imported (its parsers and
canonical action texts are built from them).

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

#: The card names: suits, ranks (long and short), in the engine's order (ulti.core.cards).
NAMES: dict[str, tuple[str, str]] = {
    "suit.0": ("Hearts", "piros"),
    "suit.1": ("Acorns", "makk"),
    "suit.2": ("Leaves", "zöld"),
    "suit.3": ("Bells", "tök"),
    "rank.0": ("VII", "hetes"),
    "rank.1": ("VIII", "nyolcas"),
    "rank.2": ("IX", "kilences"),
    "rank.3": ("X", "tízes"),
    "rank.4": ("Under", "alsó"),
    "rank.5": ("Over", "felső"),
    "rank.6": ("King", "király"),
    "rank.7": ("Ace", "ász"),
    # a rank in a card's corner (Tell-pattern letters in Hungarian: Alsó, Felső, Király, Ász)
    "index.0": ("VII", "VII"),
    "index.1": ("VIII", "VIII"),
    "index.2": ("IX", "IX"),
    "index.3": ("X", "X"),
    "index.4": ("U", "A"),
    "index.5": ("O", "F"),
    "index.6": ("K", "K"),
    "index.7": ("A", "Á"),
    # the season on each suit's Ász (Tell pattern) and the back of a card
    "season.0": ("SPRING", "TAVASZ"),
    "season.1": ("WINTER", "TÉL"),
    "season.2": ("AUTUMN", "ŐSZ"),
    "season.3": ("SUMMER", "NYÁR"),
    "card.back": ("card back", "a kártya hátoldala"),
    # the components of a contract (ulti.games.ulti.bids.Kind), as items of a settlement or a kontra
    "kind.0": ("Simple", "parti"),
    "kind.1": ("40-100", "negyvenszáz"),
    "kind.2": ("Four Aces", "négy ász"),
    "kind.3": ("Ulti", "ulti"),
    "kind.4": ("Betli", "betli"),
    "kind.5": ("Durchmars", "durchmars"),
    "kind.6": ("20-100", "húszszáz"),
    "kind.implicit": ("implicit {kind}", "{kind} (magától értődő)"),
    # the silent bonuses (ulti.games.ulti.bids.Silent)
    "silent.0": ("Silent 100", "csendes száz"),
    "silent.1": ("Silent Four Aces", "csendes négy ász"),
    "silent.2": ("Silent Ulti", "csendes ulti"),
    "silent.3": ("Silent Durchmars", "csendes durchmars"),
    # the kontra levels (K2), then any higher level
    "kontra.1": ("Kontra", "kontra"),
    "kontra.2": ("Rekontra", "rekontra"),
    "kontra.3": ("Subkontra", "szubkontra"),
    "kontra.4": ("Mordkontra", "mordkontra"),
    "kontra.5": ("Hirschkontra", "hirskontra"),
    "kontra.6": ("Fedák Sári", "fedák sári"),
    "kontra.7": ("Wheeled Bicycle", "bicikli"),
    "kontra.n": ("Kontra ×{times}", "kontra ×{times}"),
    "kontra.on": ("{kontra} on {kind}", "{kind}: {kontra}"),
    "marriage.on": ("Declare {points} {suit}", "Bemondom: {points} {suit}"),
    "trump.on": ("Trump: {suit}", "Adu: {suit}"),
    # an action in words (the terminal's and the browser's buttons and logs)
    "act.pass": ("Pass", "Passz"),
    "act.pickup": ("Pick up the talon", "Felveszem a talont"),
    "act.claim": ("Claim", "Bemondom a végét"),
    "act.discard": ("lays two cards", "letesz két lapot"),
    "act.discard-cards": ("lays {cards}", "leteszi: {cards}"),
    "act.bid": ("Bid: {bid}", "Licit: {bid}"),
    # the words a bid's Hungarian name is built from (ulti.games.ulti.bids)
    "bidword.hearts": ("of Hearts", "piros"),
    "bidword.open": ("Open", "terített"),
    "bidword.plain": ("Plain", "színtelen"),
    "bidword.trump": ("Trump", "színes"),
    "bidword.simple": ("Simple", "passz"),
    "bidword.rebetli": ("Betli of Hearts", "rebetli"),
    "bidword.redurchmars": ("Durchmars of Hearts", "redurchmars"),
    "won": ("won", "nyert"),
    "lost": ("lost", "bukott"),
}

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"": NAMES}
