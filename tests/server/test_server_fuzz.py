"""Fuzzing a live server: generated websocket frames and HTTP requests — wrong types, huge and
deep values, binary and non-UTF-8 frames, stale versions, other tables' tokens, out-of-turn and
illegal actions — each must get an error frame or a clean close (or an HTTP answer below 500),
change nothing, leave no traceback in the log, and leave the server answering.  Over 10,000
inputs in all (``benchmarks/fuzz_server.py --inputs N`` throws many more)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fuzz_harness import Input, Target, random_frame, random_http, random_input
from server_util import Running

#: websockets' keepalive pings (the live server's and the clients', in other threads) draw from
#: the global ``random`` module; when one falls inside a draw, hypothesis takes it for the
#: strategy's own use of ``random`` and warns.  The strategies here use ``st.randoms()``.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:Do not use the `random` module inside strategies"),
]


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3"
    with Running(f"sqlite:///{Path(db)}") as srv:
        t = Target(srv)
        yield t
        t.alive()
        t.close()
        assert not srv.log.tracebacks(), srv.log.tracebacks()[:3]


def _run(target: Target, inp: Input) -> None:
    assume(not target.would_act(inp) and not target.would_hello(inp))
    target.throw(inp)


def _count(target: Target, examples: int, body: Callable[[], None]) -> None:
    before = target.inputs
    body()
    assert target.inputs - before >= examples * 0.95  # (a few drawn inputs are valid: skipped)
    target.alive()
    assert not target.srv.log.tracebacks(), target.srv.log.tracebacks()[:3]


def test_fuzz_websocket_frames(target: Target) -> None:
    frames = st.one_of(
        st.randoms(use_true_random=False).map(lambda r: random_frame(r, target)),
        json_values.map(lambda v: (json.dumps(v), True)),
        st.text(max_size=200).map(lambda s: (s, True)),
        st.binary(max_size=100).map(lambda b: (b, False)),
        st.binary(min_size=1, max_size=20).map(lambda b: (b"\xff" + b, True)),
        st.builds(
            lambda a, v, extra: (
                json.dumps({"type": "action", "action": a, "version": v, **extra}),
                True,
            ),
            st.sampled_from(target.legal) | st.text(max_size=30),
            st.integers(min_value=-3, max_value=target.version + 3) | json_values,
            st.dictionaries(st.text(max_size=5), json_values, max_size=2),
        ),
    )

    @fuzz(6000)
    @given(seat=st.integers(0, 2), frame=frames)
    def run(seat: int, frame: tuple[str | bytes, bool]) -> None:
        _run(target, Input("ws", seat, frame[0], frame[1]))

    _count(target, 6000, run)


def test_fuzz_first_frames_of_new_connections(target: Target) -> None:
    @fuzz(1500)
    @given(
        r=st.randoms(use_true_random=False),
        where=st.sampled_from(["a", "a", "b", "x"]),
        raw=st.none() | json_values.map(json.dumps) | st.binary(max_size=50),
    )
    def run(r: random.Random, where: str, raw: str | bytes | None) -> None:
        if raw is None:
            data, text = random_frame(r, target, first=True)
        else:
            data, text = raw, isinstance(raw, str)
        table = {"a": target.a, "b": target.b, "x": "no-such-table"}[where]
        _run(target, Input("first", 0, data, text, "GET", f"/ws/{table}"))

    _count(target, 1500, run)


def test_fuzz_http_requests(target: Target) -> None:
    @fuzz(2500)
    @given(
        r=st.randoms(use_true_random=False),
        body=st.none() | json_values.map(json.dumps) | st.binary(max_size=300),
    )
    def run(r: random.Random, body: str | bytes | None) -> None:
        inp = random_http(r, target)
        if body is not None:
            inp = Input(
                "http", 0, body, True, "POST", "/api/tables", {"content-type": "application/json"}
            )
        _run(target, inp)

    _count(target, 2500, run)


def test_the_benchmark_generator_runs_here_too(target: Target) -> None:
    """A few hundred inputs from benchmarks/fuzz_server.py's own generator."""
    rng = random.Random(2026)
    sent = 0
    while sent < 300:
        inp = random_input(rng, target)
        if target.would_act(inp) or target.would_hello(inp):
            continue
        target.throw(inp)
        sent += 1
    target.alive()
