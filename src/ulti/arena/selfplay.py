"""Self-play training data: ``ulti selfplay`` writes every decision of N deals as Parquet.

Three computer players (``random``, ``rules``, ``pimc``, as ``ulti tournament --bots``) play
``deals`` deals; every player action (not the deal of the cards) becomes one row: the acting seat's
information-state tensor (the layout of ``python_ulti``'s ``information_state_tensor``,
:mod:`ulti.games.ulti.infostate`), stored sparsely, the legal actions, the action taken and the
seat's final return.  docs/RESEARCH.md ("Self-play data") documents the schema; :data:`SCHEMA` is
it.

Deals and seats
---------------

Deal ``i`` (from 0) is ``Deal(rules, derive_seed(seed, i), i % 3)``: the same deals as
``ulti tournament`` with that seed.  The three players take turns at the seats: with dealer
``d = i % 3`` and ``order = ORDERS[(i // 3) % 6]`` (the six orders of the three players), seat
``s`` holds player ``order[(s - d) % 3]``, so over every 18 deals each player sits at each seat,
and at each place from the dealer, equally often.  Player ``b`` (its place in ``--bots``) is
seeded ``derive_seed(seed, 1_000_000 + b)`` and meets deal ``i`` as game ``i``, as in a
tournament; each deal is played by fresh players, so a deal's rows depend on nothing but the
parameters and ``i``.

Determinism
-----------

``pimc`` thinks for a number of samples or until a time limit (200 ms a decision by default),
which would make the data depend on the machine's speed.  Self-play therefore budgets by
samples only: every player's time limit is set to the longest a budget allows
(:data:`ulti.players.base.MAX_MS`, an hour), a spec that names ``ms=`` is refused, and
``samples`` (``--samples``, or ``pimc:samples=N``) sets pimc's samples per decision (without
it: pimc's own numbers, 32 per card and fewer for the bidding questions).  The same
parameters give the same rows, wherever and in whatever pieces they are played.

Files
-----

``DIR/manifest.json`` holds the parameters; the rows are in ``DIR/part-00000.parquet``, …, one
file (a *shard*) per ``shard_deals`` consecutive deals, each written to a hidden temporary
file and renamed into place when complete.  Running the same command again in the same folder
plays only the shards not there yet (a folder whose manifest holds other parameters is
refused); an interrupted run leaves no partial shard.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

try:
    import pyarrow as pa
    import pyarrow.parquet as pq
except ImportError as exc:  # the research extra is not installed
    raise ImportError("ulti.arena.selfplay needs PyArrow: pip install 'ulti[research]'") from exc

from ulti import __version__
from ulti.arena.tournament import stream_units
from ulti.core.errors import CatalogueError
from ulti.core.seeds import derive_seed
from ulti.games.ulti.actions import NUM_ACTIONS
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.game import RESEARCH_MAX_KONTRA
from ulti.games.ulti.infostate import MAX_KONTRA_CAP, Recall, information_state_size, max_moves
from ulti.games.ulti.rules import Ruleset
from ulti.players import registry
from ulti.players.base import MAX_MS, MAX_SAMPLES, Budget, Player

FORMAT = "ulti-selfplay"
#: The version of the rows' schema (:data:`SCHEMA`); a change of columns or of their meaning
#: raises it.
SCHEMA_VERSION = 1
#: The Parquet key-value metadata key of every shard (JSON: the manifest, the shard's number
#: and its deals).
METADATA_KEY = b"ulti.arena.selfplay"
MANIFEST = "manifest.json"
MAX_DEALS = 100_000_000
MAX_SHARD_DEALS = 100_000
MAX_SEED = 2**64 - 1
#: The six orders of three players; deal ``i`` seats them by ``ORDERS[(i // 3) % 6]``.
ORDERS: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (0, 2, 1),
    (1, 0, 2),
    (1, 2, 0),
    (2, 0, 1),
    (2, 1, 0),
)


def _list_of(typ: pa.DataType) -> pa.DataType:
    return pa.list_(pa.field("element", typ, nullable=False))


#: One row per decision, in the order (deal, move).
SCHEMA = pa.schema(
    [
        pa.field("deal", pa.int64(), nullable=False),
        pa.field("deal_seed", pa.uint64(), nullable=False),
        pa.field("dealer", pa.int8(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("bot", pa.string(), nullable=False),
        pa.field("move", pa.int16(), nullable=False),
        pa.field("phase", pa.string(), nullable=False),
        pa.field("info_state_indices", _list_of(pa.int32()), nullable=False),
        pa.field("info_state_values", _list_of(pa.float32()), nullable=False),
        pa.field("info_state_size", pa.int32(), nullable=False),
        pa.field("legal_actions", _list_of(pa.int16()), nullable=False),
        pa.field("action", pa.int16(), nullable=False),
        pa.field("final_return", pa.int32(), nullable=False),
    ]
)

#: The parameters a folder's manifest must match for a run to resume there.
_PARAMETERS = (
    "format",
    "schema_version",
    "bots",
    "seed",
    "deals",
    "shard_deals",
    "rules",
    "info_state_size",
    "num_actions",
)


class SelfplayError(CatalogueError):
    """Input self-play refuses, before any deal is played: the catalogue's ``selfplay.KEY``
    (with ``fields``) in either language."""

    section = "selfplay"


# --------------------------------------------------------------------------------------------
# the plan


@dataclass(frozen=True)
class Plan:
    """Checked self-play parameters (:func:`plan`)."""

    bots: tuple[str, str, str]  # player specs, by place (``--bots``)
    deals: int
    seed: int
    shard_deals: int
    rules: Ruleset
    max_moves: int  # rows of the information state's ``moves`` segment

    @property
    def info_state_size(self) -> int:
        return information_state_size(self.max_moves)

    @property
    def shards(self) -> int:
        return -(-self.deals // self.shard_deals)

    def shard_range(self, shard: int) -> range:
        """The deals of ``shard``."""
        first = shard * self.shard_deals
        return range(first, min(first + self.shard_deals, self.deals))

    def shard_name(self, shard: int) -> str:
        width = max(5, len(str(self.shards - 1)))
        return f"part-{shard:0{width}d}.parquet"

    def seating(self, deal: int) -> tuple[int, int, int]:
        """The player (place in ``bots``) at each seat of deal ``deal``."""
        dealer = deal % 3
        order = ORDERS[(deal // 3) % 6]
        a, b, c = (order[(s - dealer) % 3] for s in range(3))
        return (a, b, c)

    def manifest(self) -> dict[str, Any]:
        """What ``manifest.json`` holds: the parameters, and facts of the data."""
        return {
            "format": FORMAT,
            "schema_version": SCHEMA_VERSION,
            "bots": list(self.bots),
            "seed": self.seed,
            "deals": self.deals,
            "shard_deals": self.shard_deals,
            "shards": self.shards,
            "preset": self.rules.preset,
            "max_kontra": self.rules.max_kontra,
            "rules": self.rules.to_dict(),
            "max_moves": self.max_moves,
            "info_state_size": self.info_state_size,
            "num_actions": NUM_ACTIONS,
            "seating": "deal i: dealer i % 3; seat s holds bots[ORDERS[(i // 3) % 6][(s - i) % 3]]",
            "deal_seed": "derive_seed(seed, i)",
            "player_seed": "derive_seed(seed, 1_000_000 + b) for bots[b]; game number i",
            "budget": "samples only (ms = an hour)",
            "ulti_version": __version__,
        }

    def jobs(self, shard: int) -> list[DealJob]:
        rules = self.rules.to_dict()
        pseeds = [derive_seed(self.seed, 1_000_000 + b) for b in range(3)]
        out = []
        for i in self.shard_range(shard):
            seating = self.seating(i)
            out.append(
                DealJob(
                    index=i,
                    seed=derive_seed(self.seed, i),
                    dealer=i % 3,
                    specs=tuple(self.bots[b] for b in seating),
                    player_seeds=tuple(pseeds[b] for b in seating),
                    rules=rules,
                    max_moves=self.max_moves,
                )
            )
        return out


def _spec(spec: str, samples: int | None) -> str:
    """A checked player spec, with ``samples`` given to a pimc spec that names none."""
    name, _, text = spec.partition(":")
    players = registry()
    if name not in players:
        raise SelfplayError("bot-unknown", name=name, players=", ".join(players))
    try:
        budget = Budget.parse(text)
    except ValueError as exc:
        raise SelfplayError("bot-budget", spec=spec, why=str(exc)) from None
    if budget.ms is not None:
        raise SelfplayError("bot-ms", spec=spec)
    if budget.samples is None and samples is not None and name == "pimc":
        budget = Budget(samples)
    return f"{name}:samples={budget.samples}" if budget.samples is not None else name


def plan(
    bots: str | Sequence[str],
    deals: int,
    seed: int = 1,
    rules: Ruleset | None = None,
    shard_deals: int = 100,
    samples: int | None = None,
    max_kontra: int | None = None,
) -> Plan:
    """Self-play parameters, checked (a :class:`SelfplayError` names what is wrong).  ``bots``:
    one spec for all three seats or three; ``rules`` (standard by default) with kontras capped
    at ``max_kontra``, else at the rules' own cap up to
    :data:`ulti.games.ulti.game.RESEARCH_MAX_KONTRA` (the OpenSpiel game's default)."""
    if isinstance(deals, bool) or not 1 <= deals <= MAX_DEALS:
        raise SelfplayError("deals", deals=deals, most=MAX_DEALS)
    if isinstance(shard_deals, bool) or not 1 <= shard_deals <= MAX_SHARD_DEALS:
        raise SelfplayError("shard-deals", n=shard_deals, most=MAX_SHARD_DEALS)
    if isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise SelfplayError("seed", seed=seed, most=MAX_SEED)
    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        raise SelfplayError("samples", samples=samples, most=MAX_SAMPLES)
    specs = [x.strip() for x in bots.split(",")] if isinstance(bots, str) else list(bots)
    specs = [x for x in specs if x]
    if len(specs) not in (1, 3):
        raise SelfplayError("bots-count", n=len(specs))
    checked = [_spec(x, samples) for x in specs]
    if len(checked) == 1:
        checked *= 3
    rules = rules or Ruleset()
    own = rules.max_kontra or RESEARCH_MAX_KONTRA  # (0: an earlier version's record, no cap)
    cap = max_kontra if max_kontra is not None else min(own, RESEARCH_MAX_KONTRA)
    if not 2 <= cap <= MAX_KONTRA_CAP:
        raise SelfplayError("max-kontra", n=cap, most=MAX_KONTRA_CAP)
    rules = rules.with_options(max_kontra=cap)
    return Plan(
        (checked[0], checked[1], checked[2]), deals, seed, shard_deals, rules, max_moves(rules)
    )


# --------------------------------------------------------------------------------------------
# playing one deal


@dataclass(frozen=True)
class DealJob:
    """One deal to play: everything it needs (it may run in another process or on a Ray
    node)."""

    index: int
    seed: int
    dealer: int
    specs: tuple[str, ...]  # by seat
    player_seeds: tuple[int, ...]  # by seat
    rules: dict[str, Any]
    max_moves: int


@dataclass
class DealRows:
    """The rows of one deal, as columns (the lists flat, with each row's length)."""

    index: int
    seed: int
    dealer: int
    specs: tuple[str, ...]
    seats: np.ndarray[Any, Any]  # int8 per row
    moves: np.ndarray[Any, Any]  # int16
    phases: list[str]
    nnz: np.ndarray[Any, Any]  # int32: nonzero entries of each row's tensor
    indices: np.ndarray[Any, Any]  # int32, flat
    values: np.ndarray[Any, Any]  # float32, flat
    n_legal: np.ndarray[Any, Any]  # int32
    legal: np.ndarray[Any, Any]  # int16, flat
    actions: np.ndarray[Any, Any]  # int16
    returns: tuple[int, int, int] = field(default=(0, 0, 0))


def make_player(spec: str, seed: int) -> Player:
    """A player of a checked spec whose budget is samples only (time limit: an hour)."""
    name, _, text = spec.partition(":")
    budget = Budget.parse(text) if text else Budget()
    return registry()[name](seed, Budget(budget.samples, MAX_MS))


def play_job(job: DealJob) -> DealRows:
    """Play one deal and keep each decision's row."""
    rules = Ruleset.from_dict(job.rules)
    players = [make_player(job.specs[s], job.player_seeds[s]) for s in range(3)]
    d = Deal(rules, job.seed, job.dealer)
    for seat, p in enumerate(players):
        p.start(seat, rules, job.index)
    recall = Recall(d, job.max_moves)
    buf = np.zeros(recall.size, np.float32)
    seats: list[int] = []
    phases: list[str] = []
    nnz: list[int] = []
    indices: list[np.ndarray[Any, Any]] = []
    values: list[np.ndarray[Any, Any]] = []
    n_legal: list[int] = []
    legal_ids: list[int] = []
    actions: list[int] = []
    while not d.is_over():
        seat = d.current_player
        legal = d.legal_actions()
        obs = d.observation(seat)
        recall.information_state_tensor(seat, buf)
        nz = np.flatnonzero(buf)
        indices.append(nz.astype(np.int32))
        values.append(buf[nz])
        nnz.append(len(nz))
        ids = sorted(a.id for a in legal)
        n_legal.append(len(ids))
        legal_ids.extend(ids)
        seats.append(seat)
        phases.append(d.phase.name)
        action = players[seat].act(obs, legal)
        actions.append(action.id)
        recall.apply(action)
    r = d.returns()
    n = len(actions)
    return DealRows(
        index=job.index,
        seed=job.seed,
        dealer=job.dealer,
        specs=job.specs,
        seats=np.array(seats, np.int8),
        moves=np.arange(n, dtype=np.int16),
        phases=phases,
        nnz=np.array(nnz, np.int32),
        indices=np.concatenate(indices) if indices else np.zeros(0, np.int32),
        values=np.concatenate(values) if values else np.zeros(0, np.float32),
        n_legal=np.array(n_legal, np.int32),
        legal=np.array(legal_ids, np.int16),
        actions=np.array(actions, np.int16),
        returns=(r[0], r[1], r[2]),
    )


def _list(lengths: np.ndarray[Any, Any], flat: np.ndarray[Any, Any], typ: pa.DataType) -> Any:
    offsets = np.zeros(len(lengths) + 1, np.int32)
    np.cumsum(lengths, out=offsets[1:])
    return pa.ListArray.from_arrays(
        pa.array(offsets, pa.int32()), pa.array(flat, typ), type=_list_of(typ)
    )


def batch(plan: Plan, rows: DealRows) -> pa.RecordBatch:
    """One deal's rows as a record batch of :data:`SCHEMA`."""
    n = len(rows.actions)
    seats = rows.seats.astype(np.int64)
    returns = np.array(rows.returns, np.int32)[seats] if n else np.zeros(0, np.int32)
    columns = [
        pa.array(np.full(n, rows.index, np.int64)),
        pa.array(np.full(n, rows.seed, np.uint64)),
        pa.array(np.full(n, rows.dealer, np.int8)),
        pa.array(rows.seats),
        pa.array([rows.specs[s] for s in rows.seats.tolist()], pa.string()),
        pa.array(rows.moves),
        pa.array(rows.phases, pa.string()),
        _list(rows.nnz, rows.indices, pa.int32()),
        _list(rows.nnz, rows.values, pa.float32()),
        pa.array(np.full(n, plan.info_state_size, np.int32)),
        _list(rows.n_legal, rows.legal, pa.int16()),
        pa.array(rows.actions),
        pa.array(returns),
    ]
    return pa.RecordBatch.from_arrays(columns, schema=SCHEMA)


def shard_table(plan: Plan, shard: int, deals: Sequence[DealRows]) -> pa.Table:
    """A shard's rows (its deals in order), with the shard's metadata."""
    ordered = sorted(deals, key=lambda r: r.index)
    if [r.index for r in ordered] != list(plan.shard_range(shard)):
        raise ValueError(f"shard {shard}: the deals are not its own")
    meta = {**plan.manifest(), "shard": shard, "first_deal": ordered[0].index}
    meta["last_deal"] = ordered[-1].index
    schema = SCHEMA.with_metadata({METADATA_KEY: json.dumps(meta, sort_keys=True).encode()})
    return pa.Table.from_batches([batch(plan, r) for r in ordered], schema=schema)


# --------------------------------------------------------------------------------------------
# the folder


def _parameters(manifest: dict[str, Any]) -> dict[str, Any]:
    return {k: manifest.get(k) for k in _PARAMETERS}


def _shard_done(path: Path, plan: Plan, shard: int) -> bool:
    """Whether ``path`` holds ``shard`` of these parameters, complete (else it is played
    again)."""
    try:
        meta = pq.read_schema(path).metadata or {}
        info = json.loads(meta[METADATA_KEY])
    except (OSError, KeyError, ValueError, pa.ArrowException):
        return False
    r = plan.shard_range(shard)
    return bool(
        _parameters(info) == _parameters(plan.manifest())
        and info.get("shard") == shard
        and info.get("first_deal") == r[0]
        and info.get("last_deal") == r[-1]
    )


def check_out(out: Path) -> None:
    """Refuse an output folder that is a file or cannot be written in (made if missing: the
    nearest folder that exists must be writable); nothing is written."""
    if out.exists() and not out.is_dir():
        raise SelfplayError("out-file", out=out)
    where = out
    while not where.exists():
        if where.parent == where:
            break
        where = where.parent
    why = None
    if not where.is_dir():
        why = f"{where} is not a folder"
    elif not os.access(where, os.W_OK | os.X_OK):
        why = "permission denied"
    if why is None and out.exists():
        try:
            probe = out / f".probe-{os.getpid()}"
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as exc:
            why = exc.strerror or str(exc)
    if why is not None:
        raise SelfplayError("out-write", out=out, why=why)


def prepare(out: Path, plan: Plan) -> set[int]:
    """Check ``out`` (a folder that can be written, whose manifest, if any, holds these
    parameters), write the manifest, and return the shards already there."""
    check_out(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise SelfplayError("out-write", out=out, why=exc.strerror or str(exc)) from None
    manifest_path = out / MANIFEST
    mine = plan.manifest()
    if manifest_path.exists():
        try:
            theirs = json.loads(manifest_path.read_text(encoding="utf-8"))
            if not isinstance(theirs, dict) or theirs.get("format") != FORMAT:
                raise ValueError(f"not {FORMAT}")
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise SelfplayError("manifest-bad", file=manifest_path, why=str(exc)[:200]) from None
        a, b = _parameters(theirs), _parameters(mine)
        if a != b:
            what = ", ".join(
                f"{k}: {json.dumps(a[k])[:60]} there, {json.dumps(b[k])[:60]} here"
                for k in _PARAMETERS
                if a[k] != b[k]
            )
            raise SelfplayError("manifest-differs", out=out, what=what)
    else:
        _write_atomic(manifest_path, json.dumps(mine, indent=1).encode() + b"\n")
    for stale in out.glob(".part-*.tmp"):  # an interrupted run's unfinished shard
        stale.unlink(missing_ok=True)
    return {k for k in range(plan.shards) if _shard_done(out / plan.shard_name(k), plan, k)}


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_shard(out: Path, plan: Plan, shard: int, deals: Sequence[DealRows]) -> int:
    """Write a shard (to a hidden file, renamed into place when complete); its rows."""
    table = shard_table(plan, shard, deals)
    path = out / plan.shard_name(shard)
    tmp = path.with_name(f".{path.name}.tmp")
    pq.write_table(table, tmp, compression="zstd")
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return int(table.num_rows)


@dataclass
class Summary:
    """What a run did."""

    rows: int = 0  # written by this run
    deals: int = 0  # played by this run
    shards: int = 0  # written by this run
    skipped: int = 0  # there already
    files: int = 0  # shards in the folder at the end
    seconds: float = 0.0


def run(
    plan: Plan,
    out: Path,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play the deals of every shard not in ``out`` yet and write them, here, in ``workers``
    processes or as Ray tasks (``ray_address``, see :func:`ulti.arena.tournament.play_units`): the
    same rows either way.  ``progress(done, total)`` counts deals, those already written
    included."""
    t0 = time.perf_counter()
    done_before = prepare(out, plan)
    summary = Summary(skipped=len(done_before))
    todo = [k for k in range(plan.shards) if k not in done_before]
    jobs = [j for k in todo for j in plan.jobs(k)]
    done = plan.deals - len(jobs)
    if progress:
        progress(done, plan.deals)
    pending: dict[int, list[DealRows]] = {}
    stream: Iterator[DealRows] = (
        stream_units(jobs, play_job, max(1, min(workers, len(jobs))), ray_address)
        if jobs
        else iter(())
    )
    for rows in stream:
        shard = rows.index // plan.shard_deals
        got = pending.setdefault(shard, [])
        got.append(rows)
        summary.deals += 1
        if len(got) == len(plan.shard_range(shard)):
            summary.rows += write_shard(out, plan, shard, got)
            summary.shards += 1
            del pending[shard]
        done += 1
        if progress:
            progress(done, plan.deals)
    summary.files = sum(1 for k in range(plan.shards) if (out / plan.shard_name(k)).exists())
    summary.seconds = time.perf_counter() - t0
    return summary


# --------------------------------------------------------------------------------------------
# reading


def shard_paths(out: Path) -> list[Path]:
    """The shards of a folder, in order."""
    return sorted(out.glob("part-*.parquet"), key=lambda p: int(p.stem.split("-")[1]))


def read(out: Path) -> pa.Table:
    """Every row of a self-play folder, in order (deal, move)."""
    return pa.concat_tables([pq.read_table(p) for p in shard_paths(out)])


def densify(indices: Sequence[int], values: Sequence[float], size: int) -> np.ndarray[Any, Any]:
    """A row's information-state tensor from its sparse form."""
    x = np.zeros(size, np.float32)
    x[np.asarray(indices, np.int64)] = values
    return x


__all__ = [
    "FORMAT",
    "MANIFEST",
    "METADATA_KEY",
    "ORDERS",
    "SCHEMA",
    "SCHEMA_VERSION",
    "DealJob",
    "DealRows",
    "Plan",
    "SelfplayError",
    "Summary",
    "check_out",
    "densify",
    "make_player",
    "plan",
    "play_job",
    "prepare",
    "read",
    "run",
    "shard_paths",
    "shard_table",
    "write_shard",
]
