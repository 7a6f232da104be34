"""Type stub of the compiled Snapszli core (src/ulti/search/_snap.pyx).  A read-only attribute
(a property of the compiled class) is declared ``Final``."""

from collections.abc import Sequence
from typing import Final

STATE_FIELDS: tuple[str, ...]
EXCHANGE_ID: int
CLOSE_ID: int
CLAIM_ID: int

class SolverBusy(RuntimeError): ...

class Solver:
    false_claims: Final[bool]
    nodes: Final[int]
    in_use: Final[bool]
    table_bytes: Final[int]
    def __init__(self, tt_bits: int = ..., false_claims: bool = ...) -> None: ...
    def solve(self, state: Sequence[int], talon: Sequence[int]) -> int: ...
    def legal_ids(self, state: Sequence[int], talon: Sequence[int]) -> list[int]: ...
    def perft(self, state: Sequence[int], talon: Sequence[int], depth: int) -> int: ...
    def move_values(self, state: Sequence[int], talon: Sequence[int]) -> list[tuple[int, int]]: ...
