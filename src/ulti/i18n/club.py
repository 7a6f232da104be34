"""The club (docs/CLUB.md): accounts, the lobby, seats, spectators, chat, ratings, profiles;
``web-`` keys are the pages' words.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

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

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"club": CLUB}
