"""Ulti's duplicate tournaments (:mod:`ulti.arena.tournament`): three seats, every deal under
every seating of the players (for three players the six orders).  The results and their
statistics serve the table of four as well (:mod:`ulti.arena.ulti4`).

A unit's result (:class:`UnitResult`) holds the units each seat won, the soloist, the contract
and whether it was made, and the decision times (card plays apart).  A player's score for a
deal is the mean, over the seatings of that deal, of the units it won per seat it held; its
result is the mean over deals with a 95% confidence interval, each pair's the mean difference
of their deal scores (:func:`summarize`).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ulti.arena import plot as charts
from ulti.arena import tournament as duplicate
from ulti.arena.tournament import (
    Arena,
    Unit,
    decision_ms,
    interval,
    labels,
    percentile,
    winner_first,
    write_json,
)
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.game import ULTI
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.scoring import SILENT_BASE
from ulti.players import make_player, play_deal


def _seat_times(d: dict[str, Any], key: str) -> list[list[float]]:
    return [[float(t) for t in ts] for ts in d.get(key, [])]


@dataclass
class UnitResult:
    index: int
    seating: tuple[int, ...]
    returns: tuple[int, ...]  # units won by each seat
    soloist: int  # seat, -1 if none
    contract: str | None
    made: bool  # every component of the contract won
    times: list[list[float]] = field(default_factory=list)  # decision seconds per seat
    card_times: list[list[float]] = field(default_factory=list)

    @classmethod
    def from_dict(cls, d: dict[str, Any], seats: int = ULTI.seats) -> UnitResult:
        """A result as :func:`dataclasses.asdict` wrote it (a checkpoint's line), of a table
        of ``seats``."""
        return cls(
            *duplicate.read_seats(d, seats),
            int(d["soloist"]),
            None if d["contract"] is None else str(d["contract"]),
            bool(d["made"]),
            _seat_times(d, "times"),
            _seat_times(d, "card_times"),
        )


def seatings(n_players: int) -> list[tuple[int, ...]]:
    """Every way to seat ``n_players`` players at three seats with each playing (for three
    players: the six orders)."""
    return duplicate.seatings(n_players, ULTI.seats)


def units(specs: Sequence[str], deals: int, seed: int, rules: Ruleset) -> Iterator[Unit]:
    return duplicate.units(ULTI.seats, specs, deals, seed, rules.to_dict())


def contract_made(d: Deal) -> bool:
    """Whether the soloist won every component of the contract (a Simple forfeited under A5
    and a thrown-in deal, W2, are not made: no component was played)."""
    if d.settlement is None or d.contract is None:
        return False
    parts = [ln for ln in d.settlement.lines if 0 <= ln.item_id < SILENT_BASE]
    return bool(parts) and all(ln.outcome == "won" for ln in parts)


def run_unit(u: Unit) -> UnitResult:
    rules = Ruleset.from_dict(u.rules)
    players = [make_player(u.specs[b], u.player_seeds[b]) for b in u.seating]
    # the game number is the deal's: the same player meets the same deal the same way
    run = play_deal(rules, u.seed, u.dealer, players, game=u.index)
    d = run.deal
    return UnitResult(
        u.index,
        u.seating,
        tuple(d.returns()),
        d.soloist,
        d.contract.key if d.contract else None,
        contract_made(d),
        [list(x) for x in run.times],
        [list(x) for x in run.card_times],
    )


# --------------------------------------------------------------------------------------------
# statistics


@dataclass
class _Tally:
    """The results gathered per player (by its index in the specs)."""

    #: per deal, each player's units per seat it held, one entry per seating it played
    per_deal: dict[int, list[list[float]]]
    #: per player, per contract it bid as soloist: bid, made, units won
    contracts: list[dict[str, dict[str, float]]]
    times: list[list[float]]
    card_times: list[list[float]]

    @classmethod
    def of(cls, n: int) -> _Tally:
        """Nothing gathered yet for ``n`` players."""
        return cls({}, [{} for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)])


def _tally(n: int, results: Sequence[UnitResult]) -> _Tally:
    t = _Tally.of(n)
    for r in results:
        slot = t.per_deal.setdefault(r.index, [[] for _ in range(n)])
        table = range(len(r.seating))  # three seats, or four (the dealer's result 0)
        for b in set(r.seating):
            seats = [s for s in table if r.seating[s] == b]
            slot[b].append(statistics.fmean(r.returns[s] for s in seats))
        for s in table:
            t.times[r.seating[s]] += r.times[s] if r.times else []
            t.card_times[r.seating[s]] += r.card_times[s] if r.card_times else []
        if r.soloist >= 0 and r.contract:
            b = r.seating[r.soloist]
            c = t.contracts[b].setdefault(r.contract, {"bid": 0, "made": 0, "units": 0.0})
            c["bid"] += 1
            c["made"] += int(r.made)
            c["units"] += r.returns[r.soloist]
    return t


def _pairs(names: list[str], per_deal: dict[int, list[list[float]]]) -> dict[str, Any]:
    """Each ordered pair's mean difference of deal scores over the deals both played."""
    out: dict[str, Any] = {}
    for a in range(len(names)):
        for b in range(len(names)):
            if a == b:
                continue
            diffs = [
                statistics.fmean(v[a]) - statistics.fmean(v[b])
                for v in per_deal.values()
                if v[a] and v[b]
            ]
            if diffs:
                out[f"{names[a]} - {names[b]}"] = {
                    "mean": statistics.fmean(diffs),
                    "ci95": interval(diffs),
                    "deals": len(diffs),
                }
    return out


def _bot(t: _Tally, b: int) -> dict[str, Any]:
    """Player ``b``'s figures: its mean deal score, contracts as soloist, decision times."""
    deal_means = [statistics.fmean(v[b]) for v in t.per_deal.values() if v[b]]
    card = t.card_times[b]
    return {
        "mean": statistics.fmean(deal_means) if deal_means else 0.0,
        "ci95": interval(deal_means),
        "deals": len(deal_means),
        "contracts": {
            k: {"bid": int(v["bid"]), "made": int(v["made"]), "mean_units": v["units"] / v["bid"]}
            for k, v in sorted(t.contracts[b].items(), key=lambda kv: -kv[1]["bid"])
        },
        "decision_ms": decision_ms(t.times[b]),
        "card_decision_ms": {
            "median": 1000 * percentile(card, 0.5),
            "p95": 1000 * percentile(card, 0.95),
            "count": len(card),
        },
    }


def summarize(specs: Sequence[str], results: Sequence[UnitResult]) -> dict[str, Any]:
    """Per player (``bots``, by :func:`~ulti.arena.tournament.labels`): ``mean`` units per
    deal with its 95% interval ``ci95`` and the ``deals`` counted, ``contracts`` (bid, made and
    mean units as soloist, the most bid first), ``decision_ms`` and ``card_decision_ms``; per
    ordered pair (``pairs``, ``"a - b"``): the mean difference of their deal scores."""
    names = labels(specs)
    t = _tally(len(names), results)
    pairs = _pairs(names, t.per_deal)
    return {"bots": {names[b]: _bot(t, b) for b in range(len(names))}, "pairs": pairs}


# --------------------------------------------------------------------------------------------
# the chart


def plot(summary: dict[str, Any], path: Path) -> None:
    """The players' mean units per deal and each pair's difference, with their 95% intervals;
    the title names the deals, seatings, seed and rules."""
    bots = summary["bots"]
    title = "Duplicate tournament: {deals} deals x {seatings} seatings, seed {seed}, rules {rules}"
    players = charts.intervals(
        list(bots), list(bots.values()), "#4a7ebb", "units per deal (95% CI)", "each player"
    )
    differences = charts.pair_differences(summary, "difference per deal (95% CI)")
    charts.draw(path, title.format(**charts.config_words(summary)), [players, differences])


# --------------------------------------------------------------------------------------------
# the room: the tournament


def _room() -> Arena[UnitResult]:
    """Ulti's room in the tournament (its summary's ``config`` names no game: the JSON stays)."""
    return Arena(ULTI, run_unit, UnitResult.from_dict, summarize, names_game=False)


#: Play the tournament (:class:`~ulti.arena.tournament.Tournament`): the summary
#: (:func:`summarize`, its ``config`` added) and every unit's result.
tournament = duplicate.Tournament(_room, Ruleset)

__all__ = [
    "Unit",
    "UnitResult",
    "contract_made",
    "plot",
    "run_unit",
    "seatings",
    "summarize",
    "tournament",
    "units",
    "winner_first",
    "write_json",
]
