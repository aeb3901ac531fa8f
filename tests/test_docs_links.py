"""The README and the docs pages link to each other by relative paths: every link must reach a file of the project,
and every ``#anchor`` a heading (or an ``<a id>``) of its page, so moving a section cannot leave a dead link.
The README stays a designer's first page: at most 200 lines."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "benchmarks" / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$", re.MULTILINE)
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
README_MAX_LINES = 200


def slug(heading: str) -> str:
    """Return the anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens."""
    text = heading.strip().lower().replace("`", "")
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)  # a '#' line inside a code block is no heading
    return {slug(h) for h in HEADING.findall(text)} | set(ANCHOR.findall(text))


def broken_links(page: Path) -> list[str]:
    """Return the relative links of ``page`` that reach no file, or no anchor of the file they reach."""
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target):
            continue  # https:, mailto: ...
        path, _, anchor = target.partition("#")
        reached = (page.parent / path).resolve() if path else page
        if not reached.exists():
            broken.append(f"{target}: no such file")
        elif anchor and (reached.is_dir() or anchor not in anchors(reached)):
            broken.append(f"{target}: no heading #{anchor}")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_reaches_a_file_and_a_heading(page):
    assert broken_links(page) == []


def test_the_link_check_finds_a_dead_file_and_a_dead_anchor(tmp_path):
    (tmp_path / "a.md").write_text("# Top\n\n## `search`: the search player\n", encoding="utf-8")
    page = tmp_path / "b.md"
    page.write_text("[ok](a.md#search-the-search-player) [x](gone.md) [y](a.md#nowhere) [z](https://x.org/#q)",
                    encoding="utf-8")
    assert broken_links(page) == ["gone.md: no such file", "a.md#nowhere: no heading #nowhere"]


def test_the_readme_is_short_and_its_test_command_is_what_ci_runs():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES
    assert 'pip install -e ".[test]" && pytest' in text
    assert 'pip install -e ".[test]" && pytest' in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -e . && mjrules" in text
