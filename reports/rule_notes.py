"""What each rule flag means and where docs/rules/jincheng.md sets it, for the report's rules table.

The descriptions are the end-of-line comments of the variant's rule config
(``conf/rules/<variant>.yaml``: ``key: value   # description (RULES §x r.., A..)``). Where that file
is not at hand (an installed package without ``conf/``), the citation stored with each field of
``sim.rules.RulesConfig`` is used instead.
"""
from __future__ import annotations

import re
from pathlib import Path

from sim.rules import VARIANTS
from sim.variant_facts import facts

#: Folder of the variants' rule configs, beside the packages.
RULES_CONF_DIR = Path(__file__).resolve().parent.parent / "conf" / "rules"
_LINE = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_]*)\s*:[^#]*#\s*(?P<note>.+?)\s*$")


def parse_comments(text: str) -> dict[str, str]:
    """Return {flag: its end-of-line comment} of a flat YAML rule config's text."""
    return {m["key"]: m["note"] for line in text.splitlines() if (m := _LINE.match(line))}


def rule_notes(variant: str) -> dict[str, str]:
    """Return {flag: description with citation} for the variant's rule flags ({} if none is known).

    A flag without a comment in the YAML file gets the citation stored with its ``RulesConfig`` field."""
    notes = {}
    try:
        import dataclasses

        from sim.rules import RulesConfig

        notes = {f.name: f.metadata["cite"] for f in dataclasses.fields(RulesConfig) if "cite" in f.metadata}
    except ImportError:
        pass
    path = RULES_CONF_DIR / f"{variant}.yaml"
    if path.is_file():
        notes.update(parse_comments(path.read_text(encoding="utf-8")))
    return notes


_CITATION = re.compile(r"\(((?:RULES |docs/rules/)[^)]*)\)\s*$")


def citation(note: str) -> str:
    """Return the citation of a rule note ('RULES §1.9 r51, A1' of '… (RULES §1.9 r51, A1)'), '' when none."""
    if note.startswith(("RULES ", "docs/rules/")) and "(" not in note:
        return note
    match = _CITATION.search(note)
    return match[1] if match else ""


def variant_citation(variant: str) -> str:
    """Return where ``variant``'s rules document starts ('RULES §1' for 晋城, a rule set with a file of its own names
    the file and its first section; its facts' ``RULES_CITATION``), '' for an unknown variant."""
    return facts(variant).RULES_CITATION if variant in VARIANTS else ""
