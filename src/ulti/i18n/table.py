"""The table's words: the terminal game (``ui``) and the browser's pages (``web``, served
as JSON by ``/api/words``).

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

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

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"ui": UI, "web": WEB}
