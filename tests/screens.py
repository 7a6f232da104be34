"""What every page must be for a player, checked in the page: the screen checks
(``screen_checks.js``: no sideways overflow, no source-code words, no word broken inside itself,
no text printed over another), no English on a Hungarian screen, and axe-core's accessibility
rules (the npm package, ``npm ci``; injected by Playwright into a context that lets it past the
pages' Content Security Policy: ``bypass_csp=True``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from english_words import english_words_in
from fixtures import require_system

ROOT = Path(__file__).resolve().parents[1]
SCREEN_JS = (Path(__file__).parent / "e2e" / "screen_checks.js").read_text(encoding="utf-8")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: Where the browser tests leave their screenshots: ``test-artifacts/`` in the checkout, or the
#: folder ``python tests/shots.py OUT`` asks for (``ULTI_SHOTS``).
ARTIFACTS = Path(os.environ.get("ULTI_SHOTS") or ROOT / "test-artifacts")

#: A turn of the person at the table, or the deal's settlement: the moment a test may act.
READY_JS = """
() => {
  if (document.querySelector("#settlementDialog[open]")) return "settlement";
  if (document.body.dataset.turn !== "me") return false;
  const acts = "#actions [data-action], #bids [data-action], #hand [data-action]";
  return !!document.querySelector(acts);
}
"""

#: The screens every page is checked at: a desktop, a phone, a small phone.
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "small": (360, 740)}

#: The impacts that fail a page (axe's "minor" and "moderate" are reported, not failed).
SERIOUS = ("serious", "critical")


def axe_path() -> Path:
    """axe-core's script (skipped without it, with how to install it; failed under CI)."""
    found = AXE if AXE.is_file() and shutil.which("npm") else None
    return require_system("axe-core (npm)", found, "npm ci")


def screen_problems(page: Page, lang: str) -> list[str]:
    """Everything ``screen_checks.js`` finds wrong, and English words on a Hungarian screen."""
    problems: list[str] = page.evaluate(SCREEN_JS, [lang])
    if lang == "hu":
        modal = page.locator("dialog[open]")
        text = modal.last.inner_text() if modal.count() else page.inner_text("body")
        english = english_words_in(text)
        if english:
            problems.append(f"English on a Hungarian screen: {english}")
    return problems


def axe_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_path()))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ["violations"]});
          return r.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
          }));
        }"""
    )
    return [
        f"{v['impact']}: {v['id']} ({v['help']}) at {', '.join(v['nodes'])}"
        for v in found
        if v["impact"] in SERIOUS
    ]


def logged_in(
    browser: Browser, base: str, cookies: dict[str, str], size: tuple[int, int], locale: str
) -> BrowserContext:
    """A browser context of ``size`` asking for ``locale``, logged in as the account whose
    client holds ``cookies`` (its session and CSRF cookies)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
    context.add_cookies([{"name": k, "value": v, "url": base} for k, v in cookies.items()])
    return context
