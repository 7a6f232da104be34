"""Type stub of the compiled core (src/ulti/search/_core.pyx).  A read-only attribute (a
property of the compiled class) is declared ``Final``."""

from collections.abc import Sequence
from typing import Any, Final

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
    player: Final[int]
    tricks: Final[int]
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

class SearchTimeout(RuntimeError): ...
class SolverBusy(RuntimeError): ...

class Solver:
    nodes: int
    in_use: Final[bool]
    limited: Final[bool]
    def __init__(self) -> None: ...
    def limit(self, seconds: float | None = ...) -> None: ...
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
    def best_line(self, pos: CorePosition) -> list[int]: ...

# the compiled full-game state (_game.pxi; documented in ulti.search.ulti.fast)
FAST_TERMINATIONS: tuple[str, ...]

class FastRules:
    rules: Any
    max_moves: int
    info_size: int
    def __init__(self, rules: Any) -> None: ...

class FastDeal:
    seed: int
    custom_deck: bool
    current_player: Final[int]
    phase: Final[int]
    dealer: Final[int]
    forehand: Final[int]
    soloist: Final[int]
    trump: Final[int]
    contract_order: Final[int]
    bid_multiplier: Final[int]
    hands: Final[list[int]]
    talon: Final[int]
    deck: Final[tuple[int, ...]]
    tricks_played: Final[int]
    rules: Final[Any]
    history: Final[list[tuple[int, int]]]
    termination: Final[str | None]
    marriages: Final[list[tuple[int, int]]]
    information_state_size: Final[int]
    def __init__(
        self, rules: Any = ..., seed: int = ..., dealer: int = ..., deck: Any = ...
    ) -> None: ...
    def kontra_levels(self, kind: int) -> tuple[int, int]: ...
    def is_over(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[int]: ...
    def legal_actions(self) -> list[int]: ...
    def clone(self) -> FastDeal: ...
    def apply_action(self, action: int) -> None: ...
    def apply(self, action: Any) -> None: ...
    def to_deal(self, adjudicator: Any = ...) -> Any: ...
    def play_random(self, rng_seed: int, max_actions: int = ...) -> int: ...
    def observation_tensor(self, seat: int, out: Any = ...) -> Any: ...
    def information_state_tensor(self, seat: int, out: Any = ...) -> Any: ...

#: each thread's solver and what is loaded into it (a ``threading.local``)
THREAD: Any

def thread_solver() -> Solver: ...
