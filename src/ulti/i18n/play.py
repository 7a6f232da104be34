"""A deal in play and settled: the hints while it is played, each settlement line and
summary line, and how a deal ended.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

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

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"line": LINE, "end": END, "hint": HINT}
