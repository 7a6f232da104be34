"""Type stub of the compiled core (src/ulti/_core.pyx)."""

from collections.abc import Sequence
from typing import Any

POINTS: int
ALL: int
NONE: int
ULTI: int
ACES: int
VALUE: int
EXACT_POINTS: int
CONSTANTS: dict[str, dict[str, int]]
SOME: int

class CorePosition:
    def __init__(
        self,
        hands: Sequence[int],
        trump: int,
        no_trump: bool,
        soloist: int,
        ulti: bool,
        leader: int,
        tricks: int = ...,
        sp: int = ...,
        dp: int = ...,
        won: Sequence[int] = ...,
        aces: Sequence[int] = ...,
        seven_trick: int = ...,
        trick: Sequence[int] = ...,
    ) -> None: ...
    def legal_mask(self) -> int: ...
    def play(self, c: int) -> None: ...
    def undo(self) -> None: ...
    def state(self) -> dict[str, Any]: ...
    @property
    def player(self) -> int: ...
    @property
    def tricks(self) -> int: ...
    def playout(self, seed: int) -> list[int]: ...

def random_playouts(
    hands: Sequence[int],
    trump: int,
    no_trump: bool,
    soloist: int,
    ulti: bool,
    leader: int,
    n: int,
    seed: int,
) -> int: ...

class SolverBusy(RuntimeError): ...

class Solver:
    nodes: int
    def __init__(self) -> None: ...
    @property
    def in_use(self) -> bool: ...
    def objective(self, pos: CorePosition, obj: int, target: int = ...) -> bool: ...
    def points(self, pos: CorePosition) -> int: ...
    def set_items(
        self,
        items: list[tuple[int, int, int]],
        sm: int,
        dm: int,
        talon_pts: int,
        talon_aces: int,
        talon_ace_loses: bool,
        forty_declared: bool,
        twenty_declared: bool,
        had_seven: bool,
    ) -> None: ...
    def statuses(self, pos: CorePosition) -> list[int]: ...
    def value(self, pos: CorePosition) -> int: ...
    def fixed(self, pos: CorePosition, budget: int = ...) -> list[int] | None: ...
    def move_values(
        self, pos: CorePosition, obj: int, target: int = ...
    ) -> list[tuple[int, int]]: ...
