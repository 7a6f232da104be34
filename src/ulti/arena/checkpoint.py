"""A tournament's checkpoint file: its finished units kept as they finish, so that a stopped
tournament (a closed laptop, Ctrl-C, a killed worker) goes on where it stopped.

The file is JSON lines: first ``{"format": ..., "config": ...}`` (the game, players, deals,
seed, seatings and rules: a file of another tournament is refused, never overwritten), then one
unit's result a line (:func:`dataclasses.asdict`, decision times included), flushed to disk as
it is written.  A last line cut off by a stop mid-write is dropped; any other line that does not
read is refused with its number.  One run at a time: the file is locked (``flock``) while a run
holds it.  Any game's results fit: a result names its unit by ``index`` and ``seating``.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import Field, asdict
from pathlib import Path
from typing import IO, Any, ClassVar, Generic, Protocol, TypeVar

from ulti.core.errors import CatalogueError

#: The first line of a checkpoint names its format and the tournament it belongs to.
CHECKPOINT_FORMAT = "ulti-tournament-checkpoint"

#: what names a unit and its result: the deal's number and the seating
Key = tuple[int, tuple[int, ...]]


class Keyed(Protocol):
    """A unit, or its result: the deal's number in the tournament and the seating (which
    player sits at each seat); a dataclass (its line is :func:`dataclasses.asdict`)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def index(self) -> int: ...

    @property
    def seating(self) -> tuple[int, ...]: ...


R = TypeVar("R", bound=Keyed)


def unit_key(x: Keyed) -> Key:
    """What names a unit, and its result: the deal's number and the seating."""
    return (int(x.index), tuple(int(s) for s in x.seating))


class CheckpointError(CatalogueError):
    """A checkpoint that cannot be used: the catalogue's ``checkpoint.KEY`` (both languages)."""

    section = "checkpoint"


class Checkpoint(Generic[R]):
    """A tournament's finished units in a file (the module's doc says how it reads).
    ``config`` is the tournament's (the header), ``todo`` its units, ``read`` a result from a
    line's JSON; :attr:`done` holds what the file kept once it is :meth:`open`."""

    def __init__(
        self,
        path: Path,
        config: dict[str, Any],
        todo: Sequence[Keyed],
        read: Callable[[dict[str, Any]], R],
    ) -> None:
        self.path = path
        self.config = json.loads(json.dumps(config))  # as it reads back from the file
        self.todo = {unit_key(u) for u in todo}
        self.read = read
        self.done: list[R] = []
        self._file: IO[bytes] | None = None

    @staticmethod
    def key(r: Keyed) -> Key:
        return unit_key(r)

    def __enter__(self) -> Checkpoint[R]:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self) -> None:
        """Read what the file holds (its header checked), or start it; then hold it."""
        try:
            f = self.path.open("a+b")
        except OSError as exc:
            raise CheckpointError("unwritable", path=self.path, why=exc.strerror or exc) from None
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            raise CheckpointError("busy", path=self.path) from None
        try:
            f.seek(0)
            self.done = self._load(f)
        except BaseException:
            f.close()
            raise
        self._file = f

    def _load(self, f: IO[bytes]) -> list[R]:
        data = f.read()
        if not data:
            header = {"format": CHECKPOINT_FORMAT, "config": self.config}
            f.write((json.dumps(header) + "\n").encode())
            f.flush()
            return []
        lines = data.split(b"\n")
        cut = 0  # bytes of a last line cut off mid-write
        if lines[-1]:  # no newline after it: a stop mid-write
            cut = len(lines[-1])
        lines = lines[:-1]
        if not lines:
            raise CheckpointError("not-checkpoint", path=self.path)
        self._check_header(lines[0])
        out = self._results(lines[1:])
        if cut:
            f.truncate(len(data) - cut)
            f.flush()
        return out

    def _check_header(self, line: bytes) -> None:
        """Refuse a first line that is not this tournament's header."""
        try:
            header = json.loads(line)
        except ValueError:
            raise CheckpointError("not-checkpoint", path=self.path) from None
        if not isinstance(header, dict) or header.get("format") != CHECKPOINT_FORMAT:
            raise CheckpointError("not-checkpoint", path=self.path)
        theirs = header.get("config")
        if theirs != self.config:
            differ = sorted(
                k
                for k in set(self.config) | set(theirs if isinstance(theirs, dict) else {})
                if not isinstance(theirs, dict) or theirs.get(k) != self.config.get(k)
            )
            raise CheckpointError("other", path=self.path, what=", ".join(differ))

    def _results(self, lines: Sequence[bytes]) -> list[R]:
        """The results of the lines after the header (the file's lines from 2), each a unit of
        this tournament, none twice."""
        out: list[R] = []
        seen: set[Key] = set()
        for n, line in enumerate(lines, start=2):
            try:
                r = self.read(json.loads(line))
                k = unit_key(r)
            except (ValueError, TypeError, KeyError, AttributeError):
                raise CheckpointError("bad-line", path=self.path, line=n) from None
            if k not in self.todo or k in seen:
                raise CheckpointError("bad-line", path=self.path, line=n)
            seen.add(k)
            out.append(r)
        return out

    def add(self, r: R) -> None:
        """Keep one more unit's result (on disk before this returns)."""
        assert self._file is not None, "the checkpoint is not open"
        self._file.write((json.dumps(asdict(r)) + "\n").encode())
        self._file.flush()
        os.fsync(self._file.fileno())
        self.done.append(r)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()  # the lock goes with it
            self._file = None


__all__ = ["CHECKPOINT_FORMAT", "Checkpoint", "CheckpointError", "Key", "Keyed", "unit_key"]
