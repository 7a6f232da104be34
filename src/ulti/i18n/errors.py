"""The server's refusals: what a person (or a client's author) is told.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

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

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"error": ERROR}
