"""docs/rules/sichuan.md: rules r1–r84 numbered once with anchors, each listing kernel tests that exist or "pending
(play-on core)", the rule → flag → test table complete, and every citation of the page in the rule set's code and
tests resolving to one of its rules (tests/test_rules_docs.py checks the played rule sets' pages)."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TEXT = (ROOT / "docs" / "rules" / "sichuan.md").read_text(encoding="utf-8")
RULE = re.compile(r"^### r(\d+) ", re.MULTILINE)
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def blocks():
    """Return {rule: its text up to the next heading}."""
    parts = re.split(r"^### r(\d+) .*$", TEXT, flags=re.MULTILINE)
    return {int(parts[i]): parts[i + 1].split("\n## ")[0] for i in range(1, len(parts), 2)}


def test_every_rule_is_numbered_once_with_an_anchor():
    numbers = [int(n) for n in RULE.findall(TEXT)]
    assert numbers == list(range(1, 85))
    assert all(f'<a id="r{n}"></a>' in TEXT for n in numbers)


def test_every_rule_lists_kernel_tests_or_pending_and_every_named_test_exists():
    for rule, block in blocks().items():
        assert TEST_REF.search(block) or "pending (play-on core)" in block, rule
    for module, name in TEST_REF.findall(TEXT):
        tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
        assert name in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}, (module, name)


def test_the_rule_flag_test_table_has_a_row_per_rule():
    rows = re.findall(r"^\| \[r(\d+)\]\(#r\d+\) \|", TEXT, flags=re.MULTILINE)
    assert [int(r) for r in rows] == list(range(1, 85))


def test_every_citation_of_the_page_resolves():
    cited = []
    for folder in (ROOT / "sim" / "variants" / "sichuan", ROOT / "tests" / "variants" / "sichuan"):
        for path in folder.glob("*.py"):
            for match in re.finditer(r"docs/rules/sichuan\.md((?:[ ,(]+(?:and )?r\d+)*)", path.read_text(encoding="utf-8")):
                cited += [(path.name, int(n)) for n in re.findall(r"r(\d+)", match.group(1))]
    assert cited and all(1 <= n <= 84 for _, n in cited), [c for c in cited if not 1 <= c[1] <= 84]
