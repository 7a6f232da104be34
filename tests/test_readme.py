"""The README stays true: its set-up commands and its Python example."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = re.search(r"```bash\n(.*?)```", text, flags=re.S)
    assert first_block is not None and text.index("```bash") < 200
    lines = [ln for ln in first_block.group(1).splitlines() if ln.strip()]
    assert len(lines) == 2
    assert "pip install -e ." in lines[0] and "ulti " in lines[0]
    assert "pip install -e '.[dev]'" in lines[1] and "python -m pytest" in lines[1]


def test_readme_python_example_runs() -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, flags=re.S)
    assert block is not None
    exec(compile(block.group(1), "README.md", "exec"), {})


def test_the_architecture_section_names_every_package_of_the_code() -> None:
    """The README's architecture section is drawn from the code: every package of src/ulti
    (``games/``, ``server/tables/`` ...) and every module at its top is named there."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Architecture") : text.index("## Performance")]
    src = README.parent / "src" / "ulti"
    packages = [
        p.parent.relative_to(src)
        for p in src.rglob("__init__.py")
        if p.parent != src and "migrations" not in p.parts
    ]
    assert len(packages) > 15
    for p in packages:
        assert f"{p.name}/" in section, p
    for m in src.glob("*.py"):
        assert m.name in section, m.name


def test_every_picture_and_local_link_of_the_readme_is_there() -> None:
    """The screenshots the README shows (and the files it links) exist in the checkout."""
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(((?!https?:|#)[^)\s]+)\)", text)
    pictures = [t for t in targets if t.endswith(".png")]
    assert len(pictures) >= 2
    for target in targets:
        assert (README.parent / target.split("#")[0]).exists(), target
