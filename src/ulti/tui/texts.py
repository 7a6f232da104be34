"""The terminal game's words, in English and Hungarian."""

from __future__ import annotations

from ulti.cards import RANK_FACES, RANK_NAMES_EN, RANK_NAMES_HU, SUIT_NAMES_EN, SUIT_NAMES_HU

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Ulti",
        "deal": "Deal",
        "dealer": "dealer",
        "contract": "Contract",
        "trump": "trump",
        "no_trump": "no trump",
        "auction": "Auction",
        "you": "You",
        "soloist": "soloist",
        "defender": "defender",
        "cards": "cards",
        "card": "card",
        "trump_pending": "trump being named",
        "no_more_kontra": "no further kontra",
        "lays_talon": "lays two cards",
        "too_small": "The terminal is too small for the table: it needs {w}×{h}, it is "
        "{width}×{height}. Make the window larger.",
        "keys_title": "Keys",
        "keys_body": (
            "1-9, 0, -, =  the hand's cards, left to right (play one; choose two to lay)\n"
            "← →           move between the cards; Enter plays the one chosen\n"
            "l             lay the two chosen cards as the talon\n"
            "p             pass          u  pick up the talon      b  the bids\n"
            "k             kontra        m  declare a marriage     c  claim\n"
            "t             name the first trump offered (Tab reaches the others)\n"
            "h             hint          w  why not? (the cards you may not play)\n"
            "s             score sheet   ?  these keys             q  quit"
        ),
        "pass": "Pass",
        "pickup": "Pick up",
        "lay": "Lay these two",
        "bid": "Bid…",
        "claim": "Claim",
        "hint": "Hint",
        "trick": "Trick",
        "last_trick": "Last trick",
        "your_turn": "Your turn",
        "waiting": "waiting for",
        "choose_two": "Choose two cards to lay as the talon, then lay them.",
        "choose_bid": "Choose your bid (rank · bid · value)",
        "choose_trump": "Announce the trump",
        "settlement": "Settlement",
        "next_deal": "Next deal",
        "score_sheet": "Score sheet",
        "session_over": "The session is over.",
        "winner": "Winner",
        "close": "Close",
        "kontra_answer": "Answer the kontras, or pass",
        "marriage": "Declare",
        "open_hands": "Open hands",
        "talon": "Talon",
        "hint_thinking": "Thinking…",
        "illegal": "Not now",
        "points": "points",
    },
    "hu": {
        "title": "Ulti",
        "deal": "Leosztás",
        "dealer": "osztó",
        "contract": "Bemondás",
        "trump": "adu",
        "no_trump": "színtelen",
        "auction": "Licit",
        "you": "Te",
        "soloist": "felvevő",
        "defender": "ellenjátékos",
        "cards": "lap",
        "card": "lap",
        "trump_pending": "az adut most mondja",
        "no_more_kontra": "nem kontráz tovább",
        "lays_talon": "letesz két lapot",
        "too_small": "A terminál túl kicsi az asztalhoz: {w}×{h} kell, most {width}×{height}. "
        "Nagyítsd az ablakot.",
        "keys_title": "Billentyűk",
        "keys_body": (
            "1-9, 0, -, =  a kézben lévő lapok balról jobbra (kijátszás; letételhez kettő)\n"
            "← →           lépés a lapok között; Enter kijátssza a kiválasztottat\n"
            "l             a két kiválasztott lap letétele talonnak\n"
            "p             passz         u  talon felvétele        b  licitek\n"
            "k             kontra        m  bemondás               c  terítés kérése\n"
            "t             az első felkínált adu (a többi Tab-bal érhető el)\n"
            "h             tipp          w  miért nem? (a nem hívható lapok)\n"
            "s             eredménylap   ?  ezek a billentyűk      q  kilépés"
        ),
        "pass": "Passz",
        "pickup": "Felveszem",
        "lay": "Ezt a kettőt lerakom",
        "bid": "Licit…",
        "claim": "Bemondom a végét",
        "hint": "Súgó",
        "trick": "Ütés",
        "last_trick": "Előző ütés",
        "your_turn": "Te jössz",
        "waiting": "vár:",
        "choose_two": "Válassz két lapot a talonba, majd rakd le őket.",
        "choose_bid": "Válassz licitet (rang · licit · érték)",
        "choose_trump": "Mondd be az adut",
        "settlement": "Elszámolás",
        "next_deal": "Következő leosztás",
        "score_sheet": "Eredménylap",
        "session_over": "A parti véget ért.",
        "winner": "Győztes",
        "close": "Bezár",
        "kontra_answer": "Válaszolj a kontrákra, vagy passzolj",
        "marriage": "Bemondom",
        "open_hands": "Terített lapok",
        "talon": "Talon",
        "hint_thinking": "Gondolkodom…",
        "illegal": "Most nem",
        "points": "pont",
    },
}


def t(lang: str, key: str) -> str:
    return TEXTS.get(lang, TEXTS["en"]).get(key, TEXTS["en"][key])


def suit_name(lang: str, suit: int) -> str:
    return SUIT_NAMES_HU[suit] if lang == "hu" else SUIT_NAMES_EN[suit]


def rank_short(lang: str, rank: int) -> str:
    """A rank in few letters: ``ász``/``Ace`` are long, so faces for 7-10."""
    if lang == "hu":
        return RANK_NAMES_HU[rank] if rank >= 4 else RANK_FACES[rank]
    return RANK_NAMES_EN[rank] if rank >= 4 else RANK_FACES[rank]
