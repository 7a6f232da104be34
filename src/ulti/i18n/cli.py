"""The command line's words: the Ulti commands (``ulti rules``, ``replay``, ``demo``,
``solve``, ``tournament``) and what ``ulti play`` and the record readers say about files.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

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

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"cli": CLI, "play": PLAY}
