"""The rules reference docs/rules/ (issue 11 item 7): citations resolve, rules list real tests, flags agree.

A citation ``RULES §1.4 r23`` names rule r23 of section §1.4 of the variant file of §1 (docs/rules/README.md):
§1 → jincheng.md, §2 → jinzhong.md, ... as its row there says; ``RULES A5`` names row A5 of a flag table (§4).
These tests read the Markdown and the sources as text; they import nothing of the engine.
"""
import ast
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
INDEX_ROW = re.compile(r"^\| \[(\w+\.md)\]\(\1\) \| (.*?) \| \*\*implemented\*\*(.*)\|$")


def implemented_files(index: str) -> tuple[dict, dict, dict, set]:
    """Return (section number -> file, file -> rule count, file -> flag numbers, files without source text) of the
    rows of the rules index ``index`` (docs/rules/README.md) whose status is **implemented**: a row says its
    sections (``§1.1–§1.11``), its rules (``rules r1–r53``) and flags (``flags A1–A16 and A36``), and "no source
    text" when it quotes none. A rule set's reference is one file and one row there; nothing here names it."""
    sections, counts, flags, without_source = {}, {}, {}, set()
    for line in index.splitlines():
        row = INDEX_ROW.match(line)
        if not row:
            continue
        name, what, status = row.groups()
        sections[re.search(r"§(\d+)\.", what).group(1)] = name
        counts[name] = int(re.search(r"rules r1–r(\d+)", what).group(1))
        numbers = set()
        for first, last in re.findall(r"A(\d+)(?:–A(\d+))?", what.split("flags", 1)[1] if "flags" in what else ""):
            numbers |= set(range(int(first), int(last or first) + 1))
        flags[name] = numbers
        if "no source text" in status:
            without_source.add(name)
    return sections, counts, flags, without_source


VARIANT_FILE, RULE_COUNT, FLAG_NUMBERS, WITHOUT_SOURCE = implemented_files((DOCS / "README.md").read_text("utf-8"))
CITING_DIRS = ("sim", "strategies", "experiments", "conf", "reports", "tests", "benchmarks")
TEXT_SUFFIXES = {".py", ".md", ".yaml", ".yml", ".toml", ".txt", ".cfg", ".ini", ".html", ".css", ".j2"}
SKIP_DIRS = {".git", "__pycache__", "outputs", "multirun", "runs", ".pytest_cache", "build", "dist"}

# Names of documents the users of the package do not have (spelled in pieces so this file does not match).
UNSHIPPED = ("RULES" + ".md", "DESIGN" + ".md", "shared" + "/")

SECTION_HEADING = re.compile(r"^## §(\d+(?:\.\d+)?)\b")
RULE_HEADING = re.compile(r"^### r(\d+)\b")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
FLAG_ROW = re.compile(r'^\| <a id="a(\d+)"></a>A(\d+) \|')
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)(?:::(\w+))?`")

SECTION_CITE = re.compile(r"§(\d+(?:\.\d+)?)")
FIRST_RULE = re.compile(r"[ \t]*r(\d+)(?:\([a-z]\))?(?:[ \t]*[–-][ \t]*r?(\d+))?")
NEXT_RULE = re.compile(r"[ \t]*(?:,|/|and)[ \t]*r(\d+)(?:\([a-z]\))?(?:[ \t]*[–-][ \t]*r?(\d+))?")
BARE_RULE_CITE = re.compile(r"\bRULES[ \t]+r(\d+)(?:[ \t]*[–-][ \t]*r?(\d+))?")
FLAG_CITE = re.compile(r"\bA(\d{1,2})\b")


class RulesDoc:
    """What one docs/rules file defines: sections, rules (number → section), anchors, flag rows, rule text."""

    def __init__(self, path: Path):
        self.name = path.name
        self.text = path.read_text(encoding="utf-8")
        self.sections: set[str] = set()
        self.rule_section: dict[int, str] = {}
        self.rule_block: dict[int, str] = {}
        self.duplicates: list[int] = []
        self.anchors = set(ANCHOR.findall(self.text))
        self.flags: set[int] = set()
        section, rule, block = None, None, []
        for line in self.text.splitlines():
            heading = SECTION_HEADING.match(line)
            if heading or line.startswith("## ") or line.startswith("### "):
                if rule is not None:
                    self.rule_block[rule] = "\n".join(block)
                rule, block = None, []
            if heading:
                section = heading.group(1)
                self.sections.add(section)
            elif line.startswith("## "):
                section = None
            number = RULE_HEADING.match(line)
            if number:
                rule = int(number.group(1))
                if rule in self.rule_section:
                    self.duplicates.append(rule)
                self.rule_section[rule] = section
            elif rule is not None:
                block.append(line)
            row = FLAG_ROW.match(line)
            if row and row.group(1) == row.group(2):
                self.flags.add(int(row.group(2)))
        if rule is not None:
            self.rule_block[rule] = "\n".join(block)

    def section_text(self, section: str) -> str:
        """Return the lines of ``## §section`` up to the next ``## `` heading."""
        lines = self.text.splitlines()
        start = next(i for i, ln in enumerate(lines) if SECTION_HEADING.match(ln)
                     and SECTION_HEADING.match(ln).group(1) == section)
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        return "\n".join(lines[start:end])


DOCS_BY_NAME = {name: RulesDoc(DOCS / name) for name in RULE_COUNT}


def rule_numbers(first: str, last: str | None) -> list[int]:
    """Return the rule numbers of ``rA`` or the range ``rA–rB``."""
    a = int(first)
    return list(range(a, int(last) + 1)) if last else [a]


def citations(text: str) -> list[tuple[str, int | None, int]]:
    """Return every citation in ``text`` as (section or "" for a bare rule, rule or None, line number).

    ``§1.3 r19–r21, r23`` gives (1.3, 19), (1.3, 20), (1.3, 21), (1.3, 23); ``§1.7`` gives (1.7, None);
    ``RULES r27`` gives ("", 27).
    """
    found = []
    for m in SECTION_CITE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        section, pos = m.group(1), m.end()
        rules = []
        first = FIRST_RULE.match(text, pos)
        if first:
            rules += rule_numbers(first.group(1), first.group(2))
            pos = first.end()
            while (more := NEXT_RULE.match(text, pos)):
                rules += rule_numbers(more.group(1), more.group(2))
                pos = more.end()
        found += [(section, r, line) for r in rules] or [(section, None, line)]
    for m in BARE_RULE_CITE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        found += [("", r, line) for r in rule_numbers(m.group(1), m.group(2))]
    return found


def flag_citations(text: str) -> list[tuple[int, int]]:
    """Return (A-number, line number) of every ``A<n>`` on a line that cites RULES or a § section."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if "RULES" in line or "§" in line:
            found += [(int(a), number) for a in FLAG_CITE.findall(line)]
    return found


def project_files(dirs=None):
    """Yield (relative path, text) of the project's text files under ``dirs`` (all of the project when None)."""
    roots = [ROOT / d for d in dirs] if dirs else [ROOT]
    for root in roots:
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(ROOT)
            if any(part in SKIP_DIRS or part.startswith(".") or part.endswith(".egg-info") for part in rel.parts):
                continue
            if path.is_file() and path.suffix in TEXT_SUFFIXES:
                yield rel.as_posix(), path.read_text(encoding="utf-8", errors="replace")


def citing_files():
    """Yield the files whose citations must resolve: the code, configs, tests, reports, the README and the docs pages
    the README's sections moved to (docs/*.md and the rules index, docs/rules/README.md)."""
    yield from project_files(CITING_DIRS)
    yield "README.md", (ROOT / "README.md").read_text(encoding="utf-8")
    for path in [*sorted((ROOT / "docs").glob("*.md")), ROOT / "docs" / "rules" / "README.md"]:
        yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def resolve(section: str, rule: int | None) -> str | None:
    """Return why ``RULES §section rRule`` does not resolve, or None when it does."""
    if section == "":  # a bare ``RULES rN`` can only mean the implemented variant, 晋城
        doc = DOCS_BY_NAME["jincheng.md"]
        return None if rule in doc.rule_section else f"r{rule} is not a rule of jincheng.md"
    if section == "4":
        return None if "4" in DOCS_BY_NAME["jincheng.md"].sections else "jincheng.md has no §4"
    top = section.split(".")[0]
    if top not in VARIANT_FILE:
        return f"§{section} belongs to no variant file"
    doc = DOCS_BY_NAME[VARIANT_FILE[top]]
    if "." in section and section not in doc.sections:
        return f"{doc.name} has no section §{section}"
    if rule is None:
        return None
    if rule not in doc.rule_section:
        return f"{doc.name} has no rule r{rule}"
    where = doc.rule_section[rule]
    if "." in section and where != section:
        return f"r{rule} is in §{where} of {doc.name}, not §{section}"
    return None


# --- the docs themselves --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(RULE_COUNT))
def test_every_rule_is_numbered_once_with_an_anchor(name):
    doc = DOCS_BY_NAME[name]
    assert doc.duplicates == []
    assert sorted(doc.rule_section) == list(range(1, RULE_COUNT[name] + 1))
    assert all(doc.rule_section[r] is not None for r in doc.rule_section), "a rule outside any § section"
    assert {f"r{r}" for r in doc.rule_section} <= doc.anchors
    assert {f"s{s}" for s in doc.sections} <= doc.anchors
    assert doc.flags == FLAG_NUMBERS[name]


@pytest.mark.parametrize("name", sorted(RULE_COUNT))
def test_sections_follow_the_variant_number(name):
    top = next(k for k, v in VARIANT_FILE.items() if v == name)
    assert all(s == "4" or s.split(".")[0] == top for s in DOCS_BY_NAME[name].sections)


def test_every_variant_is_marked_played_by_the_engine():
    for name in RULE_COUNT:
        assert "the rules the engine plays" in DOCS_BY_NAME[name].text.splitlines()[0]


@pytest.mark.parametrize("name", sorted(RULE_COUNT))
def test_docs_name_sources_not_paths(name):
    text = DOCS_BY_NAME[name].text
    assert not any(word in text for word in UNSHIPPED + ("seeds/", "../"))
    # every Chinese quotation is marked as such, and each variant quotes its own source (but the control variant,
    # which has no source text to quote: WITHOUT_SOURCE)
    assert text.count("「") == text.count("」")
    if name not in WITHOUT_SOURCE:
        assert text.count("「") > 10


def test_the_index_lists_every_rule_set_with_a_config():
    """Every rule set the engine plays (a conf/rules/<name>.yaml) has its implemented row in the index, so the maps
    above cover it; and the row parse reads sections, counts, flags and "no source text" (a row it misread would
    fail the per-file checks above, which compare the parse with the file's own headings and flag rows)."""
    index = (DOCS / "README.md").read_text("utf-8")
    listed = set(re.findall(r"^\| \[(\w+\.md)\]\(\1\) \|", index, re.M))
    assert listed == {p.stem + ".md" for p in (ROOT / "conf" / "rules").glob("*.yaml")}
    assert set(RULE_COUNT) <= listed  # a rule set still being built is listed with another status
    row = ("| [toy.md](toy.md) | 玩具: §7.1–§7.3, rules r1–r9, flags A41–A43 and A36 (§4) | **implemented** "
           "(`rules=toy`); no source text |")
    assert implemented_files(row) == ({"7": "toy.md"}, {"toy.md": 9}, {"toy.md": {36, 41, 42, 43}}, {"toy.md"})
    assert implemented_files(row.replace("**implemented**", "**specified**")) == ({}, {}, {}, set())


@pytest.mark.parametrize("name", sorted(RULE_COUNT))
def test_every_implemented_rule_lists_a_test(name):
    doc = DOCS_BY_NAME[name]
    missing = [r for r in doc.rule_section if not TEST_REF.search(doc.rule_block[r].split("- **Source.**")[0])]
    assert missing == []


def defined_tests(module: Path) -> set[str]:
    """Return ``func`` and ``Class::func`` names of the test functions defined in ``module``."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names |= {f"{node.name}::{f.name}" for f in node.body if isinstance(f, ast.FunctionDef)}
    return names


def test_every_named_test_exists():
    missing = []
    for name in RULE_COUNT:
        for module, first, second in TEST_REF.findall(DOCS_BY_NAME[name].text):
            path = ROOT / module
            wanted = f"{first}::{second}" if second else first
            if not path.is_file() or wanted not in defined_tests(path) or not wanted.split("::")[-1].startswith("test"):
                missing.append(f"{name}: {module}::{wanted}")
    assert missing == []


def source_of_test(module: Path, name: str) -> str:
    """Return the source of test ``name`` (``func`` or ``Class::func``) in ``module``, with the module docstring."""
    text = module.read_text(encoding="utf-8")
    tree = ast.parse(text)
    nodes = tree.body
    for part in name.split("::"):
        node = next(n for n in nodes if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == part)
        nodes = node.body
    return (ast.get_docstring(tree) or "") + "\n" + ast.get_source_segment(text, node)


def documents(*names: str) -> list:
    """Return ``names`` as parameters, each skipped (with the reason) when the index lists no such rules file: a
    check written for some files' layout drops a rule set that was removed instead of failing on it."""
    return [pytest.param(n, marks=pytest.mark.skipif(n not in DOCS_BY_NAME, reason=f"the index lists no {n}"))
            for n in names]


@pytest.mark.skipif("plain.md" not in DOCS_BY_NAME, reason="the index lists no plain.md")
def test_every_plain_rule_lists_a_whole_hand_on_the_engine():
    """Each rule of plain.md lists, besides the kernel tests of its rule kernels, **Tests.** of whole hands the
    engine plays (tests/variants/plain/test_plain_engine.py), as the other variants' rules do."""
    doc = DOCS_BY_NAME["plain.md"]
    missing = []
    for rule, block in doc.rule_block.items():
        listed = block.split("- **Tests.**")[1].split("\n- ")[0] if "- **Tests.**" in block else ""
        if not any(module.endswith("test_plain_engine.py") for module, _, _ in TEST_REF.findall(listed)):
            missing.append(rule)
    assert missing == []


@pytest.mark.parametrize("name", documents("jincheng.md", "plain.md"))
def test_every_listed_test_cites_its_rule(name):
    """A test listed under rN names rN (in its name, docstring or comments) or the flag of rN."""
    doc = DOCS_BY_NAME[name]
    unrelated = []
    for rule, block in doc.rule_block.items():
        flag_line = next((ln for ln in block.splitlines() if ln.startswith("- **Flag.**")), "")
        flags = set(re.findall(r"`(\w+)`", flag_line))
        for module, first, second in TEST_REF.findall(block.split("- **Source.**")[0]):
            name = f"{first}::{second}" if second else first
            source = source_of_test(ROOT / module, name)
            cited = {r for _, r, _ in citations(source) if r} | {int(n) for n in re.findall(r"_r(\d+)", name)}
            cited |= {int(n) for n in re.findall(r"\br(\d+)\b", source)}
            if rule not in cited and not any(flag in source for flag in flags):
                unrelated.append(f"r{rule}: {module}::{name}")
    assert unrelated == []


@pytest.mark.parametrize("name", documents("jincheng.md", "plain.md"))
def test_flag_table_matches_the_rule_config(name):
    """Every key of conf/rules/<variant>.yaml is in the §4 tables of <variant>.md with the yaml's default."""
    config = yaml.safe_load((ROOT / "conf" / "rules" / name.replace(".md", ".yaml")).read_text(encoding="utf-8"))
    config.pop("variant")
    section = DOCS_BY_NAME[name].section_text("4")
    documented = {}
    columns = None
    for line in section.splitlines():
        if not line.startswith("|") or line.startswith("| ---"):
            columns = None if not line.startswith("|") else columns
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if columns is None:
            columns = cells
            continue
        key_column = "flag" if "flag" in columns else "field"
        flags = re.findall(r"`(\w+)`", cells[columns.index(key_column)])
        default = cells[columns.index("default")].replace("**", "").split(" (")[0]
        values = [v.strip() for v in default.split(" / ")] if len(flags) > 1 else [default.strip()]
        for flag, value in zip(flags, values):
            documented[flag] = value
    expected = {k: (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in config.items()}
    assert {k: documented.get(k) for k in expected} == expected


# --- citations in the project ------------------------------------------------------------------------------

def test_citation_parser_reads_ranges_lists_and_bare_rules():
    text = "RULES §1.3 r19–r21, r23; §1.5 r30/r33 and RULES §1.7 case 3\nRULES r27 (§1.3 r16(a))"
    assert citations(text) == [("1.3", 19, 1), ("1.3", 20, 1), ("1.3", 21, 1), ("1.3", 23, 1),
                               ("1.5", 30, 1), ("1.5", 33, 1), ("1.7", None, 1), ("1.3", 16, 2), ("", 27, 2)]
    assert resolve("1.3", 23) == "r23 is in §1.4 of jincheng.md, not §1.3"
    assert resolve("1.4", 99) == "jincheng.md has no rule r99"
    assert resolve("2.5", 19) is None and resolve("3.4", 15) is None and resolve("1.12", None)
    for top, name in VARIANT_FILE.items():  # each file's last rule, cited in its section and in another
        rule = max(DOCS_BY_NAME[name].rule_section)
        section = DOCS_BY_NAME[name].rule_section[rule]
        assert resolve(section, rule) is None and resolve(top, rule) is None
        wrong = f"{top}.99"
        assert resolve(wrong, rule) == f"{name} has no section §{wrong}"
    assert resolve("9.1", 1) == "§9.1 belongs to no variant file"


def test_every_rules_citation_resolves():
    broken = []
    for rel, text in citing_files():
        if rel == "tests/test_rules_docs.py":
            continue  # this module's examples are broken on purpose
        for section, rule, line in citations(text):
            why = resolve(section, rule)
            if why:
                broken.append(f"{rel}:{line}: {why}")
    assert broken == []


def test_every_flag_citation_resolves():
    known = set().union(*(doc.flags for doc in DOCS_BY_NAME.values()))
    broken = [f"{rel}:{line}: A{a}" for rel, text in citing_files() if rel != "tests/test_rules_docs.py"
              for a, line in flag_citations(text) if a not in known]
    assert broken == []


def test_nothing_outside_docs_names_unshipped_documents():
    """The project cannot refer to material its users do not have."""
    offenders = sorted({rel for rel, text in project_files() if not rel.startswith("docs/")
                        and rel != "tests/test_rules_docs.py" and any(word in text for word in UNSHIPPED)})
    assert offenders == []
