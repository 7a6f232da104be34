"""The analysis of a finished Ulti deal in the terminal, and teaching mode's question.

``a`` on the table opens :class:`AnalysisScreen`: :func:`ulti.analysis.ulti.analyze` computed in
a worker thread with its progress shown, then each seat's accuracy, mistakes and units lost, the
costliest mistakes explained, every decision valued, and the soloist's value trick by trick
(:func:`analysis_text`).  Teaching mode asks :class:`TeachScreen`'s question before a card the
sampling player expects to lose units.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, ProgressBar, Static
from textual.worker import get_current_worker

from ulti.analysis.ulti import DealAnalysis, Decision, TeachWarning, analyze, number
from ulti.games.ulti.deal import Deal
from ulti.players.base import Budget
from ulti.tui.frame import HUMAN, Choice, DialogScreen, QuestionScreen
from ulti.tui.texts import t, ta


def units(x: float | None, lang: str = "en") -> str:
    """A value in units, signed (``+12``, ``-2.5``, ``0``; ``-2,5`` in Hungarian; ``—`` when
    not valued)."""
    return "—" if x is None else number(x, lang)


def amount(x: float, lang: str = "en") -> str:
    """A number of units, unsigned (``5``, ``2.5``; ``2,5`` in Hungarian)."""
    return number(x, lang, sign=False)


def _views(lang: str, dd: float | None, info: float | None) -> str:
    return f"{ta(lang, 'dd')} {units(dd, lang)} · {ta(lang, 'info')} {units(info, lang)}"


def summary_text(a: DealAnalysis, names: tuple[str, ...], lang: str) -> Text:
    """Each seat's line: its decisions, mistakes, units lost and accuracy."""
    heads = [
        ta(lang, "tui-seat-col"),
        ta(lang, "tui-decisions"),
        ta(lang, "tui-mistakes"),
        ta(lang, "lost-units"),
        ta(lang, "accuracy"),
    ]
    rows = [
        [
            names[s.seat][:12],
            str(s.decisions),
            str(s.mistakes),
            amount(s.lost, lang),
            "—" if s.accuracy is None else f"{s.accuracy:.0f}%",
        ]
        for s in a.summary()
    ]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(x.rjust(w) for x, w in zip(cells[1:], widths[1:], strict=True))])

    out = Text()
    out.append(line(heads) + "\n", style="bold")
    for seat, r in enumerate(rows):
        out.append(line(r) + "\n", style="bold" if seat == HUMAN else "")
    return out


def decision_head(d: Decision, names: tuple[str, ...], lang: str) -> Text:
    """A decision's first line: a mark for a mistake, who, what kind, what was done."""
    out = Text()
    if d.mistake:
        out.append("✗ ", style="bold red")
    else:
        out.append("  ")
    out.append(f"{names[d.seat][:10]}", style="bold" if d.seat == HUMAN else "")
    out.append(f" · {ta(lang, 'kind-' + d.kind)} · {d.title(lang)}")
    if d.mistake:
        out.append(f" · {ta(lang, 'mistake')}", style="bold red")
    return out


def decision_text(d: Decision, names: tuple[str, ...], lang: str, why: bool) -> Text:
    """A decision: the action taken and the best alternative, each valued in both views, the
    loss in the judging view, and (``why``, for a mistake) the explanation."""
    out = decision_head(d, names, lang)
    out.append("\n")
    out.append(f"    {ta(lang, 'taken')}: {_views(lang, d.taken.dd, d.taken.info)}\n", style="dim")
    best = d.best()
    if best is not None and best is not d.taken:
        out.append(f"    {ta(lang, 'best')}: {best.label(lang, d.rules)}\n", style="dim")
        out.append(f"      {_views(lang, best.dd, best.info)}\n", style="dim")
    loss = d.loss()
    if loss:
        judged = ta(lang, "judged-dd") if d.judge == "dd" else ta(lang, "judged-info", n=d.samples)
        out.append(
            f"    {ta(lang, 'loss')}: {amount(loss, lang)} ({judged})\n",
            style="red" if d.mistake else "dim",
        )
    if why and d.mistake:
        explained = d.explain(lang)
        if explained:
            out.append(f"    {explained}\n", style="italic")
    return out


#: The curve's bars: at most this many cells either side of zero.
CURVE_WIDTH = 36


def curve_text(a: DealAnalysis, lang: str) -> Text:
    """The soloist's units under best play at the first lead and after each trick: one bar
    a row, left of the axis below zero, right of it above."""
    out = Text()
    if not a.curve:
        out.append(ta(lang, "no-play") + "\n", style="dim")
        return out
    values = [v for _, v in a.curve]
    neg = max(0.0, -min(values))
    pos = max(0.0, max(values))
    span = (neg + pos) or 1.0
    left = round(CURVE_WIDTH * neg / span)
    right = CURVE_WIDTH - left
    labels = [ta(lang, "curve-start") if n == 0 else f"{n}." for n, _ in a.curve]
    lw = max(len(x) for x in labels)
    for label, (_n, v) in zip(labels, a.curve, strict=True):
        cells = round(abs(v) / span * CURVE_WIDTH) if v else 0
        out.append(f"{label:>{lw}} ")
        if v < 0:
            cells = min(cells, left)
            out.append(" " * (left - cells))
            out.append("█" * cells, style="red")
        else:
            out.append(" " * left)
        out.append("│", style="dim")
        if v > 0:
            cells = min(cells, right)
            out.append("█" * cells, style="green")
            out.append(" " * (right - cells))
        else:
            out.append(" " * right)
        out.append(f" {units(v, lang)}\n")
    return out


def analysis_text(a: DealAnalysis, names: tuple[str, ...], lang: str) -> Text:
    """The whole analysis of a deal: the summary, the costliest mistakes explained, the curve
    and every decision."""
    out = Text()
    out.append(ta(lang, "summary") + "\n", style="bold underline")
    out.append_text(summary_text(a, names, lang))
    if a.skipped:
        out.append(ta(lang, "skipped", n=a.skipped) + "\n", style="dim")
    out.append("\n" + ta(lang, "worst") + "\n", style="bold underline")
    worst = a.worst(3)
    if not worst:
        threshold = f"{a.threshold:g}"
        out.append(ta(lang, "no-mistakes", threshold=threshold) + "\n")
    for d in worst:
        out.append_text(decision_text(d, names, lang, why=True))
    out.append("\n" + ta(lang, "curve") + "\n", style="bold underline")
    out.append_text(curve_text(a, lang))
    out.append("\n" + ta(lang, "tui-decisions-list") + "\n", style="bold underline")
    if not a.decisions:
        out.append(ta(lang, "tui-none") + "\n", style="dim")
    for d in a.decisions:
        out.append_text(decision_text(d, names, lang, why=False))
    return out


class _Cancelled(Exception):
    """The analysis screen was closed while its analysis ran."""


class AnalysisScreen(DialogScreen):
    """A finished deal's analysis, computed in a worker thread with its progress shown; the
    arrows and Page Up/Down scroll, Escape (or Enter) closes it."""

    DEFAULT_CSS = """
    AnalysisScreen { align: center middle; }
    AnalysisScreen > Vertical { width: 78; height: 22; border: round $accent; background: $panel; }
    AnalysisScreen #analysis-progress { height: 1; }
    AnalysisScreen ProgressBar { height: 1; }
    AnalysisScreen #analysis-scroll { height: 1fr; }
    """

    def __init__(
        self,
        deal: Deal,
        title: str,
        names: tuple[str, ...],
        lang: str,
        budget: Budget | None,
        threshold: float,
        seed: int,
        done: DealAnalysis | None = None,
        keep: Callable[[DealAnalysis], None] | None = None,
    ) -> None:
        super().__init__()
        self.deal = deal
        self.title_text = title
        self.names = names
        self.lang = lang
        self.budget = budget
        self.threshold = threshold
        self.seed = seed
        self.result = done
        self.keep = keep  # told of the result, so that the app keeps it for the next time

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            yield Static(ta(self.lang, "thinking"), id="analysis-progress")
            yield ProgressBar(total=None, show_eta=False, id="analysis-bar")
            with VerticalScroll(id="analysis-scroll"):
                yield Static(id="analysis-body")
            yield Button(t(self.lang, "close"), id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#analysis-scroll", VerticalScroll).focus()
        if self.result is not None:
            self.show_result(self.result)
        else:
            self.compute()

    @work(thread=True, exclusive=True, group="analysis")
    def compute(self) -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _Cancelled
            self.app.call_from_thread(self.show_progress, done, total)

        try:
            result = analyze(self.deal, self.budget, self.threshold, self.seed, progress)
        except _Cancelled:
            return
        except Exception as exc:  # shown, not raised: the game goes on
            if not worker.is_cancelled:
                self.app.call_from_thread(self.show_failed, f"{type(exc).__name__}: {exc}")
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show_result, result)

    def show_progress(self, done: int, total: int) -> None:
        if not self.is_attached:
            return
        self.query_one("#analysis-bar", ProgressBar).update(total=total, progress=done)
        self.query_one("#analysis-progress", Static).update(
            f"{ta(self.lang, 'progress')} {done}/{total}"
        )

    def show_failed(self, error: str) -> None:
        if not self.is_attached:
            return
        self.query_one("#analysis-bar", ProgressBar).display = False
        self.query_one("#analysis-progress", Static).update(
            Text(ta(self.lang, "tui-failed", error=error), style="bold red")
        )

    def show_result(self, result: DealAnalysis) -> None:
        self.result = result
        if self.keep is not None:
            self.keep(result)
        if not self.is_attached:
            return
        self.query_one("#analysis-bar", ProgressBar).display = False
        self.query_one("#analysis-progress", Static).display = False
        self.query_one("#analysis-body", Static).update(
            analysis_text(result, self.names, self.lang)
        )


class TeachScreen(QuestionScreen):
    """Teaching mode's question before a card that loses units: Enter or ``y`` plays it
    anyway, Escape or ``n`` goes back to the hand."""

    DEFAULT_CSS = """
    TeachScreen { align: center middle; }
    TeachScreen > Vertical {
        width: 66; height: auto; max-height: 20; border: round $warning; background: $panel;
        padding: 0 1;
    }
    TeachScreen #teach-why { margin: 1 0; }
    TeachScreen Horizontal { height: 3; }
    TeachScreen Button { margin: 0 1 0 0; }
    """

    def __init__(self, warning: TeachWarning, lang: str) -> None:
        super().__init__(
            ta(lang, "sure"),
            warning.explain(lang),
            "teach-why",
            Choice("play-anyway", ta(lang, "play-anyway")),
            Choice("take-back", ta(lang, "take-back")),
        )
        self.warning = warning
        self.lang = lang


__all__ = [
    "AnalysisScreen",
    "TeachScreen",
    "amount",
    "analysis_text",
    "curve_text",
    "decision_head",
    "decision_text",
    "summary_text",
    "units",
]
