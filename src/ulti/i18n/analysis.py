"""Post-deal analysis (``ulti analyze``, the terminal, the replay page) and teaching mode.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

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

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"analysis": ANALYSIS}
