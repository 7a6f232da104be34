"""Puzzles from real deals: the decisions where one choice was clearly best from what the seat
knew, kept with the position, the answer, every alternative's value and the reason in words.

>>> found = mine(deal)                                   # a finished deal  # doctest: +SKIP
>>> found[0].answer_option.label("hu")                                      # doctest: +SKIP

**What makes a puzzle.**  :func:`mine` analyses a finished deal (:func:`ulti.analysis.ulti.analyze`,
with each decision's runner-up explained) and keeps a decision when

* it is a card played (R1-R4), the two cards laid from the talon with the bid said (D4, A2),
  an auction's pass, pick-up or bid (A3, V4), a trump named (B6), or a kontra said or not
  (K1, K2);
* **from the seat** (the sampling player's expectation over deals consistent with what the seat
  saw), the best alternative beats the runner-up by at least ``margin`` units, and by at least
  :data:`Z` standard errors of that difference (paired over the same sampled deals), so that
  sampling noise never makes a puzzle; the best is then the only alternative within the margin;
* **double dummy** (all hands open, solved exactly) the same alternative is also best, so that
  the answer is right however the hidden cards lay in this deal.

**The position** is the deal's record (:mod:`ulti.games.ulti.record`, our notation) and the
number of actions played before the decision (:attr:`Puzzle.step`); what a solver is shown is
that seat's observation there (:meth:`Puzzle.observation`) and nothing else: a puzzle never
shows a card its seat could not know.

**Themes** (:data:`THEMES`, each named in both languages as ``puzzles.theme-<tag>``): the kind of
decision, the side (soloist or defence), and for card play and kontras the contract's families
with the telling cases named (a Betli defended, an Ulti's endgame, a Durchmars lead, counting to
100 in a 40-100), and the stage of play.

**Values** are in the deciding seat's own units, as the analysis gives them.
"""

from __future__ import annotations

import hashlib
import json
import math
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ulti.analysis.ulti import EQUAL, Decision, Option, analyze, fact_text, number
from ulti.core.seeds import derive_seed
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.actions import discard as discard_action
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.record import action_code, from_record, to_record
from ulti.games.ulti.rules import Ruleset
from ulti.i18n import LANGS, text
from ulti.players import make_player, resolve
from ulti.players.base import MAX_MS, Budget
from ulti.players.ulti import play_deal

#: Default: the best beats the runner-up by at least this many units (the seat's view).
MARGIN = 1.0
#: ... and by at least this many standard errors of that difference.
Z = 2.5
#: The seat's view per decision when mining: this many sampled deals, with no time limit (the
#: same puzzles on every machine).
SAMPLES = 24
MINING_BUDGET = Budget(SAMPLES, MAX_MS)

#: The decisions a puzzle may ask (the analysis's kinds; ``auction`` is shown as a bid).
KINDS = ("card", "talon", "auction", "trump", "kontra")
#: Every theme tag, in the order a theme filter lists them.
THEMES = (
    "card",
    "talon",
    "auction",
    "trump",
    "kontra",
    "soloist",
    "defence",
    "simple",
    "forty-hundred",
    "twenty-hundred",
    "counting",
    "ulti",
    "ulti-endgame",
    "betli",
    "betli-defence",
    "durchmars",
    "durchmars-lead",
    "four-aces",
    "opening",
    "middlegame",
    "endgame",
)
#: A talon puzzle offers the best and at most this many other alternatives (the best-valued:
#: a hand of twelve may be laid and bid in a hundred ways, most of them plainly poor).
TALON_CHOICES = 6


@dataclass(frozen=True)
class Choice:
    """One alternative a puzzle offers: the actions it takes (a talon choice: the two cards
    laid and the bid; a kontra declined: none), its words and its value in each view."""

    actions: tuple[str, ...]
    label: dict[str, str]
    info: float
    dd: float
    cards: tuple[int, ...] = ()  # a card played, or the two laid

    def to_dict(self) -> dict[str, Any]:
        return {
            "actions": list(self.actions),
            "label": dict(self.label),
            "info": round(self.info, 2),
            "dd": round(self.dd, 2),
            "cards": list(self.cards),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Choice:
        return cls(
            tuple(d["actions"]),
            dict(d["label"]),
            float(d["info"]),
            float(d["dd"]),
            tuple(d.get("cards", ())),
        )


@dataclass(frozen=True)
class Puzzle:
    """A position (a deal's record and the actions played before it), the seat to decide, the
    choices with their values (:attr:`answers` index the right ones: the best, and any
    worth exactly as much, such as a touching card), the margin it won by, its themes and
    why, in each language."""

    id: str
    game: str
    kind: str
    seat: int
    step: int
    record: dict[str, Any]  # the whole finished deal (the position: its first `step` actions)
    choices: tuple[Choice, ...]
    answers: tuple[int, ...]  # the right choices: the best and any worth exactly as much
    margin: float
    samples: int
    themes: tuple[str, ...]
    why: dict[str, str] = field(default_factory=dict)

    @property
    def answer_choice(self) -> Choice:
        return self.choices[self.answers[0]]

    def right(self, choice: int) -> bool:
        return choice in self.answers

    def deal(self) -> Deal:
        """The deal at the position (the record's first :attr:`step` actions replayed)."""
        rec = {k: v for k, v in self.record.items() if k != "result"}
        rec["actions"] = self.record["actions"][: self.step]
        return from_record(rec)

    def finished(self) -> Deal:
        """The whole deal as it was played (for checking a puzzle: never shown to a solver)."""
        return from_record(self.record)

    def observation(self) -> Observation:
        """What the seat saw when it decided: all a solver is shown."""
        return self.deal().observation(self.seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "seat": self.seat,
            "step": self.step,
            "record": self.record,
            "choices": [c.to_dict() for c in self.choices],
            "answers": list(self.answers),
            "margin": round(self.margin, 2),
            "samples": self.samples,
            "themes": list(self.themes),
            "why": dict(self.why),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Puzzle:
        return cls(
            d["id"],
            d["game"],
            d["kind"],
            int(d["seat"]),
            int(d["step"]),
            d["record"],
            tuple(Choice.from_dict(c) for c in d["choices"]),
            tuple(int(i) for i in d["answers"]),
            float(d["margin"]),
            int(d["samples"]),
            tuple(d["themes"]),
            dict(d.get("why", {})),
        )


def puzzle_id(record: dict[str, Any], step: int, seat: int) -> str:
    """A position's stable name: the same deal and step give the same puzzle wherever mined."""
    key: dict[str, Any] = {k: record[k] for k in ("rules", "seed", "dealer", "deck") if k in record}
    key["actions"] = record["actions"][:step]
    raw = json.dumps([key, seat], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()[:12]


# -------------------------------------------------------------------------------------------
# mining


def mine(
    deal: Deal,
    margin: float = MARGIN,
    budget: Budget | None = None,
    seed: int = 0,
    players: list[str] | None = None,
) -> list[Puzzle]:
    """The puzzles of a finished deal (see the module documentation), in the deal's order."""
    if not (isinstance(margin, (int, float)) and math.isfinite(margin) and margin > 0):
        raise ValueError(f"the margin is a number of units above 0, not {margin!r}")
    a = analyze(deal, budget or MINING_BUDGET, seed=seed, why=True)
    record = to_record(deal, players)
    return [p for dec in a.decisions if (p := _puzzle(deal, record, dec, margin)) is not None]


def equals(dec: Decision) -> list[Option]:
    """The seat's view's best alternative and those worth exactly as much (touching cards)."""
    best = dec.best("info")
    if best is None or best.info is None:
        return []
    top = best.info
    return [o for o in dec.options if o.info is not None and abs(o.info - top) < EQUAL]


def clear(dec: Decision, margin: float) -> bool:
    """Whether a decision makes a puzzle: its seat's view's best (with its equals) beats the
    runner-up by the margin and by :data:`Z` standard errors, and is best double dummy too."""
    if dec.kind not in KINDS:
        return False
    gap = dec.gap("info")
    if gap is None or gap < margin - 1e-9:
        return False
    if dec.gap_se is not None and gap < Z * dec.gap_se - 1e-9:
        return False
    right = equals(dec)
    dds = [o.dd for o in right]
    rest = [o.dd for o in dec.options if all(o is not r for r in right)]
    if any(x is None for x in dds) or any(x is None for x in rest):
        return False
    low = min(x for x in dds if x is not None)
    return all(x is not None and x <= low + 1e-9 for x in rest)


def _puzzle(deal: Deal, record: dict[str, Any], dec: Decision, margin: float) -> Puzzle | None:
    if not clear(dec, margin):
        return None
    best = dec.best("info")
    assert best is not None
    right = equals(dec)
    ranked = sorted(dec.options, key=lambda o: -(o.info or 0.0))
    if dec.kind == "talon":
        ranked = ranked[: max(len(right), 1) + TALON_CHOICES]
    choices = tuple(_choice(o, dec) for o in ranked)
    answers = tuple(i for i, o in enumerate(ranked) if any(o is r for r in right))
    gap = dec.gap("info")
    assert gap is not None
    why = {lang: _why(dec, best, lang) for lang in LANGS}
    return Puzzle(
        puzzle_id(record, dec.index, dec.seat),
        "ulti",
        dec.kind,
        dec.seat,
        dec.index,
        record,
        choices,
        answers,
        gap,
        dec.samples,
        themes(deal, dec),
        why,
    )


def _choice(o: Option, dec: Decision) -> Choice:
    rules = dec.rules
    label = {lang: o.label(lang, rules) for lang in LANGS}
    assert o.info is not None and o.dd is not None
    if dec.kind == "talon":
        assert o.discard is not None and o.action is not None
        laid = action_code(discard_action(*o.discard))
        return Choice((laid, str(o.action)), label, o.info, o.dd, tuple(o.discard))
    acts: tuple[str, ...] = () if o.action is None else (str(o.action),)
    cards = (o.action.card,) if o.action is not None and o.action.kind == ActionKind.PLAY else ()
    return Choice(acts, label, o.info, o.dd, cards)


def _why(dec: Decision, best: Option, lang: str) -> str:
    """The seat's view's comparison, then why the runner-up is worse with the cards as they
    lay (the analysis's facts)."""
    second = dec.runner_up("info")
    assert second is not None
    rules = dec.rules
    head = text(
        "puzzles.why",
        lang,
        best=best.label(lang, rules),
        best_v=number(best.info, lang),
        second=second.label(lang, rules),
        second_v=number(second.info, lang),
        n=dec.samples,
    )
    facts = [fact_text(f, lang, rules) for f in dec.why if f[0] not in _SAID]
    if not facts:
        return head
    if dec.judge == "info":  # more of the seat's view: the bid's conditions, a kontra's odds
        return head + " " + " ".join(facts)
    if best.dd is None or second.dd is None or best.dd <= second.dd + EQUAL:
        return head  # the cards as they lay: the two alike
    return head + " " + text("puzzles.why-open", lang, facts=" ".join(facts))


#: The analysis's facts that :func:`_why`'s first sentence already says.
_SAID = frozenset(
    {
        "analysis.cost",
        "analysis.talon",
        "analysis.auction",
        "analysis.trump",
        "analysis.kontra-other",
    }
)


def themes(deal: Deal, dec: Decision) -> tuple[str, ...]:
    """A decision's theme tags (:data:`THEMES`)."""
    tags = [dec.kind]
    e = deal
    soloist = e.soloist if e.contract is not None else -1
    if dec.kind in ("card", "kontra") and e.contract is not None:
        tags.append("soloist" if dec.seat == soloist else "defence")
        b = e.contract
        defender = dec.seat != soloist
        if b.has(Kind.BETLI):
            tags += ["betli", "betli-defence"] if defender else ["betli"]
        if b.has(Kind.DURCHMARS):
            tags.append("durchmars")
            if dec.kind == "card" and _leads(deal, dec):
                tags.append("durchmars-lead")
        if b.has(Kind.ULTI):
            tags.append("ulti")
            if dec.kind == "card" and dec.trick >= 8:
                tags.append("ulti-endgame")
        if b.has(Kind.FORTY_HUNDRED):
            tags += ["forty-hundred", "counting"]
        if b.has(Kind.TWENTY_HUNDRED):
            tags += ["twenty-hundred", "counting"]
        if b.has(Kind.FOUR_ACES):
            tags.append("four-aces")
        if b.has(Kind.SIMPLE) and len(tags) == 2:
            tags.append("simple")
        if dec.kind == "card":
            tags.append(
                "opening" if dec.trick <= 3 else "middlegame" if dec.trick <= 7 else "endgame"
            )
    elif dec.kind in ("talon", "auction", "trump"):
        tags.append("soloist")
    return tuple(dict.fromkeys(t for t in THEMES if t in tags))


def _leads(deal: Deal, dec: Decision) -> bool:
    """Whether the decision's card opened its trick."""
    before = [a for _s, a in deal.history[: dec.index] if a.kind == ActionKind.PLAY]
    return len(before) % 3 == 0


# -------------------------------------------------------------------------------------------
# checking


def verify(p: Puzzle, seed: int = 0, margin: float | None = None) -> bool:
    """Re-solve a puzzle: its deal analysed again with the seed it was mined with (a self-play
    deal's: :func:`mining_seed`) finds the same decision clear by the margin (default
    :data:`MARGIN`), with the same right answers."""
    found = {q.id: q for q in mine(p.finished(), margin or MARGIN, seed=seed)}
    q = found.get(p.id)
    return q is not None and {q.choices[i].actions for i in q.answers} == {
        p.choices[i].actions for i in p.answers
    }


# -------------------------------------------------------------------------------------------
# deals to mine: seeded self-play


def expert() -> str:
    """The ``expert`` level's player with its samples and no time limit: the same moves on
    every machine (the level's time limit would make them depend on its speed)."""
    name, _, budget = resolve("expert").partition(":")
    parts = [p for p in budget.split(",") if p and not p.startswith("ms=")]
    return f"{name}:{','.join([*parts, f'ms={MAX_MS:.0f}'])}"


def selfplay_deal(index: int, seed: int, rules: Ruleset, spec: str | None = None) -> Deal:
    """Deal ``index`` of a seeded self-play run, played to its end by three ``spec`` players
    (default :func:`expert`): ``Deal(rules, derive_seed(seed, index), index % 3)``, as in
    ``ulti tournament``, the players seeded ``derive_seed(seed, 1_000_000 + seat)``."""
    players = [make_player(spec or expert(), derive_seed(seed, 1_000_000 + s)) for s in range(3)]
    run = play_deal(rules, derive_seed(seed, index), index % 3, players, game=index)
    return run.deal


def mining_seed(source: str) -> int:
    """The seed a book's source was mined with: ``selfplay:SEED:INDEX``'s own, else 0."""
    kind, _, rest = source.partition(":")
    seed, _, index = rest.partition(":")
    if kind == "selfplay" and seed.isdigit() and index.isdigit():
        return derive_seed(int(seed), int(index))
    return 0


def mine_selfplay(
    index: int, seed: int, rules: dict[str, Any], margin: float = MARGIN
) -> list[dict[str, Any]]:
    """The puzzles of self-play deal ``index`` (:func:`selfplay_deal`), as dictionaries (a
    worker process's answer)."""
    deal = selfplay_deal(index, seed, Ruleset.from_dict(rules))
    return [p.to_dict() for p in mine(deal, margin, seed=mining_seed(f"selfplay:{seed}:{index}"))]


# -------------------------------------------------------------------------------------------
# a book of puzzles: one SQLite file


_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sources (source TEXT PRIMARY KEY, found INTEGER NOT NULL, "
    "record TEXT)",
    "CREATE TABLE IF NOT EXISTS puzzles (id TEXT PRIMARY KEY, game TEXT NOT NULL, "
    "kind TEXT NOT NULL, themes TEXT NOT NULL, margin REAL NOT NULL, source TEXT NOT NULL, "
    "body TEXT NOT NULL)",
)


def _json(x: object) -> str:
    return json.dumps(x, ensure_ascii=False, separators=(",", ":"))


#: The starter set shipped with the package (``ulti puzzles mine --from selfplay:…``, the
#: command in docs/PUZZLES.md).
STARTER = "starter.sqlite"


class Book:
    """Puzzles in one SQLite file: each puzzle's body as JSON (:meth:`Puzzle.to_dict` less its
    record) with its kind, themes and margin as columns; the sources mined (a deal's name,
    its record, kept once for all its puzzles, and how many puzzles it gave, so that an
    interrupted run goes on where it stopped); the parameters in ``meta``.  A position found
    twice is kept once."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = sqlite3.connect(self.path)
        with self._db:
            for stmt in _SCHEMA:
                self._db.execute(stmt)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Book:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def meta(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT key, value FROM meta").fetchall())

    def set_meta(self, **values: object) -> None:
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                [(k, json.dumps(v)) for k, v in values.items()],
            )

    def sources(self) -> set[str]:
        return {r[0] for r in self._db.execute("SELECT source FROM sources")}

    def add(self, source: str, puzzles: Iterable[Puzzle]) -> int:
        """Store a source's puzzles and mark it mined (in one transaction); how many were new."""
        found = list(puzzles)
        rows = []
        for p in found:
            body = p.to_dict()
            del body["record"]
            rows.append((p.id, p.game, p.kind, " ".join(p.themes), p.margin, source, _json(body)))
        record = _json(found[0].record) if found else None
        with self._db:
            before = self._db.total_changes
            self._db.executemany(
                "INSERT OR IGNORE INTO puzzles (id, game, kind, themes, margin, source, body) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            new = self._db.total_changes - before
            self._db.execute(
                "INSERT OR REPLACE INTO sources (source, found, record) VALUES (?, ?, ?)",
                (source, len(found), record),
            )
        return new

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM puzzles").fetchone()[0])

    def __iter__(self) -> Iterator[Puzzle]:
        rows = self._db.execute(
            "SELECT p.body, s.record FROM puzzles p JOIN sources s ON s.source = p.source "
            "ORDER BY p.source, p.id"
        )
        for body, record in rows:
            yield Puzzle.from_dict({**json.loads(body), "record": json.loads(record)})

    def sourced(self) -> Iterator[tuple[str, Puzzle]]:
        """Every puzzle with the source it was mined from."""
        rows = self._db.execute(
            "SELECT p.source, p.body, s.record FROM puzzles p JOIN sources s "
            "ON s.source = p.source ORDER BY p.source, p.id"
        )
        for source, body, record in rows:
            yield source, Puzzle.from_dict({**json.loads(body), "record": json.loads(record)})

    def counts(self, column: str = "kind") -> dict[str, int]:
        """How many puzzles of each kind (or of each theme: ``column="themes"``)."""
        out: dict[str, int] = {}
        if column == "themes":
            for (themes,) in self._db.execute("SELECT themes FROM puzzles"):
                for t in themes.split():
                    out[t] = out.get(t, 0) + 1
            return out
        rows = self._db.execute("SELECT kind, count(*) FROM puzzles GROUP BY kind")
        return {k: int(n) for k, n in rows}


@contextmanager
def open_book(path: str | Path | None = None) -> Iterator[Book]:
    """A book of puzzles by its path; without one, the starter set shipped with the package."""
    if path is not None:
        with closing(Book(path)) as book:
            yield book
        return
    ref = resources.files("ulti.analysis").joinpath(STARTER)
    with resources.as_file(ref) as p, closing(Book(p)) as book:
        yield book


def starter() -> list[Puzzle]:
    """The starter set shipped with the package."""
    with open_book() as book:
        return list(book)
