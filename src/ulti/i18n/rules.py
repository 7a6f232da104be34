"""The rules in words: the rule options and presets, a ruleset refused, why an action is
refused (the legality reasons) and what a seat is expected to do in each phase.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

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

#: A ruleset refused (ulti.games.ulti.rules.RulesetError, naming the RULES.md rule): its ``str`` is
#: the English, :meth:`~ulti.games.ulti.rules.RulesetError.text` either language.
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

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "option": OPTION,
    "preset": PRESET,
    "rules": RULES,
    "reason": REASON,
    "doing": DOING,
}
