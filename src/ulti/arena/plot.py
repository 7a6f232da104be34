"""A tournament's chart: panels of bars side by side, means with their 95% intervals (or shares),
under a title.  Each game's room says what its panels show (:func:`ulti.arena.ulti.plot`,
:func:`ulti.arena.snapszli.plot`); :func:`draw` draws them into a PNG file."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ulti.arena.tournament import winner_first


@dataclass(frozen=True)
class Panel:
    """One panel: a bar per label, with error bars when ``errors`` (below, above) are given,
    a black line across at ``baseline`` (dashed or not) and the y range ``ylim`` if given."""

    labels: list[str]
    values: list[float]
    colour: str
    ylabel: str
    title: str
    errors: list[list[float]] | None = None
    baseline: float = 0.0
    dashed: bool = False
    ylim: tuple[float, float] | None = None


def intervals(
    labels: list[str], figures: Sequence[Mapping[str, Any]], colour: str, ylabel: str, title: str
) -> Panel:
    """A panel of means (``figures``' ``mean``) with their 95% intervals (``ci95``; none drawn
    where it is ``None``)."""
    below = [f["mean"] - f["ci95"][0] if f["ci95"] else 0.0 for f in figures]
    above = [f["ci95"][1] - f["mean"] if f["ci95"] else 0.0 for f in figures]
    return Panel(labels, [f["mean"] for f in figures], colour, ylabel, title, [below, above])


def pair_differences(summary: Mapping[str, Any], ylabel: str) -> Panel:
    """A panel of each pair's mean difference per deal with its 95% interval, the one ahead
    first (:func:`~ulti.arena.tournament.winner_first`)."""
    pairs = winner_first(summary)
    return intervals(
        [f"{a}\n- {b}" for a, b, _ in pairs],
        [v for _, _, v in pairs],
        "#d08c2a",
        ylabel,
        "each pair, the one ahead first",
    )


def config_words(summary: Mapping[str, Any]) -> dict[str, Any]:
    """What a chart's title says of the tournament (the summary's ``config``): its deals,
    seatings and seed, and the rules' preset ("?" for what it lacks)."""
    cfg = summary.get("config", {})
    words = {key: cfg.get(key, "?") for key in ("deals", "seatings", "seed")}
    return {**words, "rules": cfg.get("rules", {}).get("preset", "?")}


def draw(path: Path, title: str, panels: Sequence[Panel]) -> None:
    """The panels side by side under ``title``, as a PNG at ``path``."""
    # matplotlib takes a second to load and only a chart needs it; a Figure of its own (not
    # pyplot's) draws without choosing a backend for the whole process
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 4), dpi=120)
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    for ax, p in zip(axes, panels, strict=True):
        if p.errors is None:
            ax.bar(p.labels, p.values, color=p.colour, alpha=0.85)
        else:
            ax.bar(p.labels, p.values, yerr=p.errors, capsize=8, color=p.colour, alpha=0.85)
        ax.axhline(p.baseline, color="black", linewidth=0.8, linestyle="--" if p.dashed else "-")
        if p.ylim is not None:
            ax.set_ylim(*p.ylim)
        ax.set_ylabel(p.ylabel)
        ax.set_title(p.title)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path)


__all__ = ["Panel", "config_words", "draw", "intervals", "pair_differences"]
