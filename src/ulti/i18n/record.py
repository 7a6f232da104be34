"""The account of a finished Ulti deal and a broken record's errors.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

#: The account of an Ulti deal (ulti.games.ulti.record.render: ``ulti replay``, ``ulti demo``), and
#: a broken record's errors (``bad-…``: ulti.games.ulti.record.RecordError).
RECORD: dict[str, tuple[str, str]] = {
    "head": (
        "Ulti deal, seed {seed}: {dealer} deals, {forehand} is forehand",
        "Ulti leosztás, {seed}. mag: {dealer} oszt, {forehand} az előkéz",
    ),
    "seat": ("Seat {n}", "{n}. hely"),
    "rules": ("Rules: {preset}", "Szabályok: {preset}"),
    "hands": ("Hands as dealt:", "A kiosztott lapok:"),
    "forehand": ("forehand", "előkéz"),
    "dealer": ("dealer", "osztó"),
    "aside-dealt": ("Aside (V4): {cards}", "Félretéve (V4): {cards}"),
    "lays": ("{who} lays {cards}", "{who} leteszi: {cards}"),
    "bids": (
        "{who} bids {bid} (rank {rank}, value {value})",
        "{who} licitál: {bid} ({rank}. rang, értéke {value})",
    ),
    "declines": ("{who} declines to raise", "{who} nem emel"),
    "passes": ("{who} passes", "{who} passzol"),
    "picks-up": ("{who} picks up the talon", "{who} felveszi a talont"),
    "announces": ("{who} announces trump: {suit}", "{who} adut mond: {suit}"),
    "marriage": (
        "{who} declares the {value} marriage in {suit}",
        "{who} bemond: {value} ({suit})",
    ),
    "claims": ("{who} claims (R7)", "{who} terítéket kér (R7)"),
    "auction": ("Auction:", "Licit:"),
    "contract": (
        "Contract: {soloist} plays {bid}, {trump}",
        "Bemondás: {soloist} játssza: {bid}, {trump}",
    ),
    "trump": ("{suit}", "adu: {suit}"),
    "doubled": (
        "the first-round bid stands: values ×{m} (V1)",
        "az első kör licitje marad: minden érték ×{m} (V1)",
    ),
    "aside": ("aside", "félretéve"),
    "talon": ("talon", "a talon"),
    "talon-points": (
        " ({points} points to the defenders, P3)",
        " ({points} pont az ellenvonóké, P3)",
    ),
    "during": ("Kontras, marriages and claims:", "Kontrák, bemondások és terítések:"),
    "tricks": ("Tricks:", "Ütések:"),
    "end": ("End: {reason}", "Vége: {reason}"),
    "settlement": ("Settlement:", "Elszámolás:"),
    "in-progress": (
        "(in progress: {phase}, {who} to act)",
        "(folyamatban: {phase}, {who} következik)",
    ),
    # a deal's phase while it runs (ulti.games.ulti.state.Phase), as the account names it
    "phase.round1": ("round1", "első licitkör"),
    "phase.discard": ("discard", "letétel"),
    "phase.bid": ("bid", "licit"),
    "phase.auction": ("auction", "licitálás"),
    "phase.trump": ("trump", "adumondás"),
    "phase.play": ("play", "lejátszás"),
    "phase.kontra": ("kontra", "kontrázás"),
    "phase.over": ("over", "vége"),
    # a record refused (RecordError: ulti.games.ulti.record.from_record,
    # ulti.games.ulti.session.Session.from_record)
    "bad-object": ("a record is a JSON object", "a játékleírás egy JSON-objektum"),
    "bad-format": (
        "not an Ulti deal record (format {format!r})",
        "nem egy Ulti-leosztás játékleírása (formátum: {format!r})",
    ),
    "bad-version": (
        "unsupported record version {version!r} (this reads versions {versions})",
        "nem támogatott játékleírás-változat: {version!r} (olvasható változatok: {versions})",
    ),
    "bad-rules": ("rules: {why}", "a szabályok (rules): {why}"),
    "bad-seed": (
        "seed: an integer in [0, 2**64) (D2)",
        "a mag (seed) egész szám a [0, 2**64) tartományban (D2)",
    ),
    "bad-dealer": ("dealer: 0, 1 or 2 (C3)", "az osztó: 0, 1 vagy 2 (C3)"),
    "bad-actions": (
        "actions: a list of [seat, action]",
        "a lépések (actions): [hely, lépés] párok listája",
    ),
    "bad-deck-text": (
        "deck: the 32 card codes, space separated",
        "a pakli (deck): a 32 lap kódja szóközzel elválasztva",
    ),
    "bad-deck": ("deck: {why}", "a pakli (deck): {why}"),
    "bad-entry": (
        "action {n}: expected [seat, action], got {entry!r}",
        "{n}. lépés: [hely, lépés] kellene, ez áll ott: {entry!r}",
    ),
    "bad-action-text": (
        "action {n}: the action must be text",
        "{n}. lépés: a lépésnek szövegnek kell lennie",
    ),
    "bad-over": (
        "action {n} ({action!r}): the deal is already over",
        "{n}. lépés ({action!r}): a leosztásnak már vége",
    ),
    "bad-turn": (
        "action {n} ({action!r}): recorded for seat {seat}, but seat {current} is to act",
        "{n}. lépés ({action!r}): a(z) {seat}. hely lépéseként van leírva, de a(z) "
        "{current}. hely következik",
    ),
    "bad-parse": ("action {n}: {why}", "{n}. lépés: {why}"),
    "bad-illegal": ("action {n} ({action!r}): {why}", "{n}. lépés ({action!r}): {why}"),
    "bad-result": ("result: an object", "az eredmény (result) egy objektum"),
    "bad-unfinished": (
        "result: recorded, but the actions do not finish the deal",
        "az eredmény (result) le van írva, de a lépések nem fejezik be a leosztást",
    ),
    "bad-totals": (
        "result: recorded totals {recorded} but the replay settles {replayed}",
        "eredmény (result): a leírt végösszeg {recorded}, de a visszajátszás elszámolása "
        "{replayed}",
    ),
    "bad-end": (
        "result: recorded end {recorded!r} but the replay ends {replayed!r}",
        "eredmény (result): a leírt befejezés {recorded!r}, de a visszajátszásé {replayed!r}",
    ),
    "bad-outcome": (
        "result: recorded outcome {recorded!r} but the replay ends {termination!r} after "
        "trick {tricks}",
        "eredmény (result): a leírt kimenet {recorded!r}, de a visszajátszás a(z) {tricks}. "
        "ütés után így ér véget: {termination!r}",
    ),
    "bad-json": ("not valid JSON: {why}", "nem érvényes JSON: {why}"),
    "bad-read": ("cannot read {path}: {why}", "nem olvasható: {path}: {why}"),
    "bad-session": ("not an Ulti session record", "nem egy Ulti-játszma játékleírása"),
    "bad-session-version": (
        "unsupported session record version {version!r}",
        "nem támogatott játszmaleírás-változat: {version!r}",
    ),
    "bad-first-dealer": (
        "first_dealer: 0, 1 or 2 (C3)",
        "az első osztó (first_dealer): 0, 1 vagy 2 (C3)",
    ),
    "bad-deals": (
        "deals: a non-empty list of deal records",
        "a leosztások (deals): leosztások játékleírásainak nem üres listája",
    ),
    "bad-in-deal": ("deal {n}: {why}", "{n}. leosztás: {why}"),
    "bad-not-following": (
        "deal {n}: seed, dealer or rules do not follow the session (S3)",
        "{n}. leosztás: a mag, az osztó vagy a szabályok nem a játszmából következnek (S3)",
    ),
    "bad-unfinished-deal": (
        "deal {n}: only the last deal may be unfinished",
        "{n}. leosztás: csak az utolsó leosztás lehet befejezetlen",
    ),
    "bad-too-many": (
        "more deals than the session plays (S3)",
        "több leosztás, mint ahányat a játszma játszik (S3)",
    ),
    "bad-other-rules": (
        "the record's rules are not this game's",
        "a játékleírás szabályai nem ennek a játéknak a szabályai",
    ),
}

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"record": RECORD}
