"""Snapszli (docs/SNAPSZLI.md): its actions, refusals, ends, the record's account, the
command line's and the pages' words (``web-`` keys).

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

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

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"snap": SNAP}
