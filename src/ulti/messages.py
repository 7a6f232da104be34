"""The one catalogue of every word a player sees, in English and Hungarian.

Each entry is ``(English, Hungarian)``; a key is ``section.name`` (``ui.pass``, ``reason.follow``,
``suit.0``).  Texts may hold ``{fields}``; both languages hold the same ones (tested).  The
terminal, the browser (served as JSON), the command line, the settlement lines, the reasons a
card may not be played, the end of a deal, the names of cards, contracts, kontras and rule
options, and the server's errors all read their words here, through :func:`text`.

Hungarian uses the words players use: parti for the Simple, passz, kontra, rekontra,
szubkontra, mordkontra, hirskontra, fedák sári, terített, negyvenszáz, húszszáz, the suits
piros, makk, zöld, tök and the ranks alsó, felső, király, ász.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

#: The languages every text exists in.
LANGS = ("en", "hu")

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

#: The rule options (ulti.games.ulti.rules.OPTIONS): a name and what it does.
OPTION: dict[str, tuple[str, str]] = {
    "two_round_auction": ("two-round auction", "kétkörös licit"),
    "two_round_auction.doc": (
        "Two-round auction: a first round on 5 cards at double value; the round's winner takes "
        "the talon and confirms (value stays double) or raises (single value, same trump "
        "kind).",
        "Kétkörös licit: az első kör 5 lapra megy, dupla értékben; a kör nyertese felveszi a "
        "talont, és megerősít (az érték dupla marad) vagy emel (szimpla érték, ugyanolyan "
        "adujú játék).",
    ),
    "hearts_always_trump": ("Hearts always trump", "mindig piros az adu"),
    "hearts_always_trump.doc": (
        "Hearts are always trump: the 'of Hearts' trump bids leave the ladder and every trump "
        "bid plays in Hearts at single value.",
        "Mindig piros az adu: a piros licitek kikerülnek a sorból, és minden adus játék "
        "pirosban megy, szimpla értékben.",
    ),
    "talon": ("with the talon", "talonnal"),
    "talon.doc": (
        "Play with the 2-card talon (false: no talon; the 2 spare cards lie aside and count "
        "for the defenders).",
        "Kétlapos talonnal játszunk (kikapcsolva: nincs talon; a 2 maradék lap félre kerül, és "
        "az ellenvonóké).",
    ),
    "combined_bids_only": ("combined bids only", "csak összetett bemondás"),
    "combined_bids_only.doc": (
        "Only bids of at least two parts may be made (an implicit Simple counts as a part).",
        "Csak legalább kétrészes licit mondható (a magától értődő parti is résznek számít).",
    ),
    "equal_value_overcalls": (
        "equal value with fewer parts overcalls",
        "azonos érték kevesebb résszel üt",
    ),
    "equal_value_overcalls.doc": (
        "A bid of equal value but fewer components overcalls (false: the tournament ladder, "
        "where equal value never overcalls).",
        "Az azonos értékű, de kevesebb részből álló licit felülüt (kikapcsolva: a verseny "
        "licitsora, ahol azonos érték sosem üt felül).",
    ),
    "four_aces": ("Four Aces", "négy ász"),
    "four_aces.doc": (
        "Four Aces bids and the Silent Four Aces exist (false: off).",
        "Van négy ász licit és csendes négy ász (kikapcsolva: nincs).",
    ),
    "simple_forfeit": ("a final Simple is not played (paid)", "a passz parti nem játszik (fizet)"),
    "simple_forfeit.doc": (
        "A final single-value Simple is not played: the soloist pays the Simple doubled "
        "(false: played out).",
        "A végső szimpla passz partit nem játsszák le: a felvevő duplán fizeti (kikapcsolva: "
        "lejátsszák).",
    ),
    "open_pays_double": ("open forms pay double", "a terített dupla"),
    "open_pays_double.doc": (
        "Open forms pay double the closed form (Open Betli 10, Plain Open Durchmars 12) and "
        "Open Ulti (8+1, of Hearts 16+2) can be bid.",
        "A terített játék a zártnak a duplája (terített betli 10, színtelen terített "
        "durchmars 12), és mondható terített ulti (8+1, pirosban 16+2).",
    ),
    "soloist_alone_exposes": ("only the soloist exposes", "csak a felvevő terít"),
    "soloist_alone_exposes.doc": (
        "In open contracts only the soloist lays the hand face up (false: every hand).",
        "Terített játékban csak a felvevő teríti ki a lapjait (kikapcsolva: mindenki).",
    ),
    "max_kontra": ("highest kontra (0 = no limit)", "legmagasabb kontra (0 = nincs határ)"),
    "max_kontra.doc": (
        "Highest kontra level (0 = no limit; 2 = capped at Rekontra).",
        "A legmagasabb kontra (0 = nincs határ; 2 = legfeljebb rekontra).",
    ),
    "talon_ace_loses_four_aces": (
        "an Ace in the talon loses Four Aces",
        "talonba tett ász: elveszett négy ász",
    ),
    "talon_ace_loses_four_aces.doc": (
        "An Ace in the soloist's talon is lost to the defenders for Four Aces and Silent Four "
        "Aces (false: the talon's Aces are ignored).",
        "A felvevő talonjába tett ász az ellenvonóké a négy ász és a csendes négy ász "
        "szempontjából (kikapcsolva: a talon ászai nem számítanak).",
    ),
    "silent_durchmars_in_simple": (
        "Silent Durchmars in a Simple is worth",
        "csendes durchmars értéke partiban",
    ),
    "silent_durchmars_in_simple.doc": (
        "Value of the Silent Durchmars in a Simple (the seed's '(simple 4)' note; 3 by the "
        "table, 4 by that reading; doubled in Hearts).",
        "A csendes durchmars értéke partiban (a forrás „(simple 4)” megjegyzése; a táblázat "
        "szerint 3, e szerint 4; pirosban dupla).",
    ),
    "bid_ladder": ("ladder", "licitsor"),
    "bid_ladder.standard": ("standard (B5)", "alap (B5)"),
    "bid_ladder.howto": ("how-to-play (W3)", "játékleírás (W3)"),
    "bid_ladder.doc": (
        "The ladder: 'standard' (B5: 42 ranks by value) or 'howto' (W3: the single contracts "
        "in the how-to-play order, combinations above them by total value).",
        "A licitsor: 'standard' (B5: 42 fok érték szerint) vagy 'howto' (W3: az egyszerű "
        "játékok a játékleírás sorrendjében, fölöttük az összetettek összértékük szerint).",
    ),
    "talon_aside": ("talon aside, bid or pass", "félretett talon, licit vagy passz"),
    "talon_aside.doc": (
        "Ten cards each and the talon aside; at their turn a player passes or names a "
        "higher contract, picking up the talon first if they like; two passes after a "
        "contract end the auction; nobody names one: the deal is thrown in.",
        "Mindenki tíz lapot kap, a talon félre kerül; soron következő játékos passzol vagy "
        "magasabb játékot mond, előtte felveheti a talont; egy bemondás után két passz "
        "lezárja a licitet; ha senki sem mond semmit, a leosztás elmarad.",
    ),
    "trump_with_bid": ("trump named with the bid", "az adu a licittel együtt"),
    "trump_with_bid.doc": (
        "The trump is named with the bid (the bidder names it at once), not after the auction.",
        "Az adut a licittel együtt kell megnevezni (a licitáló azonnal megmondja), nem a "
        "licit végén.",
    ),
    "forehand_leads": ("forehand leads", "az előkéz hív"),
    "forehand_leads.doc": (
        "Forehand leads to the first trick (false: the soloist, R1).",
        "Az első ütésbe az előkéz hív (kikapcsolva: a felvevő, R1).",
    ),
    "marriages_with_card": ("marriages with a card, any trick", "bemondás lappal, bármikor"),
    "marriages_with_card.doc": (
        "A marriage is declared with a card of the pair in any trick, by anyone (false: with "
        "the first trick's card, R5).",
        "A bemondást a pár egyik lapjával lehet megtenni, bármelyik ütésben, bárkinek "
        "(kikapcsolva: az első ütés lapjával, R5).",
    ),
    "kontra_until_second_trick": (
        "kontra until the second trick",
        "kontra a második ütésig",
    ),
    "kontra_until_second_trick.doc": (
        "A defender may say Kontra until the second trick is led, also after the first trick "
        "(false: only with their first-trick card, K1).",
        "Az ellenvonó a második ütés hívásáig mondhat kontrát, az első ütés után is "
        "(kikapcsolva: csak az első ütésbe tett lapjával, K1).",
    ),
    "silent_losses": ("failed silent bonuses cost", "a bukott csendes is fizet"),
    "silent_losses.doc": (
        "A silent bonus that fails costs the soloist double (false: only made ones count).",
        "A bukott csendes bónuszért a felvevő duplán fizet (kikapcsolva: csak a teljesített "
        "számít).",
    ),
    "session_deals": ("deals in a session", "leosztások egy partiban"),
    "session_deals.doc": (
        "Deals in a session (each player deals a third of them).",
        "Leosztások száma egy partiban (mindenki a harmadukat osztja).",
    ),
    "tiebreak_deals": ("tie-break deals", "döntő leosztások"),
    "tiebreak_deals.doc": (
        "Deals of one tie-break round (a tie for first after it stands).",
        "Egy döntő kör leosztásai (ha utána is holtverseny van az élen, az marad).",
    ),
    "unit_forints": ("forints per unit", "forint egységenként"),
    "unit_forints.doc": (
        "Forints per unit, for showing scores as money.",
        "Egy egység hány forint (az eredmény pénzben mutatva).",
    ),
}

#: The named presets (ulti.games.ulti.rules.PRESETS): a name and what it changes.
PRESET: dict[str, tuple[str, str]] = {
    "standard": ("standard", "alap"),
    "standard.doc": (
        "RULES.md standard rules (the encyclopedia reading).",
        "A RULES.md alapszabályai (a lexikon olvasata).",
    ),
    "two-round": ("two-round auction", "kétkörös licit"),
    "two-round.doc": (
        "V1: the encyclopedia's two-round auction.",
        "V1: a lexikon kétkörös licitje.",
    ),
    "tournament": ("tournament", "verseny"),
    "tournament.doc": (
        "V5 + V6: combined bids only, equal value never overcalls.",
        "V5 + V6: csak összetett licit, azonos érték sosem üt felül.",
    ),
    "hearts-trump": ("Hearts always trump", "mindig piros adu"),
    "hearts-trump.doc": ("V3: Hearts always trump.", "V3: mindig piros az adu."),
    "no-talon": ("no talon", "talon nélkül"),
    "no-talon.doc": ("V4: no talon.", "V4: nincs talon."),
    "no-four-aces": ("no Four Aces", "négy ász nélkül"),
    "no-four-aces.doc": ("V7: Four Aces off.", "V7: nincs négy ász."),
    "simple-played": ("Simple played out", "a passz partit lejátsszák"),
    "simple-played.doc": (
        "V8: a final Simple is played out.",
        "V8: a végső passz partit lejátsszák.",
    ),
    "casual": ("casual", "baráti"),
    "casual.doc": (
        "V8 + V11: Simple played out, kontra capped at Rekontra.",
        "V8 + V11: a passz partit lejátsszák, legfeljebb rekontra.",
    ),
    "open-double": ("open forms double", "dupla terített"),
    "open-double.doc": (
        "V9 + V10: open forms pay double, the soloist alone exposes.",
        "V9 + V10: a terített dupla, csak a felvevő terít.",
    ),
    "howto": ("how-to-play game", "a játékleírás játéka"),
    "howto.doc": (
        "V2: the how-to-play game, W1-W14 (docs/RULES-001.md).",
        "V2: a játékleírás játéka, W1-W14 (docs/RULES-001.md).",
    ),
}

# : A ruleset refused (ulti.games.ulti.rules.RulesetError, naming the RULES.md rule): its ``str`` is
# the
#: English, :meth:`~ulti.games.ulti.rules.RulesetError.text` either language.
RULES: dict[str, tuple[str, str]] = {
    "int": (
        "{rule}: option {name!r} must be an integer, not {value!r}",
        "{rule}: a(z) {name!r} beállítás egész szám, nem {value!r}",
    ),
    "bool": (
        "{rule}: option {name!r} must be true or false, not {value!r}",
        "{rule}: a(z) {name!r} beállítás true vagy false, nem {value!r}",
    ),
    "str": (
        "option {name!r} must be a string, not {value!r}",
        "a(z) {name!r} beállítás szöveg, nem {value!r}",
    ),
    "two-round-talon": (
        "V1/V4: the two-round auction deals the talon to the first round's winner; it cannot "
        "be played without a talon",
        "V1/V4: a kétkörös licitben az első kör nyertese kapja a talont; talon nélkül nem "
        "játszható",
    ),
    "ladder": (
        "B5/W3: bid_ladder is one of {ladders}, not {value!r}",
        "B5/W3: a bid_ladder értéke ezek egyike: {ladders}; nem {value!r}",
    ),
    "talon-aside": (
        "W1/V4/V1: the talon dealt aside needs the talon and the one-round auction",
        "W1/V4/V1: a félretett talonhoz talon és egykörös licit kell",
    ),
    "howto-open": (
        "W10/V9: the how-to-play ladder has its own open values",
        "W10/V9: a játékleírás licitsorában a terített játékoknak saját értékük van",
    ),
    "max-kontra": (
        "V11/K2: max_kontra must be 0 (no limit) or at least 2 (Rekontra); the soloist must be "
        "able to answer a Kontra",
        "V11/K2: a max_kontra 0 (nincs korlát) vagy legalább 2 (rekontra); a felvevőnek "
        "felelnie kell tudnia a kontrára",
    ),
    "silent-durchmars": (
        "S2: silent_durchmars_in_simple is 3 (the table) or 4 (the '(simple 4)' reading)",
        "S2: a silent_durchmars_in_simple 3 (a táblázat szerint) vagy 4 (a '(simple 4)' "
        "olvasat szerint)",
    ),
    "session-deals": (
        "S3: session_deals must be a positive multiple of 3, so that each player deals equally "
        "often",
        "S3: a session_deals 3 pozitív többszöröse, hogy mindenki ugyanannyiszor osszon",
    ),
    "tiebreak-deals": (
        "S3: tiebreak_deals must be a multiple of 3 (0 = no tie-break)",
        "S3: a tiebreak_deals 3 többszöröse (0 = nincs rájátszás)",
    ),
    "unit-forints": (
        "S3: unit_forints must not be negative",
        "S3: a unit_forints nem lehet negatív",
    ),
    "at-most": (
        "{rule}: {name} is at most {top}, not {value}",
        "{rule}: a(z) {name} legfeljebb {top}, nem {value}",
    ),
    "no-bid": (
        "B5: these options leave no bid in the ladder",
        "B5: ezekkel a beállításokkal egy licit sem marad a licitsorban",
    ),
    "preset": (
        "unknown preset {name!r}; presets: {presets}",
        "ismeretlen előbeállítás: {name!r}; előbeállítások: {presets}",
    ),
    "table": (
        "a ruleset must be a table of options",
        "a szabályok beállítások táblázata",
    ),
    "preset-name": ("preset must be a name", "a preset értéke egy név"),
    "option": (
        "unknown option {name!r}; options: {options}",
        "ismeretlen beállítás: {name!r}; beállítások: {options}",
    ),
    "option-bare": ("unknown option {name!r}", "ismeretlen beállítás: {name!r}"),
    "file-read": (
        "cannot read rules file {path}: {why}",
        "a szabályfájl nem olvasható: {path}: {why}",
    ),
    "file-utf8": ("{path}: not UTF-8 text", "{path}: nem UTF-8 szöveg"),
    "file-toml": ("{path}: not valid TOML: {why}", "{path}: nem érvényes TOML: {why}"),
    "file-undoes": (
        "{path}: the preset {preset!r} sets {name} = {value}, the file says {name} = {given}; "
        "remove that line or choose another preset",
        "{path}: a(z) {preset!r} előbeállítás szerint {name} = {value}, a fájlban "
        "{name} = {given}; töröld azt a sort, vagy válassz másik előbeállítást",
    ),
    "preset-and-file": (
        "give either --preset or a rules file that names its preset",
        "vagy --preset, vagy egy szabályfájl, amely megnevezi az előbeállítását",
    ),
}

# : The account of an Ulti deal (ulti.games.ulti.record.render: ``ulti replay``, ``ulti demo``), and
# a
#: broken record's errors (``bad-…``: ulti.games.ulti.record.RecordError).
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

#: The command line's words for Ulti (``ulti rules``, ``ulti replay``, ``ulti demo``,
#: ``ulti solve``, ``ulti tournament``).
CLI: dict[str, tuple[str, str]] = {
    "rules-title": ("Ruleset: {preset} — {doc}", "Szabályok: {preset} — {doc}"),
    "col-option": ("option", "beállítás"),
    "col-rule": ("rule", "szabály"),
    "col-value": ("value", "érték"),
    "col-meaning": ("meaning", "jelentés"),
    "unclear-seed": ("unclear seed", "kétes forrás"),
    "presets": ("Presets: {presets}", "Előbeállítások: {presets}"),
    "ladder-title": (
        "Ladder: {bids} bids in {ranks} ranks (a bid overcalls only bids of lower rank)",
        "Licitsor: {bids} licit {ranks} rangban (egy licit csak alacsonyabb rangút üt felül)",
    ),
    "ladder-caption": (
        "trump: ♥ Hearts; named: {named}; - none",
        "adu: ♥ piros; választott: {named}; - nincs",
    ),
    "named-with-bid": (
        "the bidder names it with the bid (W4)",
        "a licitáló a licittel együtt mondja meg (W4)",
    ),
    "named-after": (
        "the soloist names it after the auction (B6)",
        "a felvevő a licit után mondja meg (B6)",
    ),
    "col-rank": ("rank", "rang"),
    "col-value-parts": ("value\nparts", "érték\nrész"),
    "col-bid": ("bid\nmagyarul", "licit"),
    "col-trump": ("trump", "adu"),
    "col-silent": ("silent\n100 U D 4A", "csendes\n100 U D 4Á"),
    "named": ("named", "választott"),
    "silent": (
        "Silent bonuses (S2): {titles} — won: each defender pays the value; lost: {lost}; "
        "multiplied with the bid's points component.",
        "Csendes bónuszok (S2): {titles} — ha sikerül, mindkét ellenvonó kifizeti az értékét; "
        "ha bukik: {lost}; a licit pontrészével szorozva.",
    ),
    "silent-lost-double": (
        "the soloist pays each defender double",
        "a felvevő mindkét ellenvonónak duplán fizet",
    ),
    "silent-lost-free": (
        "nothing (W12: a failed silent bonus is not charged)",
        "semmi (W12: a bukott csendes bónuszt nem fizetik)",
    ),
    "cannot-read": ("cannot read {file}: {why}", "nem olvasható: {file}: {why}"),
    "cannot-write": ("cannot write {path}: {why}", "nem írható: {path}: {why}"),
    "replay-deal": ("Deal {n}", "{n}. leosztás"),
    "sheet-title": ("Score sheet", "Eredménylap"),
    "sheet-deal": ("deal", "leosztás"),
    "sheet-dealer": ("dealer", "osztó"),
    "sheet-contract": ("contract", "bemondás"),
    "totals": ("Totals: {totals}", "Összesen: {totals}"),
    "total": (
        "{name} {units:+d} units ({forints:+d} Ft)",
        "{name} {units:+d} egység ({forints:+d} Ft)",
    ),
    "winner": ("Winner: {names}", "Győztes: {names}"),
    "and": (" and ", " és "),
    # ulti solve: a position solved double dummy
    "solve-no-play": (
        "no deal of this session reached card play",
        "a játszma egyik leosztása sem jutott el a lejátszásig",
    ),
    "solve-deal-range": ("--deal: 1 to {n}", "--deal: 1 és {n} között"),
    "solve-move-range": ("--move: 0 to {n}", "--move: 0 és {n} között"),
    "solve-not-play": (
        "R1: the solver works on the play phase",
        "R1: a megoldó a lejátszás állásait oldja meg",
    ),
    "solve-nothing": ("give a position or --record", "adj meg egy állást vagy egy --record-ot"),
    "solve-contract": (
        "Contract: {contract}, {trump}; soloist {soloist}; {player} to play; {tricks} tricks "
        "played",
        "Bemondás: {contract}, {trump}; felvevő: {soloist}; {player} következik; {tricks} "
        "ütés lement",
    ),
    "solve-trump": ("{suit}", "adu: {suit}"),
    "solve-no-trump": ("no trump", "nincs adu"),
    "solve-position": ("Position: {text}", "Állás: {text}"),
    "solve-objectives": (
        "Objectives (made against best defence)",
        "Célok (a legjobb védekezés ellen)",
    ),
    "solve-col-objective": ("objective", "cél"),
    "solve-col-in-contract": ("in the contract", "a bemondásban"),
    "solve-col-made": ("made", "teljesül"),
    "solve-yes": ("yes", "igen"),
    "solve-no": ("no", "nem"),
    "solve-points": (
        "Soloist's trick points under best play: {points}",
        "A felvevő ütéspontjai legjobb játékkal: {points}",
    ),
    "solve-settlement": (
        "Settlement under best play: soloist {value:+d} units",
        "Elszámolás legjobb játékkal: a felvevő {value:+d} egység",
    ),
    "solve-cards": ("Each legal card of {player}", "{player} szabályos lapjai"),
    "solve-col-card": ("card", "lap"),
    "solve-col-value": ("value", "érték"),
    "solve-col-points": ("points", "pont"),
    # ulti tournament: a duplicate tournament of computer players (Snapszli's: the snap section)
    "tourn-ray-workers": (
        "--ray and --workers: the Ray cluster's CPUs are the workers; give one",
        "--ray és --workers: a Ray-fürt processzorai a munkások; csak az egyiket add meg",
    ),
    "tourn-ray-address": (
        "--ray: 'local' or a cluster's address",
        "--ray: 'local' vagy egy fürt címe",
    ),
    "tourn-ray-ulti": ("--ray is for Ulti tournaments", "a --ray csak Ulti-versenyhez való"),
    "tourn-two": (
        "--bots: a tournament needs at least two players",
        "--bots: egy versenyhez legalább két játékos kell",
    ),
    "tourn-positive": (
        "--deals and --workers must be positive",
        "a --deals és a --workers pozitív szám",
    ),
    "tourn-shared-seats": (
        "{players} players for three seats: in each of the {seatings} seatings one player "
        "holds two seats; a player's units for a deal are the mean over the seats it held.",
        "{players} játékos három helyre: mind a(z) {seatings} ülésrendben egy játékos két "
        "helyen ül; egy játékos egységei egy leosztásban az általa elfoglalt helyek átlaga.",
    ),
    "tourn-many-players": (
        "{players} players for three seats: each deal is played by every three of them in "
        "every order ({seatings} seatings); a player's figures count the deals it sat.",
        "{players} játékos három helyre: minden leosztást bármely hármuk minden sorrendben "
        "lejátszik ({seatings} ülésrend); egy játékos számai azokat a leosztásokat számolják, "
        "amelyekben ült.",
    ),
    "tourn-one-deal": (
        "One deal gives no interval: the spread needs at least two.",
        "Egy leosztásból nincs intervallum: a szóráshoz legalább kettő kell.",
    ),
    "tourn-progress": ("deals x seatings", "leosztás × ülésrend"),
    "tourn-resumed": (
        "{path}: {done} of {total} games were played already; playing the rest",
        "{path}: {total} játszmából {done} már lement; a többi következik",
    ),
    "tourn-same-file": (
        "{path} is given as the checkpoint and as an output: the results would be written over "
        "it; give two files",
        "a(z) {path} a mentési pont és egy kimenet is: az eredmény felülírná; adj meg két fájlt",
    ),
    "tourn-stopped": (
        "Stopped: {done} of {total} games are kept in {path}; the same command goes on from there",
        "Leállítva: {total} játszmából {done} megmaradt itt: {path}; ugyanez a parancs "
        "onnan folytatja",
    ),
    "tourn-lost": (
        "Stopped after {done} of {total} games, none kept: --checkpoint FILE keeps each game "
        "as it ends",
        "Leállítva {total} játszmából {done} után, semmi sem maradt meg: a --checkpoint FÁJL "
        "minden játszmát megőriz, amint véget ér",
    ),
    "tourn-complete": (
        "{path}: all {total} games were played already; nothing is played again",
        "{path}: mind a(z) {total} játszma lement már; semmi sem játszódik újra",
    ),
    "tourn-kept": (
        "Every game is kept in {path} as it ends: run the same command again to go on after a stop",
        "Minden játszma bekerül ide, amint véget ér: {path}; megszakadás után ugyanez a "
        "parancs folytatja",
    ),
    "tourn-title": (
        "Duplicate tournament: {deals} deals x {seatings} seatings (seed {seed})",
        "Páros verseny: {deals} leosztás × {seatings} ülésrend ({seed}. mag)",
    ),
    "tourn-col-player": ("player", "játékos"),
    "tourn-col-units": ("units / deal", "egység / leosztás"),
    "tourn-col-ci": ("95% interval", "95%-os intervallum"),
    "tourn-col-soloist": ("as soloist", "felvevőként"),
    "tourn-col-made": ("made", "teljesítve"),
    "tourn-col-ms": ("decision ms (median / p95)", "döntés ms (medián / p95)"),
    "tourn-pairs": (
        "Pairs: difference of units per deal",
        "Párok: az egységek különbsége leosztásonként",
    ),
    "tourn-col-pair": ("pair", "pár"),
    "tourn-col-mean": ("mean", "átlag"),
    "tourn-col-verdict": ("verdict", "ítélet"),
    "tourn-no-interval": ("no interval", "nincs intervallum"),
    "tourn-ahead": ("{name} ahead", "{name} vezet"),
    "tourn-not-separated": ("not separated", "nem különül el"),
    "tourn-as-soloist": ("{name} as soloist: {contracts}", "{name} felvevőként: {contracts}"),
    "solve-best": (
        "* best for the player to move; value = the soloist's units under best play",
        "* a soron következőnek a legjobb; érték = a felvevő egységei legjobb játékkal",
    ),
}

#: The terminal game's words.
UI: dict[str, tuple[str, str]] = {
    "title": ("Ulti", "Ulti"),
    "deal": ("Deal", "Leosztás"),
    "dealer": ("dealer", "osztó"),
    "contract": ("Contract", "Bemondás"),
    "trump": ("trump", "adu"),
    "no_trump": ("no trump", "színtelen"),
    "auction": ("Auction", "Licit"),
    "you": ("You", "Te"),
    "soloist": ("soloist", "felvevő"),
    "defender": ("defender", "ellenjátékos"),
    "cards": ("cards", "lap"),
    "card": ("card", "lap"),
    "trump_pending": ("trump being named", "az adut most mondja"),
    "no_more_kontra": ("no further kontra", "nem kontráz tovább"),
    "lays_talon": ("lays two cards", "letesz két lapot"),
    "too_small": (
        (
            "The terminal is too small for the table: it needs {w}×{h}, it is {width}×{height}. "
            "Make the window larger."
        ),
        (
            "A terminál túl kicsi az asztalhoz: {w}×{h} kell, most {width}×{height}. Nagyítsd "
            "az ablakot."
        ),
    ),
    "keys_title": ("Keys", "Billentyűk"),
    "keys_body": (
        (
            "1-9, 0, -, =  the hand's cards, left to right (play one; choose two to lay)\n"
            "← →           move between the cards; Enter plays the one chosen\n"
            "l             lay the two chosen cards as the talon\n"
            "p             pass          u  pick up the talon      b  the bids\n"
            "k             kontra        m  declare a marriage     c  claim\n"
            "t             name the first trump offered (Tab reaches the others)\n"
            "h             hint          w  why not? (the cards you may not play)\n"
            "s             score sheet   ?  these keys             q  quit"
        ),
        (
            "1-9, 0, -, =  a kézben lévő lapok balról jobbra (kijátszás; letételhez kettő)\n"
            "← →           lépés a lapok között; Enter kijátssza a kiválasztottat\n"
            "l             a két kiválasztott lap letétele talonnak\n"
            "p             passz         u  talon felvétele        b  licitek\n"
            "k             kontra        m  bemondás               c  terítés kérése\n"
            "t             az első felkínált adu (a többi Tab-bal érhető el)\n"
            "h             tipp          w  miért nem? (a nem hívható lapok)\n"
            "s             eredménylap   ?  ezek a billentyűk      q  kilépés"
        ),
    ),
    "pass": ("Pass", "Passz"),
    "pickup": ("Pick up", "Felveszem"),
    "lay": ("Lay these two", "Ezt a kettőt lerakom"),
    "bid": ("Bid…", "Licit…"),
    "claim": ("Claim", "Bemondom a végét"),
    "hint": ("Hint", "Súgó"),
    "trick": ("Trick", "Ütés"),
    "last_trick": ("Last trick", "Előző ütés"),
    "your_turn": ("Your turn", "Te jössz"),
    "waiting": ("waiting for", "vár:"),
    "choose_two": (
        "Choose two cards to lay as the talon, then lay them.",
        "Válassz két lapot a talonba, majd rakd le őket.",
    ),
    "choose_bid": (
        "Choose your bid (rank · bid · value)",
        "Válassz licitet (rang · licit · érték)",
    ),
    "choose_trump": ("Announce the trump", "Mondd be az adut"),
    "settlement": ("Settlement", "Elszámolás"),
    "next_deal": ("Next deal", "Következő leosztás"),
    "score_sheet": ("Score sheet", "Eredménylap"),
    "session_over": ("The session is over.", "A parti véget ért."),
    "winner": ("Winner", "Győztes"),
    "close": ("Close", "Bezár"),
    "kontra_answer": ("Answer the kontras, or pass", "Válaszolj a kontrákra, vagy passzolj"),
    "marriage": ("Declare", "Bemondom"),
    "open_hands": ("Open hands", "Terített lapok"),
    "talon": ("Talon", "Talon"),
    "hint_thinking": ("Thinking…", "Gondolkodom…"),
    "illegal": ("Not now", "Most nem"),
    "points": ("points", "pont"),
    "why_not": ("Why not?", "Miért nem?"),
    "all_legal": ("every card may be played", "bármelyik lap hívható"),
    "scores": ("Scores", "Eredmény"),
    "quit": ("Quit", "Kilépés"),
    "keys": ("Keys", "Billentyűk"),
    "bot": ("Bot {n}", "Gép {n}"),
    "bot-easy": ("Easy {n}", "Kezdő {n}"),
    "bot-club": ("Club {n}", "Klub {n}"),
    "bot-expert": ("Expert {n}", "Mester {n}"),
    "footer": (
        "h Hint · w Why not? · s Scores · ? Keys · q Quit",
        "h Súgó · w Miért nem? · s Eredmény · ? Billentyűk · q Kilépés",
    ),
}

#: The browser's words (served as JSON to the pages' i18n.js).
WEB: dict[str, tuple[str, str]] = {
    "lobby": ("Ulti — a table for three", "Ulti — asztal hármasban"),
    "create": ("Create the table", "Asztal létrehozása"),
    "deals": ("Deals", "Leosztások"),
    "rules": ("Rules", "Szabályok"),
    "lang": ("Language", "Nyelv"),
    "seat": ("Seat", "Hely"),
    "person": ("Person", "Ember"),
    "bot": ("Computer", "Gép"),
    "name": ("Name", "Név"),
    "player": ("Player", "Játékos"),
    "invite": (
        "Invite links (send each person their own link):",
        "Meghívók (mindenki a sajátját kapja):",
    ),
    "deal": ("Deal", "Leosztás"),
    "dealer": ("dealer", "osztó"),
    "contract": ("Contract", "Bemondás"),
    "trump": ("trump", "adu"),
    "noTrump": ("no trump", "színtelen"),
    "auction": ("Auction", "Licit"),
    "trick": ("Trick", "Ütés"),
    "lastTrick": ("Last trick", "Előző ütés"),
    "yourTurn": ("Your turn", "Te jössz"),
    "waiting": ("Waiting for", "Várunk:"),
    "pass": ("Pass", "Passz"),
    "pickup": ("Pick up the talon", "Felveszem a talont"),
    "lay": ("Lay these two", "Ezt a kettőt lerakom"),
    "chooseTwo": ("Choose two cards to lay as the talon.", "Válassz két lapot a talonba."),
    "bid": ("Bid", "Licit"),
    "chooseBid": ("Choose your bid", "Válassz licitet"),
    "claim": ("Claim", "Bemondom a végét"),
    "declare": ("Declare", "Bemondom"),
    "soloist": ("soloist", "felvevő"),
    "defender": ("defender", "ellenjátékos"),
    "cards": ("cards", "lap"),
    "scores": ("Scores", "Eredmény"),
    "total": ("Total", "Összesen"),
    "settlement": ("Settlement of deal", "Elszámolás, leosztás"),
    "close": ("OK", "Rendben"),
    "open": ("Open hands", "Terített lapok"),
    "talon": ("Talon", "Talon"),
    "records": ("Finished deals", "Lejátszott leosztások"),
    "replay": ("replay", "visszajátszás"),
    "download": ("JSON", "JSON"),
    "over": ("The session is over.", "A parti véget ért."),
    "winner": ("Winner", "Győztes"),
    "points": ("points", "pont"),
    "connecting": ("Connecting…", "Kapcsolódás…"),
    "reconnecting": ("Reconnecting…", "Újrakapcsolódás…"),
    "notNow": ("Not now", "Most nem"),
    "prev": ("Previous", "Vissza"),
    "next": ("Next", "Előre"),
    "start": ("Start", "Eleje"),
    "end": ("End", "Vége"),
    "step": ("Step", "Lépés"),
    "kontraAnswer": ("Answer the kontras, or pass", "Válaszolj a kontrákra, vagy passzolj"),
    "options": ("Rule options", "Szabályváltozatok"),
    "strength": ("Strength", "Erősség"),
    "club": ("club player", "klubjátékos"),
    "normal": ("normal", "normál"),
    "expert": ("expert", "mester"),
    "easy": ("easy", "kezdő"),
    "randomBot": ("random", "véletlen"),
    "replaced": (
        "This seat is now open in another tab or window.",
        "Ez a hely most egy másik lapon vagy ablakban van nyitva.",
    ),
    "playHere": ("Play here", "Itt játszom"),
    "log": ("Log", "Napló"),
    "downloadFailed": ("The download failed", "A letöltés nem sikerült"),
    "me": ("Me", "Én"),
    "faces": ("Card faces", "Kártyalapok"),
    "facesHungarian": ("Hungarian (Tell pattern)", "magyar kártya"),
    "facesFrench": ("French", "francia kártya"),
    "on": ("on", "be"),
    "off": ("off", "ki"),
    "won": ("won", "nyert"),
    "lost": ("lost", "bukott"),
    "bot_pimc": ("sampling + solver", "mintavétel + megoldó"),
    "bot_rules": ("rule of thumb", "ökölszabály"),
    "bot_random": ("random cards", "véletlen lapok"),
    "chooseTrump": ("Announce the trump", "Mondd be az adut"),
    "tricksTaken": ("tricks", "ütés"),
    "takes": ("{name} takes it", "{name} viszi"),
    "of": ("{rank} of {suit}", "{suit} {rank}"),
    "tiebreak": ("tie-break", "döntő"),
    "recordText": ("The record", "A jegyzőkönyv"),
}

#: Why an action is refused (ulti.games.ulti.legality.Reason codes; ``{fields}`` from its params).
REASON: dict[str, tuple[str, str]] = {
    "grammar": ("{message}", "{message}"),
    "deal-over": ("the deal is over", "a leosztásnak vége"),
    "wrong-phase": (
        "seat {seat} must {doing} now, not {action}",
        "a(z) {seat}. helynek most {doing} kell, nem ezt: {action}",
    ),
    "nothing-to-undo": ("nothing to undo", "nincs mit visszavonni"),
    "no-card-now": ("no card is played now", "most nem lapot hívnak"),
    "not-held": ("seat {seat} does not hold {card}", "a(z) {seat}. helynél nincs {card}"),
    "follow": ("must follow suit ({suit})", "színt kell adni ({suit})"),
    "overtake": ("must overtake {best}", "felül kell ütni: {best}"),
    "trump": ("must trump", "adut kell adni"),
    "overtrump": ("must overtrump {best}", "felül kell ütni adubal: {best}"),
    "hold-seven": (
        "the trump VII is held back for the Ulti until the last trick",
        "az adu hetest az utolsó ütésig vissza kell tartani az ultihoz",
    ),
    "marriage-first-trick": (
        "marriages are declared only with the first trick's card",
        "bemondani csak az első ütés lapjával lehet",
    ),
    "marriage-no-trump": (
        "no marriages in a no-trump contract",
        "adu nélküli játékban nincs bemondás",
    ),
    "marriage-soloist-only": (
        "in 40-100 and 20-100 only the soloist's marriage of the bid counts",
        "negyvenszázban és húszszázban csak a felvevő bemondása számít",
    ),
    "marriage-forty-trump": (
        "in 40-100 the soloist declares only the trump marriage",
        "negyvenszázban a felvevő csak az adu negyvenet mondhatja",
    ),
    "marriage-twenty-side": (
        "in 20-100 the marriage is a non-trump one",
        "húszszázban a bemondás nem adu húsz",
    ),
    "marriage-declared": (
        "the {suit} marriage is already declared",
        "a(z) {suit} bemondás már megvolt",
    ),
    "marriage-twenty-once": (
        "in 20-100 only one marriage, the one of the bid, is declared",
        "húszszázban csak egy bemondás van, a licitben vállalt",
    ),
    "marriage-not-held": (
        "seat {seat} does not hold the King and Over of {suit}",
        "a(z) {seat}. helynél nincs {suit} király és felső",
    ),
    "kontra-closed": (
        "doubling closed with the first trick",
        "a kontrázás az első ütéssel lezárult",
    ),
    "kontra-closed-second": (
        "doubling closed when the second trick was led",
        "a kontrázás a második ütés hívásával lezárult",
    ),
    "marriage-card": (
        "a marriage is declared with a card of its pair, and seat {seat} may not play one now",
        "bemondani a pár egyik lapjával lehet, és a(z) {seat}. hely most nem tehet ilyet",
    ),
    "marriage-card-due": (
        "the marriage of {suit} was just declared: play its King or Over",
        "most jelentették be a(z) {suit} párt: a királyát vagy a felsőjét kell tenni",
    ),
    "kontra-no-component": (
        "{component} is not a component of {contract!r}",
        "a(z) {component} nem része ennek: {contract!r}",
    ),
    "kontra-cap": (
        "kontra is capped at level {cap} in these rules",
        "ezekben a szabályokban a kontra legfeljebb {cap}. szintű",
    ),
    "kontra-soloist-starts": (
        "only the defenders may start doubling; the soloist answers a defenders' double",
        "kontrát csak az ellenvonók kezdhetnek; a felvevő visszakontrázik",
    ),
    "kontra-no-answer": (
        "{action} does not answer the open double of {component}",
        "ez ({action}) nem felel a(z) {component} nyitott kontrájára",
    ),
    "kontra-defenders-last": (
        "{component} was doubled by the defenders last; only the soloist may double it again",
        "a(z) {component} kontráját az ellenvonók adták utoljára; most csak a felvevő emelhet",
    ),
    "kontra-answers-only": (
        (
            "new doubles are made only up to the first trick's card; now only open doubles may "
            "be answered"
        ),
        "új kontra csak az első ütés lapjáig adható; most csak a nyitott kontrákra lehet felelni",
    ),
    "kontra-next": (
        "{component} stands at level {level}; the next double is {word}",
        "a(z) {component} {level}. szinten áll; a következő: {word}",
    ),
    "no-talon": ("there is no talon in these rules", "ezekben a szabályokban nincs talon"),
    "pickup-top": (
        "no bid ranks above the current one, so the talon cannot be picked up",
        "nincs a mostaninál magasabb licit, a talont nem lehet felvenni",
    ),
    "discard-not-held": (
        "seat {seat} does not hold {cards}",
        "a(z) {seat}. helynél nincs: {cards}",
    ),
    "unknown-bid": (
        "{bid!r} is not a bid in these rules",
        "{bid!r} nem licit ezekben a szabályokban",
    ),
    "same-trump-kind": (
        "the first round's bid {bid!r} may be raised only with the same trump suit",
        "az első kör licitje ({bid!r}) csak azonos aduval emelhető",
    ),
    "no-overcall": (
        "{bid!r} (rank {rank}) does not overcall {current!r} (rank {current_rank})",
        "{bid!r} ({rank}. fok) nem magasabb ennél: {current!r} ({current_rank}. fok)",
    ),
    "hearts-bid": (
        "Hearts must be bid as a Hearts bid; announce Acorns, Leaves or Bells",
        "a piros adut piros licittel kell vállalni; makk, zöld vagy tök mondható",
    ),
    "claim-not-open": (
        "claims are made only in open contracts",
        "terítéket csak terített játékban lehet kérni",
    ),
    "claim-too-early": (
        "the hands are laid open after the first trick; claim after it",
        "a lapok az első ütés után kerülnek fel; utána lehet kérni",
    ),
    "claim-refused": (
        "claim refused: {side} can still prevent it",
        "a kérés elutasítva: {side} még megakadályozhatja",
    ),
}

#: What a seat is expected to do in each phase (for the "wrong phase" reason).
DOING: dict[str, tuple[str, str]] = {
    "bid": ("bid", "licitálnia"),
    "discard": ("lay two cards as the talon", "két lapot letennie talonnak"),
    "pickup": ("pass or pick up the talon", "passzolnia vagy felvennie a talont"),
    "pass-or-bid": ("pass or bid", "passzolnia vagy licitálnia"),
    "round1": ("pass or bid (first round)", "passzolnia vagy licitálnia (első kör)"),
    "trump": ("announce the trump suit", "adut mondania"),
    "answer": ("answer the kontras (raise or pass)", "a kontrákra felelnie (emel vagy passz)"),
    "play": ("play a card", "lapot hívnia"),
}

#: Each settlement line's reason and each summary line (ulti.games.ulti.scoring).
LINE: dict[str, tuple[str, str]] = {
    "simple-points": ("soloist {s} vs defenders {d} points", "felvevő {s}, ellenvonók {d} pont"),
    "marriage-missing": (
        "the marriage of the bid was not declared",
        "a licitben vállalt bemondás elmaradt",
    ),
    "hundred-points": ("{points} in tricks (needs {need})", "{points} az ütésekben (kell {need})"),
    "aces-all": ("soloist took every Ace", "a felvevő vitte mind a négy ászt"),
    "aces-defender": ("a defender took an Ace", "egy ellenvonó ászt ütött"),
    "aces-talon": ("an Ace lies in the talon", "ász van a talonban"),
    "ulti-no-seven": (
        "the soloist does not hold the trump VII ({seven})",
        "a felvevőnél nincs adu hetes ({seven})",
    ),
    "ulti-early": (
        "the trump VII fell in trick {trick}",
        "az adu hetes a(z) {trick}. ütésben elment",
    ),
    "ulti-won": ("the trump VII won the last trick", "az adu hetes vitte az utolsó ütést"),
    "ulti-lost": ("the last trick was lost", "az utolsó ütés elveszett"),
    "betli-won": ("soloist took no trick", "a felvevő nem ütött"),
    "betli-lost": ("soloist took a trick", "a felvevő ütött"),
    "durchmars-won": ("soloist took every trick", "a felvevő minden ütést elvitt"),
    "durchmars-lost": ("defenders took a trick", "az ellenvonók ütöttek"),
    "silent-100": ("soloist {s}, defenders {d}", "felvevő {s}, ellenvonók {d}"),
    "silent-aces-lost": ("one defender took every Ace", "egy ellenvonó vitte mind a négy ászt"),
    "silent-ulti-lost": (
        "the trump VII lost the last trick",
        "az adu hetes elvesztette az utolsó ütést",
    ),
    "silent-durchmars-lost": ("one defender took every trick", "egy ellenvonó vitt minden ütést"),
    "penalty": ("K4: the penalty is never multiplied", "K4: a büntetés nem duplázódik"),
    "forfeit": (
        "A5: a final Simple is not played; the soloist pays it doubled",
        "A5: a végső passz partit nem játsszák; a felvevő duplán fizeti",
    ),
    "total": ("Total", "Összesen"),
    "defenders": ("defenders", "ellenvonók"),
    "item-penalty": ("Ulti penalty", "ulti büntetés"),
    "item-forfeit": ("Simple (forfeit)", "passz parti (nem játsszák)"),
    "pays-double": ("; the soloist pays double", "; a felvevő duplán fizet"),
    "summary-points": (
        (
            "Points: soloist {sp} in tricks + {sm} marriages = {s}; defenders {dp} in tricks "
            "and talon + {dm} marriages = {d}."
        ),
        (
            "Pontok: felvevő {sp} ütésben + {sm} bemondás = {s}; ellenvonók {dp} ütésben és "
            "talonban + {dm} bemondás = {d}."
        ),
    ),
    "summary-multiplier": (
        "V1: the first-round bid stood; every value is ×{m}.",
        "V1: az első kör licitje maradt; minden érték ×{m}.",
    ),
    "summary-forfeit": (
        "The auction ended on Simple: not played (A5).",
        "A licit passz partin ért véget: nem játsszák (A5).",
    ),
    "summary-thrown-in": (
        "Nobody named a contract: the deal is thrown in, nobody pays (W2).",
        "Senki sem mondott játékot: a leosztás elmarad, senki sem fizet (W2).",
    ),
}

#: How a deal ended (ulti.games.ulti.scoring.Termination values).
END: dict[str, tuple[str, str]] = {
    "ten-tricks": ("ten tricks played", "mind a tíz ütés lement"),
    "thrown-in": (
        "everyone passed: the deal is thrown in",
        "mindenki passzolt: a leosztás elmarad",
    ),
    "decided": (
        "every item decided after trick {tricks}",
        "a(z) {tricks}. ütés után minden tétel eldőlt",
    ),
    "proved": (
        "after trick {tricks} no play can change the result (proved by the solver)",
        "a(z) {tricks}. ütés után semmi nem változtathat az eredményen (a megoldó bizonyította)",
    ),
    "claim": (
        (
            "seat {claimant} claimed after trick {tricks}; the solver upheld the claim; settled "
            "by best play"
        ),
        (
            "a(z) {claimant}. hely a(z) {tricks}. ütés után terítéket kért; a megoldó "
            "helybenhagyta; a legjobb játék szerint számolva"
        ),
    ),
    "simple-not-played": ("a final Simple is not played", "a végső passz partit nem játsszák le"),
}

#: What ``ulti play`` says about its save file.
PLAY: dict[str, tuple[str, str]] = {
    "lang": ("--lang is en or hu", "a --lang értéke en vagy hu"),
    "opponents": (
        "--opponents: two players, e.g. pimc,rules",
        "--opponents: két játékos, például pimc,rules",
    ),
    "unwritable": (
        "cannot save the session to {path}: {why}",
        "a játszmát nem lehet ide menteni: {path}: {why}",
    ),
    "exists": (
        (
            "a saved session is at {path} (deal {deal} of {deals}). Continue it with --resume, "
            "or start anew with --new (the saved one is kept as a backup)."
        ),
        (
            "van egy mentett játszma: {path} ({deal}. leosztás a {deals}-ből). Folytatás: "
            "--resume, új játszma: --new (a mentett megmarad biztonsági másolatként)."
        ),
    ),
    "ask": (
        (
            "A saved session is at {path} (deal {deal} of {deals}). [r]esume it, start a [n]ew "
            "one (the saved one is kept as a backup), or [q]uit?"
        ),
        (
            "Van egy mentett játszma: {path} ({deal}. leosztás a {deals}-ből). [f]olytatod, "
            "[u]j játszmát kezdesz (a mentett megmarad biztonsági másolatként), vagy [k]ilépsz?"
        ),
    ),
    "unreadable": (
        (
            "the saved session at {path} cannot be read ({why}); start anew with --new (it is "
            "kept as a backup)"
        ),
        (
            "a mentett játszma nem olvasható: {path} ({why}); új játszma: --new (a régi "
            "megmarad biztonsági másolatként)"
        ),
    ),
    "rules": ("{why}", "hibás szabályok: {why}"),
    "both": ("--resume and --new exclude each other", "a --resume és a --new nem adható együtt"),
    "no-save": ("no saved session at {path}", "nincs mentett játszma itt: {path}"),
    "is-folder": ("it is a folder", "ez egy mappa"),
    "not-writable": ("it cannot be read and written", "nem olvasható és írható"),
    "no-folder": ("no folder {folder}", "nincs ilyen mappa: {folder}"),
    "level": (
        "--level is one of {levels}, and not given with --opponents",
        "a --level értéke: {levels}; a --opponents mellett nem adható meg",
    ),
    "not-utf8": (
        "{file}: not a record (not UTF-8 text)",
        "{file}: nem játékleírás (nem UTF-8 szöveg)",
    ),
    "not-json": ("{file}: not valid JSON: {why}", "{file}: nem érvényes JSON: {why}"),
    "backup": ("the saved session is kept as {path}", "a mentett játszma itt maradt: {path}"),
    "saved": (
        "Session saved in {path}; continue with: ulti play --resume --save {path}",
        "A játszma elmentve: {path}; folytatás: ulti play --resume --save {path}",
    ),
}

#: Snapszli (docs/SNAPSZLI.md): actions, refusals, how a deal ends, the record's account.
SNAP: dict[str, tuple[str, str]] = {
    "name": ("Snapszli", "Snapszli"),
    "act-marriage": ("Announce {points} {suit}", "Bemondom: {points} {suit}"),
    "act-exchange": ("Exchange the trump", "Adut cserélek"),
    "act-close": ("Close the talon", "Betakarok"),
    "act-claim": ("Claim 66", "Elég (66)"),
    "no-over": ("the deal is over", "a leosztásnak vége"),
    "no-on-lead": (
        "only the player on lead may, before leading",
        "csak a hívó játékos teheti, hívás előtt",
    ),
    "no-one-marriage": (
        "one marriage per lead, and its card comes next",
        "hívásonként egy bemondás, és utána annak a lapja jön",
    ),
    "no-no-marriage": (
        "you do not hold the King and Over of {suit}",
        "nincs nálad {suit} király és felső",
    ),
    "no-closed": ("the talon is closed", "a talon be van takarva"),
    "no-talon-small": (
        "the talon holds {size} cards; it needs at least {need}",
        "a talonban {size} lap van; legalább {need} kell",
    ),
    "no-no-exchange-card": ("you do not hold {card}", "nincs nálad {card}"),
    "no-not-held": ("you do not hold {card}", "nincs nálad {card}"),
    "no-not-a-card": ("not a card of this pack", "ez nem a pakli lapja"),
    "no-marriage-card": (
        "lead the King or the Over of the announced {suit} marriage",
        "a bemondott {suit} király vagy felső jön",
    ),
    "no-follow": ("follow suit ({suit})", "színt kell adni ({suit})"),
    "no-overtake": ("win the trick if you can: beat {best}", "üss, ha tudsz: {best} fölé"),
    "no-trump": ("void: trump if you can ({suit})", "ha nincs színed, adu kell ({suit})"),
    "end-claim": ("{seat} claimed 66 with {points}", "{seat} elégséget mondott, {points} ponttal"),
    "end-claim-last": (
        "{seat} won the last trick with {points}",
        "{seat} vitte az utolsó ütést, {points} ponttal",
    ),
    "end-false-claim": (
        "{seat} claimed with only {points}: the opponent scores",
        "{seat} csak {points} ponttal mondott elégséget: az ellenfél ír",
    ),
    "end-last-trick": (
        "the talon ran out; {seat} won the last trick",
        "elfogyott a talon; {seat} vitte az utolsó ütést",
    ),
    "end-last-trick-closed": (
        "{seat} closed and did not reach 66: {other} scores",
        "{seat} betakart, de nem lett meg a 66: {other} ír",
    ),
    "end-closer-claims": (
        "{seat} closed and claimed 66 with {points}",
        "{seat} betakart, és {points} ponttal elégséget mondott",
    ),
    "end-closer-false-claim": (
        "{seat} closed and claimed without 66: {other} scores",
        "{seat} betakart, és 66 nélkül mondott elégséget: {other} ír",
    ),
    "end-opponent-claims": (
        "{seat} closed, but {other} reached 66 first",
        "{seat} betakart, de {other} előbb lett meg",
    ),
    # a ruleset refused (SnapRulesError, naming the ZV option)
    "rules-bool": ("{rule}: {key} is true or false", "{rule}: a {key} értéke true vagy false"),
    "rules-int": (
        "{rule}: {key} is an integer from {low} to {high}",
        "{rule}: a {key} egész szám {low} és {high} között",
    ),
    "rules-preset": (
        "unknown preset {preset!r}; presets: {presets}",
        "ismeretlen előbeállítás: {preset!r}; előbeállítások: {presets}",
    ),
    "rules-preset-name": ("preset must be a name", "a preset értéke egy név"),
    "rules-option": (
        "unknown option {key!r}; options: {options}",
        "ismeretlen beállítás: {key!r}; beállítások: {options}",
    ),
    "rules-table": ("a ruleset is a table of options", "a szabályok beállítások táblázata"),
    "rules-preset-and-file": (
        "give either --preset or a rules file that names its preset",
        "vagy --preset, vagy egy szabályfájl, amely megnevezi az előbeállítását",
    ),
    "render-head": (
        "Snapszli deal, seed {seed}: {dealer} deals",
        "Snapszli leosztás, {seed}. mag: {dealer} oszt",
    ),
    "render-trump": ("Turned trump: {card}", "Felfordított adu: {card}"),
    "render-score": ("Game points: {a} {x}, {b} {y}", "Játszmapont: {a} {x}, {b} {y}"),
    # the web table (ulti.server.snap, static/snap.js) and the lobby's choice of game
    "web-bad-seat": ("seat: 0 or 1", "hely: 0 vagy 1"),
    "web-match-over": ("the match is over (Z12)", "a bummlinak vége (Z12)"),
    "web-lobby": ("Snapszli — a table for two", "Snapszli — asztal kettesben"),
    "web-game": ("Game", "Játék"),
    "web-game-ulti": ("Ulti — three seats", "Ulti — hárman"),
    "web-game-snapszli": ("Snapszli — two seats", "Snapszli — ketten"),
    "web-match-points": ("Match to (game points, ZV2)", "A bummli hossza (játszmapont, ZV2)"),
    "web-show-points": (
        "Show each person their own points (for learners, Z13)",
        "Mindenki lássa a saját pontjait (tanulóknak, Z13)",
    ),
    "web-preset-standard": ("standard", "alap"),
    "web-preset-standard-doc": (
        "The rule book's game: 20 cards, a match to 7 (Z1-Z13).",
        "A szabálykönyv játéka: 20 lap, 7 pontos bummli (Z1-Z13).",
    ),
    "web-preset-sixty-six": ("Sixty-Six", "hatvanhat"),
    "web-preset-sixty-six-doc": (
        "24 cards with the IXs (ZV1); the last trick counts 10 (ZV4).",
        "24 lap a kilencesekkel (ZV1); az utolsó ütés 10 pontot ér (ZV4).",
    ),
    "web-preset-short": ("short match", "rövid bummli"),
    "web-preset-short-doc": (
        "A match to 3 game points (ZV2).",
        "3 játszmapontig tartó bummli (ZV2).",
    ),
    "web-option-twenty_four": ("24 cards", "24 lap"),
    "web-option-twenty_four-doc": (
        "The IXs added: 6 cards each, the talon 11 and the turned card; the trump IX exchanges.",
        "Kilencesekkel: 6 lap fejenként, a talon 11 lap és a felfordított; az adu kilences cserél.",
    ),
    "web-option-match_points": ("match to", "bummli hossza"),
    "web-option-match_points-doc": (
        "Game points that win the match (Z12).",
        "Ennyi játszmapont nyeri a bummlit (Z12).",
    ),
    "web-option-min_talon": ("talon to exchange or close", "talon cseréhez, takaráshoz"),
    "web-option-min_talon-doc": (
        "Cards the talon (turned card included) must hold for an exchange (Z6) or a closing (Z8).",
        "Ennyi lap kell a talonban (a felfordítottal) a cseréhez (Z6) és a takaráshoz (Z8).",
    ),
    "web-option-last_trick_ten": ("last trick counts 10", "az utolsó ütés 10 pont"),
    "web-option-last_trick_ten-doc": (
        "The winner of the last trick counts 10 more points.",
        "Aki az utolsót üti, 10 pontot kap még.",
    ),
    "web-status": ("Deal {n} · dealer: {name}", "{n}. leosztás · oszt: {name}"),
    "web-score": ("{a} {x} : {y} {b} (to {target})", "{a} {x} : {y} {b} ({target}-ig)"),
    "web-trump": ("Trump: {suit}", "Adu: {suit}"),
    "web-turned": ("the turned trump card", "a felfordított adu"),
    "web-talon": ("{n} in the talon", "{n} lap a talonban"),
    "web-talon-empty": ("The talon is used up", "Elfogyott a talon"),
    "web-closed": ("Closed by {name}", "Betakart: {name}"),
    "web-strict": ("Z5: follow suit, win if you can", "Z5: színre szín, üss, ha tudsz"),
    "web-cards": ("{n} cards", "{n} lap"),
    "web-tricks": ("Tricks: {n}", "Ütések: {n}"),
    "web-my-points": ("My points: {n}", "Pontjaim: {n}"),
    "web-announced": ("Announced", "Bemondta"),
    "web-last-trick": ("Last trick", "Az előző ütés"),
    "web-lead": ("Your lead", "Te hívsz"),
    "web-answer": ("Your turn: answer {card}", "Te jössz, erre: {card}"),
    "web-marriage-card": (
        "Lead the King or the Over of {suit}",
        "Hívd ki a(z) {suit} királyt vagy felsőt",
    ),
    "web-waiting": ("Waiting for {name}", "Várunk: {name}"),
    "web-hint": ("Hint", "Súgó"),
    "web-hint-claim": ("you have 66: claim it", "megvan a 66: mondd, hogy elég"),
    "web-deal-over": ("Deal {n} is over", "{n}. leosztás: vége"),
    "web-game-points": ("{name}: +{n} game points", "{name}: +{n} játszmapont"),
    "web-match-won": ("{name} won the match (Z12)", "{name} nyerte a bummlit (Z12)"),
    "web-sheet-winner": ("Won by", "Nyerte"),
    "web-sheet-points": ("Points", "Pont"),
    "web-sheet-how": ("How it ended", "Hogyan lett vége"),
    # why a computer player (a hint) chooses what it does (ulti.players.snapszli)
    "hint-only": ("the only sensible choice", "az egyetlen értelmes lépés"),
    "hint-random": ("a random legal move", "véletlenszerű szabályos lépés"),
    "hint-claim": ("you have {points} points: claim 66", "{points} pontod van: mondd, hogy elég"),
    "hint-exchange": (
        "exchange: the turned card is worth more than your lowest trump",
        "cserélj: a felfordított lap többet ér a legkisebb adudnál",
    ),
    "hint-close": (
        "close the talon: {points} points are safe",
        "takard be a talont: {points} pont biztos",
    ),
    "hint-marriage": ("announce the marriage: {points} points", "jelents be: {points} pont"),
    "hint-sure": ("lead {card}: nothing can beat it", "hívd: {card}, semmi sem üti"),
    "hint-lead-low": ("lead {card}: it costs least", "hívd: {card}, ez kerül a legkevesebbe"),
    "hint-win-cheap": (
        "win with {card}, the cheapest card that wins",
        "üss ezzel: {card}, a legolcsóbb ütő lap",
    ),
    "hint-duck": ("give {card}, the cheapest card", "add ezt: {card}, a legolcsóbb lap"),
    "hint-reach": ("take it with {card}: that makes 66", "vidd el ezzel: {card}, így meglesz a 66"),
    "hint-take": ("take the trick with {card}", "vidd el az ütést ezzel: {card}"),
    "hint-values": (
        "game points after each choice, mean over {n} sampled deals: {options}",
        "játszmapont az egyes lépések után, {n} kisorsolt leosztás átlaga: {options}",
    ),
    "hint-exact": (
        "both hands are known; game points after each choice ({n} solve): {options}",
        "mindkét kéz ismert; játszmapont az egyes lépések után ({n} számítás): {options}",
    ),
    # the terminal game (ulti.tui.snapszli)
    "tui-bot": ("Computer", "Gép"),
    "tui-score": ("{a} {x} : {y} {b} (to {target})", "{a} {x} : {y} {b} ({target}-ig)"),
    "tui-match": (
        "Match: {a} {x}, {b} {y} (to {target})",
        "Bummli: {a} {x}, {b} {y} ({target}-ig)",
    ),
    "tui-match-won": (
        "Match over (Z12), winner: {name}",
        "Vége a bummlinak (Z12), győztes: {name}",
    ),
    "tui-trump": ("Trump", "Adu"),
    "tui-turned": ("Turned", "Felfordítva"),
    "tui-closed": ("Closed by {name}", "Betakart: {name}"),
    "tui-talon": ("Talon: {n} cards", "Talon: {n} lap"),
    "tui-talon-empty": ("Talon: empty", "Talon: elfogyott"),
    "tui-strict": ("Z5: follow, win if you can", "Z5: színre szín, üss, ha tudsz"),
    "tui-cards": ("{n} cards", "{n} lap"),
    "tui-card-one": ("{n} card", "{n} lap"),
    "tui-tricks": ("Tricks: {n}", "Ütések: {n}"),
    "tui-announced": ("Announced", "Bemondta"),
    "tui-my-tricks": ("Your tricks: {n}", "Ütéseid: {n}"),
    "tui-my-points": ("Your points: {n}", "Pontjaid: {n}"),
    "tui-my-marriage": ("Your marriage", "Bemondásod"),
    "tui-lead": ("Your lead", "Te hívsz"),
    "tui-answer": ("Your turn: answer {card}", "Te jössz, erre: {card}"),
    "tui-marriage-card": (
        "Lead the King or the Over of the marriage (Z7)",
        "Hívd a bemondás királyát vagy felsőjét (Z7)",
    ),
    "tui-claim-ask": (
        (
            "Claim 66? The deal ends now. A false claim gives the opponent 2 game points, or 3 "
            "if they have no trick (Z9)."
        ),
        (
            "Elég? A leosztás most véget ér. Ha nincs meg a 66, az ellenfél 2 játszmapontot ír, "
            "vagy 3-at, ha nincs ütése (Z9)."
        ),
    ),
    "tui-yes": ("Yes", "Igen"),
    "tui-no": ("No", "Nem"),
    "tui-deal-over": ("Deal {n} is over", "{n}. leosztás: vége"),
    "tui-game-points": ("{name}: +{n} game points", "{name}: +{n} játszmapont"),
    "tui-game-point": ("{name}: +{n} game point", "{name}: +{n} játszmapontot ír"),
    "tui-card-points": ("Points taken: {a} {x}, {b} {y}", "Szerzett pontok: {a} {x}, {b} {y}"),
    "tui-ended": ("ended", "vége"),
    # the action buttons (short: five fit 80 columns)
    "tui-btn-exchange": ("Exchange", "Csere"),
    "tui-btn-close": ("Close talon", "Betakarás"),
    "tui-btn-marriage": ("Announce {points} {suit}", "Bemondás {points} {suit}"),
    "tui-btn-claim": ("Claim 66", "Elég (66)"),
    "tui-keys": (
        (
            "1-6       the hand's cards, left to right (play one)\n"
            "← → Enter move between the cards; Enter plays the one chosen\n"
            "e         exchange the trump card for the turned one (Z6)\n"
            "c         close the talon (Z8)\n"
            "m         announce a marriage, then lead its King or Over (Z7)\n"
            "x         claim 66 (Z9), asked first\n"
            "n         next deal\n"
            "h  hint   w  why not?   s  score   ?  these keys   q  quit"
        ),
        (
            "1-6       a kézben lévő lapok balról jobbra (kijátszás)\n"
            "← → Enter lépés a lapok között; Enter kijátssza a kiválasztottat\n"
            "e         adu csere a felfordított lapra (Z6)\n"
            "c         betakarás (Z8)\n"
            "m         bemondás, utána a király vagy a felső jön (Z7)\n"
            "x         elég, 66 (Z9), előtte kérdez\n"
            "n         következő leosztás\n"
            "h  súgó   w  miért nem?   s  eredmény   ?  ezek a billentyűk   q  kilépés"
        ),
    ),
    # the command line (ulti play/replay/rules/tournament --game snapszli)
    "cli-game": (
        "--game is ulti or snapszli, not {game!r}",
        "a --game értéke ulti vagy snapszli, nem {game!r}",
    ),
    "cli-snap-only": ("{option} is for --game snapszli", "a {option} csak a --game snapszli-hez"),
    "cli-ulti-only": (
        "{option} is for Ulti; for Snapszli: {instead}",
        "a {option} az Ultihoz tartozik; Snapszliban: {instead}",
    ),
    "cli-opponent": (
        "--opponent: one computer player, random, rules or pimc ({why})",
        "--opponent: egy gépi játékos, random, rules vagy pimc ({why})",
    ),
    "cli-unwritable": (
        "cannot save the match to {path}: {why}",
        "a bummlit nem lehet ide menteni: {path}: {why}",
    ),
    "cli-unreadable": (
        (
            "the saved match at {path} cannot be read ({why}); start anew with --new (it is "
            "kept as a backup)"
        ),
        (
            "a mentett bummli nem olvasható: {path} ({why}); új bummli: --new (a régi megmarad "
            "biztonsági másolatként)"
        ),
    ),
    "cli-exists": (
        (
            "a saved match is at {path} (deal {deal}, {a} {x} : {y} {b}). Continue it with "
            "--resume, or start anew with --new (the saved one is kept as a backup)."
        ),
        (
            "van egy mentett bummli: {path} ({deal}. leosztás, {a} {x} : {y} {b}). Folytatás: "
            "--resume, új bummli: --new (a mentett megmarad biztonsági másolatként)."
        ),
    ),
    "cli-ask": (
        (
            "A saved match is at {path} (deal {deal}, {a} {x} : {y} {b}). [r]esume it, start a "
            "[n]ew one (the saved one is kept as a backup), or [q]uit?"
        ),
        (
            "Van egy mentett bummli: {path} ({deal}. leosztás, {a} {x} : {y} {b}). [f]olytatod, "
            "[u]j bummlit kezdesz (a mentett megmarad biztonsági másolatként), vagy [k]ilépsz?"
        ),
    ),
    "cli-backup": ("the saved match is kept as {path}", "a mentett bummli itt maradt: {path}"),
    "cli-saved": (
        "Match saved in {path}; continue with: ulti play --game snapszli --resume --save {path}",
        "A bummli elmentve: {path}; folytatás: ulti play --game snapszli --resume --save {path}",
    ),
    "cli-no-save": ("no saved match at {path}", "nincs mentett bummli itt: {path}"),
    "cli-replay-deal": ("Deal {n}", "{n}. leosztás"),
    "cli-rules-title": (
        "Snapszli rules: {preset} (docs/SNAPSZLI.md)",
        "Snapszli szabályok: {preset} (docs/SNAPSZLI.md)",
    ),
    "cli-col-option": ("option", "beállítás"),
    "cli-col-rule": ("rule", "szabály"),
    "cli-col-value": ("value", "érték"),
    "cli-col-meaning": ("meaning", "jelentés"),
    "cli-option-twenty_four": (
        "24 cards: the IXs added, 6 cards each, the talon 11 + the turned card",
        "24 lap: a kilencesekkel, fejenként 6 lap, a talon 11 + a felfordított lap",
    ),
    "cli-option-match_points": (
        "game points that win the match (Z12)",
        "ennyi játszmapont nyeri a bummlit (Z12)",
    ),
    "cli-option-min_talon": (
        "talon size (turned card included) Z6 and Z8 need at least",
        "ennyi lap kell legalább a talonban (a felfordítottal) a cseréhez (Z6), takaráshoz (Z8)",
    ),
    "cli-option-last_trick_ten": (
        "the last trick counts 10 more (the Sixty-Six custom)",
        "az utolsó ütés 10 ponttal többet ér (a hatvanhat szokása)",
    ),
    "cli-replay-other-game": (
        "{file} is not a {game} record",
        "{file}: ez nem {game}-felvétel",
    ),
    "cli-presets": ("Presets (* chosen):", "Előbeállítások (* a választott):"),
    "cli-preset-standard": ("the rule book's game (Z1-Z13)", "a szabálykönyv játéka (Z1-Z13)"),
    "cli-rules-note": (
        (
            "A rules file is TOML with these options (and a preset), e.g. match_points = 5; "
            "give it with --rules FILE."
        ),
        (
            "A szabályfájl TOML, ezekkel a beállításokkal (és egy előbeállítással), például "
            "match_points = 5; a --rules FÁJL adja meg."
        ),
    ),
    "cli-tourn-two": (
        "--bots: a tournament needs at least two players",
        "--bots: a versenyhez legalább két játékos kell",
    ),
    "cli-tourn-positive": (
        "--deals and --workers must be positive",
        "a --deals és a --workers pozitív szám",
    ),
    "cli-tourn-seatings": (
        (
            "Every pair of players plays each deal twice, the seats swapped (the same cards and "
            "dealer), so that the cards' luck cancels."
        ),
        (
            "Minden pár kétszer játssza le a leosztásokat, helyet cserélve (ugyanazok a lapok és "
            "az osztó), így a lapjárás szerencséje kiesik."
        ),
    ),
    "cli-tourn-one-deal": (
        "One deal gives no interval: the spread needs at least two.",
        "Egy leosztásból nincs intervallum: a szóráshoz legalább kettő kell.",
    ),
    "cli-tourn-title": (
        "Snapszli duplicate tournament: {deals} deals x 2 seatings (seed {seed}, rules {preset})",
        "Snapszli páros verseny: {deals} leosztás x 2 ülésrend ({seed}. mag, szabály: {preset})",
    ),
    "cli-tourn-pairs": (
        "Pairs: difference of game points per deal",
        "Párok: a játszmapontok különbsége leosztásonként",
    ),
    "cli-col-player": ("player", "játékos"),
    "cli-col-gp": ("game points / deal", "játszmapont / leosztás"),
    "cli-col-ci": ("95% interval", "95%-os intervallum"),
    "cli-col-win": ("won", "nyert"),
    "cli-col-ms": ("decision ms (median / p95)", "döntés ms (medián / p95)"),
    "cli-col-pair": ("pair", "pár"),
    "cli-col-mean": ("mean", "átlag"),
    "cli-col-verdict": ("verdict", "ítélet"),
    "cli-tourn-ahead": ("{name} ahead", "{name} vezet"),
    "cli-tourn-not-separated": ("not separated", "nem különül el"),
    "cli-tourn-no-interval": ("no interval", "nincs intervallum"),
    "cli-tourn-wins-by": ("{name} wins by: {ends}", "{name} így nyert: {ends}"),
}

#: Why a hint (the sampling player's advice) suggests what it does.
HINT: dict[str, tuple[str, str]] = {
    "only": ("the only sensible choice", "az egyetlen értelmes lépés"),
    "quick": (
        "no deal could be looked through in the time given: the rule of thumb's choice",
        "a megadott idő alatt egy leosztást sem lehetett végiggondolni: a bevált szabály "
        "választása",
    ),
    "bid": (
        "{bid}: expected {ev} units over {n} sampled deals",
        "{bid}: várhatóan {ev} egység {n} kisorsolt leosztás alapján",
    ),
    "pickup": (
        "picking up the talon: expected {ev} units over {n} deals",
        "talonfelvétel: várhatóan {ev} egység {n} leosztás alapján",
    ),
    "trump": ("{options} (units, summed)", "{options} (egység, összesítve)"),
    "card": (
        "the soloist's units after each card, mean over the samples: {options}",
        "a felvevő egységei az egyes lapok után, a minták átlaga: {options}",
    ),
    "kontra": (
        "the soloist makes it in this share of the deals weighed by the bidding: {options}",
        "ennyi leosztásban teljesíti a felvevő (a licit szerint súlyozva): {options}",
    ),
}

#: The server's errors: what a person (or a client's author) is told when the server refuses.
ERROR: dict[str, tuple[str, str]] = {
    "bad-seat": ("seat: 0, 1 or 2", "hely: 0, 1 vagy 2"),
    "bad-token-seat": (
        "this link is not valid for this seat",
        "ez a meghívó nem erre a helyre szól",
    ),
    "bad-token-table": (
        "this link is not valid for this table",
        "ez a meghívó nem ehhez az asztalhoz szól",
    ),
    "action-text": ("an action is a short text", "a lépés egy rövid szöveg"),
    "version-int": ("the version seen is an integer", "a látott változat egész szám"),
    "bad-action": ("not an action: {why}", "nem lépés: {why}"),
    "stale": (
        "the table has moved on (version {now}, not {seen}); look again and choose anew",
        "az asztal közben változott ({now}. változat, nem {seen}.); nézd meg újra, és válassz",
    ),
    "over": ("the session is over", "a parti véget ért"),
    "not-your-turn": ("it is {name}'s turn", "most {name} következik"),
    "illegal": ("not a legal action now", "ez most nem szabályos lépés"),
    "storage": (
        "the server could not store that action; nothing changed, please try again",
        "a szerver nem tudta elmenteni a lépést; semmi sem változott, próbáld újra",
    ),
    "no-deal": ("no deal {number}", "nincs {number}. leosztás"),
    "not-over": (
        "a deal is shown whole once it is over (D2)",
        "a leosztás csak vége után látható egészben (D2)",
    ),
    "no-table": ("no such table", "nincs ilyen asztal"),
    "no-cards": (
        "no such cards (hungarian or french, hu or en)",
        "nincsenek ilyen kártyalapok (hungarian vagy french, hu vagy en)",
    ),
    "hello-first": ("the first frame is a hello", "az első üzenet a köszönés (hello)"),
    "timeout": ("no hello in time", "nem jött időben köszönés (hello)"),
    "rate-limited": ("too many messages; slow down", "túl sok üzenet; lassabban"),
    "frame-object": ("a frame is a JSON object", "egy üzenet JSON objektum"),
    "replaced": ("this seat is open in another tab", "ez a hely egy másik lapon van nyitva"),
    "unknown-frame": ("unknown frame type {kind}", "ismeretlen üzenettípus: {kind}"),
    "malformed": ("the message cannot be read: {why}", "az üzenet nem olvasható: {why}"),
    "busy-server": (
        "the server has too many connections; try again soon",
        "a szerveren túl sok a kapcsolat; próbáld újra kicsit később",
    ),
    "busy-address": (
        "too many connections from your address",
        "túl sok kapcsolat erről a címről",
    ),
    "too-many-tables": (
        "too many new tables from your address; wait a minute",
        "túl sok új asztal erről a címről; várj egy percet",
    ),
    "not-stored": (
        "the server could not store the new table; nothing was created, please try again",
        "a szerver nem tudta elmenteni az új asztalt; semmi sem jött létre, próbáld újra",
    ),
    "token-needed": (
        "a seat's token is needed (Authorization: Bearer)",
        "a hely kulcsa kell hozzá (Authorization: Bearer)",
    ),
    "bot-spec": (
        "a computer player needs a spec (random, rules, pimc)",
        "a gépi játékosnak meg kell adni a fajtáját (random, rules, pimc)",
    ),
    "bad-table": ("the table cannot be made: {why}", "az asztal nem hozható létre: {why}"),
    "too-slow": ("too slow", "túl lassú"),
    # the club (docs/CLUB.md)
    "cross-site": (
        "refused: the request came from another site",
        "elutasítva: a kérés egy másik webhelyről jött",
    ),
    "csrf": (
        "refused: the page's security token is missing or wrong; reload the page",
        "elutasítva: hiányzik vagy hibás az oldal biztonsági kulcsa; töltsd újra az oldalt",
    ),
    "bad-request": ("the request cannot be read: {why}", "a kérés nem olvasható: {why}"),
    "private": (
        "this table is private: only its invite links open it",
        "ez az asztal zárt: csak a meghívókkal lehet belépni",
    ),
    "rated-accounts": (
        "a rated table is for logged-in players only",
        "értékelt asztalhoz csak bejelentkezett játékos ülhet",
    ),
    "rated-needs-public": (
        "a rated table must be public",
        "az értékelt asztalnak nyilvánosnak kell lennie",
    ),
    "open-needs-public": (
        "a free seat is for public tables (a private table has invite links)",
        "szabad hely csak nyilvános asztalnál lehet (a zárt asztalnak meghívói vannak)",
    ),
    "one-own-seat": ("you can sit at one seat only", "csak egy helyre ülhetsz"),
    "login-needed": ("log in first", "előbb jelentkezz be"),
    "no-user": ("no such player", "nincs ilyen játékos"),
    "not-creator": (
        "only the table's creator may do that",
        "ezt csak az asztal létrehozója teheti meg",
    ),
    "seat-taken": ("this seat is not free", "ez a hely nem szabad"),
    "seated-already": ("you already sit at this table", "már ülsz ennél az asztalnál"),
    "not-seated": ("you do not sit at this table", "nem ülsz ennél az asztalnál"),
    "not-a-person": ("this seat is not a person's", "ezen a helyen nem ember ül"),
    "still-here": (
        "{name} is still at the table",
        "{name} még az asztalnál van",
    ),
    "waiting": (
        "the table waits for players: every seat must be taken first",
        "az asztal játékosokra vár: előbb minden helyet el kell foglalni",
    ),
    "watching": ("you are watching: spectators do not play", "nézőként nem lehet lépni"),
    "chat-text": ("a chat message is a text", "a csevegés üzenete szöveg"),
    "chat-name": (
        "say your name (or log in) to chat",
        "a csevegéshez add meg a neved (vagy jelentkezz be)",
    ),
    "muted": ("the table's creator has muted you", "az asztal létrehozója elnémított"),
    "chat-empty": ("an empty message", "üres üzenet"),
    "chat-long": (
        "a chat message is at most {most} characters",
        "egy üzenet legfeljebb {most} karakter",
    ),
    "chat-rate": ("too many messages; wait a little", "túl sok üzenet; várj egy kicsit"),
    "not-over-yet": (
        "a rematch is offered once the session is over",
        "visszavágót a parti vége után lehet kérni",
    ),
}

#: The club (docs/CLUB.md): accounts, the lobby, seats, spectators, chat, ratings, profiles.
#: Keys starting ``web-`` are the pages' words (sent to them by ``/api/words`` as ``club``).
CLUB: dict[str, tuple[str, str]] = {
    # -- accounts (server answers and the owner's ``ulti user`` commands)
    "name-length": (
        "a name has 2 to 24 characters",
        "a név 2–24 karakter hosszú lehet",
    ),
    "name-chars": (
        "a name may hold letters, digits, spaces and . _ - only",
        "a névben csak betű, számjegy, szóköz és . _ - állhat",
    ),
    "name-taken": ("the name {name} is taken", "ez a név már foglalt: {name}"),
    "password-length": (
        "a password has 8 to 256 characters",
        "a jelszó 8–256 karakter hosszú lehet",
    ),
    "wrong-login": ("wrong name or password", "hibás név vagy jelszó"),
    "too-many-logins": (
        "too many tries to log in; try again in {seconds} seconds",
        "túl sok bejelentkezési kísérlet; próbáld újra {seconds} másodperc múlva",
    ),
    "no-user": ("no account is named {name}", "nincs ilyen nevű fiók: {name}"),
    "user-password": ("Password", "Jelszó"),
    "user-password-again": ("The password again", "A jelszó még egyszer"),
    "user-password-mismatch": (
        "the two passwords differ; nothing was changed",
        "a két jelszó nem egyezik; semmi sem változott",
    ),
    "user-password-stdin": (
        "no password on the standard input",
        "a szabványos bemeneten nem jött jelszó",
    ),
    "user-db": (
        "cannot open the database {db}: {why}",
        "nem nyitható meg az adatbázis ({db}): {why}",
    ),
    "user-added": ("account {name} made (id {id})", "{name} fiókja elkészült (azonosító: {id})"),
    "user-reset": (
        "{name} has a new password; every session of the account has ended",
        "{name} jelszava megváltozott; a fiók minden bejelentkezése véget ért",
    ),
    "user-disabled": (
        "{name} is disabled; every session of the account has ended",
        "{name} fiókja letiltva; a fiók minden bejelentkezése véget ért",
    ),
    "user-enabled": ("{name} may log in again", "{name} újra bejelentkezhet"),
    "user-none": ("no accounts yet", "még nincs egy fiók sem"),
    "user-col-id": ("id", "azonosító"),
    "user-col-name": ("name", "név"),
    "user-col-since": ("since", "mióta"),
    "user-col-state": ("state", "állapot"),
    "user-state-active": ("active", "aktív"),
    "user-state-disabled": ("disabled", "letiltva"),
    # -- tables, seats, spectators, chat (server answers)
    # a computer player's budget in its rating's name (ulti.server.ratings.bot_title)
    "rating-bot-budget": ("{samples} samples, {ms} ms", "{samples} minta, {ms} ms"),
    "rating-bot-samples": ("{samples} samples", "{samples} minta"),
    "rating-bot-ms": ("{ms} ms a move", "lépésenként {ms} ms"),
    # -- the computer players' ratings (``ulti ratings calibrate|show``, ulti.server.calibrate)
    "ratings-game": (
        "unknown game {game}; games: {games}",
        "ismeretlen játék: {game}; játékok: {games}",
    ),
    "ratings-preset": (
        "{game} has no preset {preset}; presets: {presets}",
        "a(z) {game} játéknak nincs {preset} nevű szabályváltozata; ezek vannak: {presets}",
    ),
    "ratings-bot-unknown": (
        "{spec} is no computer player; players: {players}",
        "nincs ilyen gépi játékos: {spec}; ezek vannak: {players}",
    ),
    "ratings-bot-budget": (
        "{spec}: a budget is samples=N and/or ms=X, e.g. pimc:samples=64,ms=800",
        "{spec}: a gondolkodási keret samples=N és/vagy ms=X, például pimc:samples=64,ms=800",
    ),
    "ratings-bot-twice": (
        "{spec} and {other} are one computer player of one strength: they would share a rating",
        "{spec} és {other} ugyanaz a gépi játékos ugyanakkora erővel: egy értékszámuk volna",
    ),
    "ratings-bots-ulti": (
        "Ulti's calibration seats exactly three computer players (--bots a,b,c), not {n}",
        "az Ulti kalibrálásához pontosan három gépi játékos kell (--bots a,b,c), nem {n}",
    ),
    "ratings-bots-snapszli": (
        "Snapszli's calibration seats 2 to {most} computer players (--bots a,b), not {n}",
        "a Snapszli kalibrálásához 2–{most} gépi játékos kell (--bots a,b), nem {n}",
    ),
    "ratings-deals": (
        "--deals is a whole number from 1 to {most}, not {deals}",
        "a --deals 1 és {most} közötti egész szám, nem {deals}",
    ),
    "ratings-seed": (
        "--seed is a whole number from 0 to {most}, not {seed}",
        "a --seed 0 és {most} közötti egész szám, nem {seed}",
    ),
    "ratings-seed-used": (
        "the deals of seed {seed} have rated {family} already (the same cards would count "
        "twice); give another --seed, or none for the next unused one",
        "a(z) {seed} mag leosztásai már beszámítottak ({family}; ugyanazok a lapok kétszer "
        "számítanának); adj meg másik --seed értéket, vagy egyet se: akkor a következő "
        "használatlan jön",
    ),
    "ratings-workers": (
        "--workers is a whole number from 1 up, not {workers}",
        "a --workers legalább 1 egész szám, nem {workers}",
    ),
    "ratings-family": (
        "{family} is no rules family: a game and its preset, such as ulti/standard or "
        "snapszli/short",
        "{family}: nincs ilyen szabálycsalád; egy játék és a szabályváltozata, például "
        "ulti/standard vagy snapszli/short",
    ),
    "ratings-start": (
        "Calibrating {family}: {players}; {deals} deals x {seatings} seatings, seed {seed}",
        "Kalibrálás ({family}): {players}; {deals} leosztás x {seatings} ülésrend, mag: {seed}",
    ),
    "ratings-progress": ("deals x seatings", "leosztás x ülésrend"),
    "ratings-done": (
        "{deals} deals rated in {family}, each as a session (tables {first} to {last})",
        "{deals} leosztás számított be ({family}), mindegyik egy partiként "
        "(asztalok: {first} – {last})",
    ),
    "ratings-title": ("Leaderboard: {family}", "Ranglista: {family}"),
    "ratings-col-rank": ("place", "hely"),
    "ratings-col-player": ("player", "játékos"),
    "ratings-col-kind": ("kind", "fajta"),
    "ratings-col-rating": ("rating", "értékszám"),
    "ratings-col-skill": ("skill μ ± σ", "tudás μ ± σ"),
    "ratings-col-games": ("sessions", "partik"),
    "ratings-kind-bot": ("computer", "gép"),
    "ratings-kind-person": ("person", "ember"),
    "ratings-note": (
        "The rating is μ − 3σ, a cautious estimate; μ ± σ beside it.",
        "Az értékszám μ − 3σ, óvatos becslés; mellette μ ± σ.",
    ),
    "ratings-none": ("no one is rated yet", "még senkinek sincs értékszáma"),
    "ratings-empty": (
        "no one is rated in {family} yet",
        "{family}: még senkinek sincs értékszáma",
    ),
    # -- pages (web-*)
    "web-login": ("Log in", "Belépés"),
    "web-register": ("Register", "Regisztráció"),
    "web-logout": ("Log out", "Kilépés"),
    "web-account": ("Account", "Fiók"),
    "web-name": ("Name", "Név"),
    "web-password": ("Password", "Jelszó"),
    "web-account-hint": (
        "Name: 2–24 letters, digits, spaces or . _ -; password: at least 8 characters.",
        "Név: 2–24 betű, számjegy, szóköz vagy . _ -; jelszó: legalább 8 karakter.",
    ),
    "web-cancel": ("Cancel", "Mégse"),
    "web-welcome": ("Welcome, {name}!", "Szia, {name}!"),
    "web-logged-out": ("You have logged out.", "Kiléptél."),
    "web-failed": ("That did not work ({status}).", "Ez nem sikerült ({status})."),
    "web-tables": ("Tables", "Asztalok"),
    "web-leaderboard": ("Leaderboard", "Ranglista"),
    "web-my-profile": ("My profile", "Profilom"),
    "web-open-tables": ("Open tables", "Nyitott asztalok"),
    "web-no-tables": (
        "No open table just now: make one below.",
        "Most nincs nyitott asztal: nyiss egyet lent.",
    ),
    "web-new-table": ("A new table", "Új asztal"),
    "web-sit": ("Sit here", "Leülök"),
    "web-watch": ("Watch", "Nézem"),
    "web-free-seat": ("free seat", "szabad hely"),
    "web-watchers": ("{n} watching", "{n} néző"),
    "web-rated": ("rated", "értékelt"),
    "web-friendly": ("friendly", "barátságos"),
    "web-waiting-players": ("waiting for players", "játékosokra vár"),
    "web-playing-deal": ("playing deal {n}", "{n}. leosztás folyik"),
    "web-deals-n": ("{n} deals", "{n} leosztás"),
    "web-match-n": ("to {n} points", "{n} pontig"),
    "web-public": (
        "Public: listed among the open tables, anyone may watch",
        "Nyilvános: a nyitott asztalok között látszik, bárki nézheti",
    ),
    "web-rated-check": (
        "Rated: the result counts in the players' ratings",
        "Értékelt: az eredmény beszámít a játékosok értékszámába",
    ),
    "web-rated-login": (
        "A rated table needs an account: log in or register.",
        "Értékelt asztalhoz fiók kell: lépj be vagy regisztrálj.",
    ),
    "web-open-seat": ("Free seat (anyone may sit)", "Szabad hely (bárki leülhet)"),
    "web-me-seat": ("Me ({name})", "Én ({name})"),
    "web-bot-after": (
        "A seat left empty goes to a computer after (minutes, empty: never)",
        "Az elhagyott helyen gép játszik ennyi perc után (üresen: soha)",
    ),
    "web-your-seat": ("Your seat", "A helyed"),
    "web-open-note": (
        "free: anyone from the open tables may sit here",
        "szabad: a nyitott asztalok közül bárki leülhet ide",
    ),
    "web-sit-title": ("Take a seat", "Leülés az asztalhoz"),
    "web-guest-name": ("Your name at the table", "A neved az asztalnál"),
    "web-watching": ("You are watching", "Nézőként figyeled"),
    "web-chat": ("Chat", "Csevegés"),
    "web-chat-send": ("Send", "Küldés"),
    "web-chat-placeholder": ("A message…", "Üzenet…"),
    "web-chat-empty": ("No messages yet.", "Még nincs üzenet."),
    "web-chat-name": ("Your name in the chat", "A neved a csevegésben"),
    "web-chat-name-set": ("Use this name", "Ezzel a névvel írok"),
    "web-watcher": ("watching", "néző"),
    "web-mute": ("Mute {name}", "{name} némítása"),
    "web-unmute": ("Let {name} write again", "{name} újra írhat"),
    "web-muted": ("{name} is muted.", "{name} némítva."),
    "web-unmuted": ("{name} may write again.", "{name} újra írhat."),
    "web-left": ("has left", "elment"),
    "web-to-bot": ("Give to a computer", "Átadom a gépnek"),
    "web-to-bot-done": (
        "A computer plays for {name} from now on.",
        "Mostantól gép játszik {name} helyén.",
    ),
    "web-rematch": ("Rematch", "Visszavágó"),
    "web-rematch-offer": ("A rematch has started.", "Indul a visszavágó."),
    "web-rematch-go": ("Go to the rematch", "Irány a visszavágó"),
    "web-free-seats": ("Waiting for players: {n} free", "Játékosokra várunk: {n} szabad hely"),
    "web-player": ("Player", "Játékos"),
    "web-rating": ("Rating", "Értékszám"),
    "web-sessions": ("Sessions", "Partik"),
    "web-family": ("Game and rules", "Játék és szabályok"),
    "web-no-ratings": ("No rated session yet.", "Még nincs értékelt parti."),
    "web-rating-help": (
        "The rating is μ − 3σ, a cautious estimate; μ ± σ beside it.",
        "Az értékszám μ − 3σ, óvatos becslés; mellette μ ± σ.",
    ),
    "web-profile": ("Profile", "Profil"),
    "web-since": ("Member since {date}", "Tag {date} óta"),
    "web-deals": ("Deals", "Leosztások"),
    "web-units": ("Balance", "Egyenleg"),
    "web-per-deal": ("per deal", "leosztásonként"),
    "web-contracts": ("Contracts as soloist", "Felvett játékok"),
    "web-contract": ("Contract", "Játék"),
    "web-bid": ("bid", "vállalta"),
    "web-made": ("made", "megcsinálta"),
    "web-kontras": ("Kontras", "Kontrák"),
    "web-given": ("given", "adott"),
    "web-won": ("won", "nyert"),
    "web-lost": ("lost", "bukott"),
    "web-ratings": ("Ratings", "Értékszámok"),
    "web-history": ("Rating history", "Az értékszám alakulása"),
    "web-when": ("date", "dátum"),
    "web-recent": ("Recent sessions", "Legutóbbi partik"),
    "web-place": ("place {rank} of {n}", "{rank}. hely ({n} közül)"),
    "web-nothing-yet": ("Nothing yet.", "Még semmi."),
    "web-computer": ("computer", "gép"),
    "web-total": ("total {n}", "összesen {n}"),
    "web-rule-options": ("Rule options", "Szabályváltozatok"),
}

#: Post-deal analysis (``ulti analyze``, the terminal, the replay page) and teaching mode.
ANALYSIS: dict[str, tuple[str, str]] = {
    # the facts behind a mistake (ulti.analysis.ulti); values are the seat's own units
    "in-trick": ("Trick {n}: {what}", "{n}. ütés: {what}"),
    "opt-no-kontra": ("no kontra", "nincs kontra"),
    "opt-no-marriage": ("play without declaring", "kijátszás bemondás nélkül"),
    "talon": (
        "{taken} was worth {taken_v} units on average over {n} deals your seat could see; "
        "{best}: {best_v}.",
        "{taken} átlagosan {taken_v} egységet ért {n} leosztásban, amely a lapjaid szerint "
        "lehetséges volt; {best}: {best_v}.",
    ),
    "no-forty": (
        "The ten cards kept hold no {suit} marriage for the 40-100.",
        "A megtartott tíz lapban nincs {suit} negyven a negyvenszázhoz.",
    ),
    "no-twenty": (
        "The ten cards kept hold no marriage for the 20-100.",
        "A megtartott tíz lapban nincs húsz a húszszázhoz.",
    ),
    "no-seven": (
        "The ten cards kept hold no {suit} VII for the Ulti.",
        "A megtartott tíz lapban nincs {suit} hetes az ultihoz.",
    ),
    "aces": (
        "The ten cards kept hold {n} Aces of the four.",
        "A megtartott tíz lapban {n} ász van a négyből.",
    ),
    "auction": (
        "{taken}: {taken_v} units on average over {n} deals your seat could see; "
        "{best}: {best_v} (each valued as if the auction ended with it).",
        "{taken}: átlagosan {taken_v} egység {n} leosztásban, amely a lapjaid szerint "
        "lehetséges volt; {best}: {best_v} (mindkettő úgy számolva, mintha a licit ezzel "
        "érne véget).",
    ),
    "trump": (
        "{taken}: {taken_v} units on average over {n} deals your seat could see; {best}: {best_v}.",
        "{taken}: átlagosan {taken_v} egység {n} leosztásban, amely a lapjaid szerint "
        "lehetséges volt; {best}: {best_v}.",
    ),
    "trump-length": (
        "You held {count} cards of {suit} and {other_count} of {other}.",
        "{count} lapod volt {suit} színből és {other_count} {other} színből.",
    ),
    "side-you": ("you make", "megcsinálod"),
    "side-soloist": ("the soloist makes", "a felvevő megcsinálja"),
    "kontra-said": (
        "Over {n} deals your seat could see, {side} the {item} in {pct}% of them: "
        "{kontra} cost {amount} units on average.",
        "A lapjaid szerint lehetséges {n} leosztás {pct}%-ában {side} ezt: {item}; "
        "a(z) {kontra} átlagosan {amount} egységbe került.",
    ),
    "kontra-missed": (
        "Over {n} deals your seat could see, {side} the {item} in {pct}% of them: "
        "{kontra} would have won {amount} units on average.",
        "A lapjaid szerint lehetséges {n} leosztás {pct}%-ában {side} ezt: {item}; "
        "a(z) {kontra} átlagosan {amount} egységet hozott volna.",
    ),
    "kontra-other": (
        "{taken}: {taken_v} units on average over {n} deals your seat could see; {best}: {best_v}.",
        "{taken}: átlagosan {taken_v} egység {n} leosztásban, amely a lapjaid szerint "
        "lehetséges volt; {best}: {best_v}.",
    ),
    "marriage": (
        "The {suit} marriage ({points}) was not declared before the first card: it would have "
        "counted for your side, worth {amount} units.",
        "A(z) {suit} {points} bemondás elmaradt az első lap előtt: a csapatodnak számított "
        "volna, {amount} egységet ért.",
    ),
    "card-lost": (
        "{card} lost the {item}: after it best defence beats it, while {best} made it.",
        "{card} elbukta ezt: {item}: utána a legjobb védekezés megfogja, {best} után megcsinálod.",
    ),
    "card-gave": (
        "{card} let the soloist make the {item}: after it every defence loses it, while "
        "{best} beat it.",
        "{card} után a felvevő megcsinálja ezt: {item}: onnan minden védekezés bukik, {best} "
        "után megfogtátok volna.",
    ),
    "card-units": (
        "{card}: best play after it gives you {taken_v} units, after {best} {best_v}.",
        "{card}: utána a legjobb játékkal {taken_v} egység jár neked, {best} után {best_v}.",
    ),
    "seven-held": (
        "The soloist still held the trump VII ({suit}) and {trumps}{keep}.",
        "A felvevőnél még ott volt az aduhetes ({suit}), {trumps}{keep}.",
    ),
    "trumps-0": ("you held no trump", "nálad nem volt adu"),
    "trumps-1": ("you held one trump", "nálad egy adu volt"),
    "trumps-n": ("you held {n} trumps", "nálad {n} adu volt"),
    "keep-trump": (
        ": you had to keep your trump for the last trick",
        ": az adudat meg kellett tartanod az utolsó ütésre",
    ),
    "points": (
        "The soloist ends with {p} card points under best play after it, {q} after {best}.",
        "A felvevőnek a legjobb játékkal utána {p} pontja lesz, {best} után {q}.",
    ),
    "gave-points": (
        "Your {card} went into the other side's trick.",
        "A(z) {card} a másik fél ütésébe került.",
    ),
    "cost": ("It cost {amount} units.", "Ez {amount} egységbe került."),
    "teach": (
        "{card} loses {amount} units on average against {best}, over {n} deals your seat "
        "could see.",
        "{card} átlagosan {amount} egységgel rosszabb, mint {best}, {n} leosztás alapján, "
        "amely a lapjaid szerint lehetséges.",
    ),
    # the words of the reports (ulti analyze, the terminal, the replay page)
    "title": ("Analysis", "Elemzés"),
    "deal": ("Deal {n}", "{n}. leosztás"),
    "kind-talon": ("talon and bid", "talon és licit"),
    "kind-auction": ("auction", "licit"),
    "kind-trump": ("trump", "adu"),
    "kind-kontra": ("kontra", "kontra"),
    "kind-marriage": ("marriage", "bemondás"),
    "kind-card": ("card", "lap"),
    "seat": ("seat", "hely"),
    "decision": ("decision", "döntés"),
    "taken": ("taken", "választott"),
    "best": ("best", "legjobb"),
    "loss": ("lost", "veszteség"),
    "dd": ("all hands open", "nyílt lapokkal"),
    "vs": ("{best} against {taken} taken", "{best}, a választott {taken}"),
    "info": ("from the seat", "a játékos lapjaiból"),
    "judged-dd": (
        "judged with all hands open (exact)",
        "nyílt lapokkal megítélve (pontos)",
    ),
    "judged-info": (
        "judged from what the seat could see ({n} sampled deals)",
        "a játékos által látottak alapján megítélve ({n} kisorsolt leosztás)",
    ),
    "mistake": ("mistake", "hiba"),
    "mistakes": ("Mistakes", "Hibák"),
    "no-mistakes": (
        "No mistakes of {threshold} units or more.",
        "Nincs {threshold} egységes vagy nagyobb hiba.",
    ),
    "accuracy": ("accuracy", "pontosság"),
    "lost-units": ("units lost", "elvesztett egység"),
    "summary": ("Summary", "Összegzés"),
    "worst": ("The costliest mistakes", "A legdrágább hibák"),
    "curve": (
        "The soloist's units under best play, after each trick",
        "A felvevő egységei legjobb játékkal, ütésenként",
    ),
    "curve-start": ("first lead", "első hívás"),
    "curve-x": ("tricks played", "lejátszott ütések"),
    "curve-y": ("the soloist's units", "a felvevő egységei"),
    "seat-n": ("seat {n}", "{n}. hely"),
    "lost-title": ("Units lost to mistakes", "Hibákon elvesztett egységek"),
    "contract": (
        "{contract}, soloist: {soloist}, result: {returns}",
        "{contract}, felvevő: {soloist}, eredmény: {returns}",
    ),
    "thrown-in": (
        "Nobody bid: the deal was thrown in.",
        "Senki sem licitált: a leosztás elmaradt.",
    ),
    "threshold": (
        "--threshold: a number of units above 0, not {threshold}",
        "--threshold: 0-nál nagyobb egységszám, nem {threshold}",
    ),
    "only-ulti": (
        "{file}: a Snapszli record; analysis is for Ulti deals",
        "{file}: snapszlifelvétel; az elemzés ulti leosztásokra való",
    ),
    "no-deal": (
        "{file} has {n} finished deals; there is no deal {deal}",
        "{file} {n} befejezett leosztást tartalmaz; nincs {deal}. leosztás",
    ),
    "exists": (
        "{file} exists; add --force to overwrite it",
        "{file} már létezik; felülírni a --force kapcsolóval lehet",
    ),
    "wrote": ("Wrote {file}", "Elkészült: {file}"),
    "all-hint": ("Every decision: --all", "Minden döntés: --all"),
    "no-play": (
        "The deal was not played out: nothing to chart.",
        "A leosztást nem játszották le: nincs mit ábrázolni.",
    ),
    "skipped": (
        "{n} decisions not analysed (V1's first round, claims).",
        "{n} döntés nincs elemezve (V1 első köre, lejátszás nélküli bemondások).",
    ),
    "units": ("{n} units", "{n} egység"),
    "progress": ("analysing", "elemzés"),
    "thinking": ("Analysing the deal…", "A leosztás elemzése…"),
    "sure": ("Are you sure?", "Biztos?"),
    "play-anyway": ("Play it anyway", "Mégis ezt játszom"),
    "take-back": ("Choose again", "Másikat választok"),
    "teaching": ("Teaching mode", "Tanuló mód"),
    "teaching-doc": (
        "Before a card that loses units by the computer's judgement (from your cards only), "
        "ask first and say why.",
        "Ha egy lap a gép szerint (csak a te lapjaid alapján) egységeket veszít, kérdezzen rá, "
        "és mondja meg, miért.",
    ),
    # the terminal (ulti play): its keys, the analysis screen and teaching mode
    "tui-keys": (
        "a             analysis of the deal, once it is over\n"
        "e             teaching mode on or off (asks before a card that loses units)",
        "a             a leosztás elemzése, ha véget ért\n"
        "e             tanuló mód be/ki (rákérdez, ha egy lap egységeket veszít)",
    ),
    "tui-footer-analysis": ("a Analysis", "a Elemzés"),
    "tui-footer-teach": ("e Teaching {state}", "e Tanuló {state}"),
    "tui-on": ("on", "be"),
    "tui-off": ("off", "ki"),
    "tui-not-over": (
        "The analysis opens once the deal is over.",
        "Az elemzés a leosztás végén nyitható meg.",
    ),
    "tui-failed": ("The analysis failed: {error}", "Az elemzés nem sikerült: {error}"),
    "tui-decisions": ("decisions", "döntés"),
    "tui-mistakes": ("mistakes", "hiba"),
    "tui-decisions-list": ("Every decision", "Minden döntés"),
    "tui-seat-col": ("player", "játékos"),
    "tui-none": ("nothing to judge", "nincs mit megítélni"),
    # -- terminal keys end
    # the web: the replay page's analysis panel, teaching mode at the table, their refusals
    "web-decisions": ("Decisions", "Döntések"),
    "web-no-decisions": (
        "No decision of this deal had a choice.",
        "Ebben a leosztásban nem volt választás.",
    ),
    "web-here": ("At this step", "Ennél a lépésnél"),
    "web-nothing-here": (
        "No choice was made at this step.",
        "Ennél a lépésnél nem volt választás.",
    ),
    "web-x": ("tricks played", "lejátszott ütések"),
    "web-y": ("the soloist's units", "a felvevő egységei"),
    "web-jump": ("Go to this step", "Ugrás ide"),
    "web-threshold": (
        "A mistake loses {threshold} units or more.",
        "Hiba az, ami legalább {threshold} egységbe kerül.",
    ),
    "web-failed": ("The analysis could not be loaded.", "Az elemzést nem sikerült betölteni."),
    "web-checking": ("Weighing the card…", "A lap mérlegelése…"),
    "web-teach-failed": (
        "The card could not be weighed: play it or choose again.",
        "A lapot nem sikerült mérlegelni: kijátszhatod, vagy választhatsz másikat.",
    ),
    "err-ulti-only": ("the analysis is for Ulti deals only", "elemzés csak ulti leosztásokhoz van"),
    "err-busy": (
        "the server is analysing other deals: try again in a minute",
        "a szerver most más leosztásokat elemez: próbáld újra egy perc múlva",
    ),
    "err-failed": (
        "the analysis could not be finished: try again later",
        "az elemzés nem készült el: próbáld újra később",
    ),
    "err-rated": ("teaching mode is off at rated tables", "értékelt asztalnál nincs tanuló mód"),
    "err-bots": (
        "teaching mode is for play against computer players",
        "tanuló mód csak gép elleni játékban van",
    ),
    "err-not-card": (
        "teaching mode weighs cards: it is not the time to play one",
        "tanuló mód a lapokat mérlegeli: most nem lapot kell hívni",
    ),
    "err-card": ("card: a card of the hand, 0 to 31", "lap: a kézben lévő lap, 0 és 31 között"),
    "err-threshold": (
        "threshold: a number of units from 0.1 to 100",
        "küszöb: egységek száma 0,1 és 100 között",
    ),
    "err-teach-busy": ("the last card is still being weighed", "az előző lap mérlegelése még tart"),
    "err-teach-failed": (
        "the card could not be weighed now",
        "a lapot most nem sikerült mérlegelni",
    ),
    # -- web keys end
}

#: ``ulti selfplay`` (ulti.arena.selfplay): its refusals, progress and summary.
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

SELFPLAY: dict[str, tuple[str, str]] = {
    "needs-pyarrow": (
        "ulti selfplay needs PyArrow: pip install 'ulti[research]'",
        "az ulti selfplay parancshoz PyArrow kell: pip install 'ulti[research]'",
    ),
    "deals": (
        "--deals: a number of deals from 1 to {most}, not {deals}",
        "--deals: a leosztások száma 1 és {most} között, nem {deals}",
    ),
    "shard-deals": (
        "--shard-deals: deals per file, from 1 to {most}, not {n}",
        "--shard-deals: leosztás fájlonként, 1 és {most} között, nem {n}",
    ),
    "seed": (
        "--seed: a whole number from 0 to {most}, not {seed}",
        "--seed: egész szám 0 és {most} között, nem {seed}",
    ),
    "workers": (
        "--workers: at least one worker process, not {n}",
        "--workers: legalább egy munkafolyamat kell, nem {n}",
    ),
    "ray-workers": (
        "--ray and --workers: the Ray cluster's CPUs are the workers; give one of them",
        "--ray és --workers: a Ray-fürt processzorai a munkafolyamatok; csak az egyiket add meg",
    ),
    "ray-empty": (
        "--ray: 'local' or a cluster's address",
        "--ray: 'local' vagy egy fürt címe",
    ),
    "ray": ("{why}", "Ray-hiba: {why}"),
    "bots-count": (
        "--bots: one player for all three seats, or three players (one a seat), not {n}",
        "--bots: egy játékos mindhárom helyre, vagy három játékos (helyenként egy), nem {n}",
    ),
    "bot-unknown": (
        "--bots: unknown player {name!r}; players: {players}",
        "--bots: ismeretlen játékos: {name!r}; játékosok: {players}",
    ),
    "bot-budget": (
        "--bots: {spec!r}: {why}",
        "--bots: {spec!r} hibás: {why}",
    ),
    "bot-ms": (
        "--bots: {spec!r}: self-play budgets by samples only (samples=N), so that the data do "
        "not depend on the machine's speed; leave out ms=",
        "--bots: {spec!r}: az önjáték csak mintaszámmal korlátoz (samples=N), hogy az adatok ne "
        "függjenek a gép sebességétől; hagyd el az ms= részt",
    ),
    "samples": (
        "--samples: a whole number from 1 to {most}, not {samples}",
        "--samples: egész szám 1 és {most} között, nem {samples}",
    ),
    "max-kontra": (
        "--max-kontra: 2 to {most} (V11: the information state needs a kontra cap), not {n}",
        "--max-kontra: 2 és {most} között (V11: az információs állapothoz korlátos kontra "
        "kell), nem {n}",
    ),
    "out-file": (
        "--out: {out} is a file; give a folder",
        "--out: {out} egy fájl; mappát adj meg",
    ),
    "out-write": (
        "--out: cannot write in {out}: {why}",
        "--out: nem lehet írni ide: {out}: {why}",
    ),
    "manifest-bad": (
        "{file} is not a self-play manifest ({why}); give another --out",
        "{file} nem önjáték-leírás ({why}); adj meg másik --out mappát",
    ),
    "manifest-differs": (
        "{out} holds self-play data made with other parameters ({what}): give the same "
        "parameters to resume, or another --out",
        "{out} más paraméterekkel készült önjáték-adatokat tartalmaz ({what}): a folytatáshoz "
        "ugyanazokat a paramétereket add meg, vagy másik --out mappát",
    ),
    "start": (
        "Self-play: {deals} deals by {bots} (seed {seed}, rules {preset}, kontras capped at "
        "{cap}) in {out}, {shard_deals} deals a file ({shards} in all)",
        "Önjáték: {deals} leosztás, játékosok: {bots} ({seed}. mag, szabályok: {preset}, "
        "kontra legfeljebb {cap}. szintig), ide: {out}, fájlonként {shard_deals} leosztás "
        "(összesen {shards})",
    ),
    "resume": (
        "{done} of {shards} files are written already: playing the rest",
        "{shards} fájlból {done} már elkészült: a többi következik",
    ),
    "complete": (
        "All {shards} files are written already: nothing to play",
        "Mind a(z) {shards} fájl elkészült már: nincs mit játszani",
    ),
    "progress": ("deals", "leosztás"),
    "done": (
        "{rows} rows from {deals} deals; files: {shards} new, {skipped} there already, {files} "
        "in {out}; {seconds} s, {rate} rows/s",
        "{rows} sor {deals} leosztásból; fájlok: {shards} új, {skipped} már megvolt, {files} "
        "itt: {out}; {seconds} mp, {rate} sor/mp",
    ),
}

#: A tournament's checkpoint (``ulti tournament --checkpoint``) that cannot be used.
CHECKPOINT: dict[str, tuple[str, str]] = {
    "unwritable": (
        "cannot keep a checkpoint in {path}: {why}",
        "nem tartható mentési pont itt: {path}: {why}",
    ),
    "busy": (
        "{path} is in use by another tournament running now; wait for it to end, or give "
        "another file",
        "a(z) {path} fájlt most egy másik futó verseny használja; várd meg a végét, vagy adj "
        "meg másik fájlt",
    ),
    "not-checkpoint": (
        "{path} is not a tournament checkpoint; it is left as it is: give another file",
        "a(z) {path} nem verseny-mentési pont; érintetlen marad: adj meg másik fájlt",
    ),
    "other": (
        "{path} is the checkpoint of another tournament (it differs in: {what}); it is left "
        "as it is: give the same settings, or another file",
        "a(z) {path} egy másik verseny mentési pontja (eltér ebben: {what}); érintetlen "
        "marad: add meg ugyanazokat a beállításokat, vagy másik fájlt",
    ),
    "bad-line": (
        "{path}, line {line}: not a game of this tournament; the file is left as it is",
        "{path}, {line}. sor: nem ennek a versenynek a játszmája; a fájl érintetlen marad",
    ),
}

_SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "": NAMES,
    "option": OPTION,
    "preset": PRESET,
    "rules": RULES,
    "record": RECORD,
    "cli": CLI,
    "ui": UI,
    "web": WEB,
    "reason": REASON,
    "doing": DOING,
    "line": LINE,
    "end": END,
    "play": PLAY,
    "hint": HINT,
    "snap": SNAP,
    "error": ERROR,
    "club": CLUB,
    "analysis": ANALYSIS,
    "selfplay": SELFPLAY,
    "players": PLAYERS,
    "checkpoint": CHECKPOINT,
}

#: Every text, by its full key (``section.name``; the names have no section).
CATALOGUE: dict[str, tuple[str, str]] = {
    (f"{sec}.{key}" if sec else key): words
    for sec, table in _SECTIONS.items()
    for key, words in table.items()
}


def pair(key: str) -> tuple[str, str]:
    """The English and Hungarian words of ``key`` (KeyError names a missing key)."""
    return CATALOGUE[key]


def text(key: str, lang: str = "en", /, **fields: object) -> str:
    """The words of ``key`` in ``lang`` (``en`` for any other), with ``fields`` filled in."""
    words = CATALOGUE[key][1 if lang == "hu" else 0]
    return words.format(**fields) if fields else words


def both(key: str, /, **fields: object) -> dict[str, str]:
    """``{"en": …, "hu": …}``: the words of ``key`` in both languages (for a client that
    switches language without asking the server again)."""
    return {lang: text(key, lang, **fields) for lang in LANGS}


def section(name: str, lang: str = "en") -> dict[str, str]:
    """Every text of a section in one language, keyed without the section (``web`` for the
    browser, served as JSON)."""
    i = 1 if lang == "hu" else 0
    return {k: v[i] for k, v in _SECTIONS[name].items()}


def names(prefix: str, n: int, lang: str, start: int = 0) -> tuple[str, ...]:
    """``prefix.start`` … ``prefix.start+n-1`` in ``lang`` (the suits, the ranks …)."""
    return tuple(text(f"{prefix}.{i}", lang) for i in range(start, start + n))


def keys() -> Iterator[str]:
    return iter(CATALOGUE)


def fields_of(words: str) -> set[str]:
    """The ``{fields}`` a text holds."""
    import string

    return {f for _, f, _, _ in string.Formatter().parse(words) if f}


def check(catalogue: Mapping[str, tuple[str, str]] = CATALOGUE) -> list[str]:
    """What is wrong with a catalogue: an empty text, or languages with different fields."""
    out = []
    for key, (en, hu) in catalogue.items():
        if not en or not hu:
            out.append(f"{key}: a language is missing")
        elif fields_of(en) != fields_of(hu):
            out.append(f"{key}: the languages hold different fields")
    return out
