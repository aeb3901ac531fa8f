"""Reports never contradict themselves: the report of every experiment under every rule set (jincheng, jinzhong,
jinhua, plain, sichuan) is built from the study modules' rows on hand-made records (tests/synthetic_records.py, the rows of
tests/test_report.py) and checked mechanically: one interval style, no value that looks like missing data, signed
differences worded to their sign, Chinese labels (ASCII words only in code font, citations and an allowlist), one
count of sensitivity changes, no empty table, a 术语 table, and one name per statistic across studies (the
glossary, reports/glossary.py and docs/glossary.md). A study that means nothing under the rules is refused alone
(exit 2) and skipped with its reason inside the overview. Figures are not drawn (tests/test_report.py does that)."""
import re
from pathlib import Path

import polars as pl
import pytest
import yaml

from experiments.config import ConfigError
from experiments.variant_params import refuse_foreign_studies, skip_reason
from reports import builder, glossary, section_sensitivity, section_skill, section_tournament, section_variants, tables
from reports import terms, tune_words
from reports.document import render_markdown
from reports.rule_notes import variant_citation
import sim.rules
from test_report import META, synthetic_summary

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sim.rules.VARIANTS  # every registered rule set


def _studies(path: Path) -> list[str]:
    """Return the studies of an experiment config (a ``@package _global_`` file nests them under ``experiment``)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return (data.get("experiment") or data)["studies"]


EXPERIMENTS = {path.stem: _studies(path) for path in sorted((ROOT / "conf" / "experiment").glob("*.yaml"))}
#: ASCII words a report may show outside code font: method names, the rules' citation marks, the program's name.
INTERVAL = re.compile(r"\[[-+]?\d[\d.,]*, [-+]?\d[\d.,]*\]")
ALLOWED = {"RULES", "Student", "Wilson", "delta", "PED", "ANOVA", "Optuna", "TPE", "mjrules"}


@pytest.fixture(scope="module")
def summary() -> pl.DataFrame:
    return synthetic_summary()


def runs():
    """Yield (experiment, variant, its studies that run, {skipped study: reason})."""
    for experiment, studies in EXPERIMENTS.items():
        for variant in VARIANTS:
            skipped = {s: r for s in studies if (r := skip_reason(s, {"variant": variant}))}
            yield experiment, variant, [s for s in studies if s not in skipped], skipped


def report_text(summary: pl.DataFrame, experiment: str, variant: str, studies: list[str], skipped: dict) -> str:
    meta = {**META, "experiment": experiment, "rules": {"variant": variant}, "skipped": skipped}
    rows = summary.filter(pl.col("study").is_in(studies))
    with terms.using(variant):
        return render_markdown(builder.report_blocks(rows, meta, {}), ROOT)


@pytest.fixture(scope="module")
def reports(summary) -> dict[tuple[str, str], str]:
    """Return {(experiment, variant): report.md text} of every run that is not refused, whose studies the
    synthetic summary holds (experiment=train's rows come from its own end-to-end test, tests/test_train_experiment.py)."""
    held = set(summary["study"].unique())
    return {(e, v): report_text(summary, e, v, studies, skipped) for e, v, studies, skipped in runs()
            if studies and set(studies) & held}


def shown(text: str) -> str:
    """Return the text a reader reads as words: without code spans, figure links, HTML tags, the versions table
    and the command-line overrides, citations of the rule documents and ``key=value`` parameters."""
    text = text.split("### 版本", 1)[0]
    text = "\n".join(line for line in text.splitlines() if not line.startswith(("![", "命令行覆盖")))
    text = re.sub(r"`[^`]*`", "", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"docs/rules/\w+\.md", "", text)
    return re.sub(r"\S+=\S+", "", text)


def test_every_experiment_under_every_rule_set_is_reported_or_refused_one_way():
    for experiment, variant, studies, skipped in runs():
        if studies:
            refuse_foreign_studies(EXPERIMENTS[experiment], variant)  # runs: no refusal
        else:
            with pytest.raises(ConfigError, match=f"^experiment={experiment} means nothing with rules={variant}: "):
                refuse_foreign_studies(EXPERIMENTS[experiment], variant)
    assert not [s for e, v, s, _ in runs() if (e, v) == ("thirteen_orphans", "jinhua")][0]  # refused, not empty


def test_skipped_studies_of_the_overview_say_why(reports):
    for (experiment, variant), text in reports.items():
        for study in EXPERIMENTS[experiment]:
            reason = skip_reason(study, {"variant": variant})
            if reason:
                assert f"{tables.study_label(study)}：未运行。{reason}" in text, (experiment, variant, study)


def test_one_interval_style(reports):
    for key, text in reports.items():
        assert "…" not in text, key
        assert not re.search(r"\bpp\b", text), key
        assert not re.search(r"（[-+]?\d[\d.,]*\s*(?:…|, )", text), key  # an interval in round brackets
        opened = [m.start() for m in re.finditer(r"\[[-+]?\d", text)]  # every bracket of numbers is "[low, high]"
        assert [text[i:i + 30] for i in opened if not INTERVAL.match(text, i)] == [], key


def test_no_value_looks_like_missing_data(reports):
    for key, text in reports.items():
        assert not re.findall(r"\[[-+]?0\.0+, [-+]?0\.0+\]", text), key
        assert not re.findall(r"\d(?:\.\d+)?e-\d", text), key
        assert "n/a" not in text and "nan" not in re.sub(r"`[^`]*`", "", text), key


def test_signed_differences_are_worded_to_their_sign(reports):
    for key, text in reports.items():
        assert not re.findall(r"(?:多赢|少赢|多输|少输)\s*[-−+]\d", text), key


def test_labels_are_chinese(reports):
    for key, text in reports.items():
        words = set(re.findall(r"[A-Za-z][A-Za-z_]+", shown(text))) - ALLOWED
        assert sorted(words) == [], key


def test_tables_are_not_empty(reports):
    for key, text in reports.items():
        lines = text.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("| ---"):
                assert i + 2 < len(lines) and lines[i + 2].startswith("|"), (key, line)


def test_one_count_of_sensitivity_changes(reports):
    for key, text in reports.items():
        counts = set(re.findall(r"(\d+) 个改变", text))
        assert len(counts) <= 1, (key, counts)


def test_the_report_ends_with_the_glossary_of_its_terms(reports):
    for key, text in reports.items():
        section = text.split("## 术语", 1)[1].split("## 运行设置与版本", 1)[0]
        listed = [line.split(" | ")[0].removeprefix("| ") for line in section.splitlines()
                  if line.startswith("| ") and not line.startswith("| ---")]
        assert listed[1:] == [t.term for t in glossary.used_terms(text.split("## 术语", 1)[0])], key


def test_each_variant_cites_its_own_rules_document(reports):
    """推倒胡's variant row cited 晋城's RULES §1."""
    for (experiment, variant), text in reports.items():
        row = next(line for line in text.splitlines() if line.startswith("| `variant` |"))
        assert row.endswith(f"；{variant_citation(variant)} |")
        assert ("RULES §1" in row) == (variant == "jincheng")


def test_the_glossary_defines_each_term_once_and_docs_list_it():
    names = [t.term for t in glossary.TERMS]
    assert len(names) == len(set(names))
    assert glossary.markdown() in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")


def statistic_words() -> list[tuple[str, str]]:
    """Return (statistic name, the words a study shows for it) of every study's word table."""
    out = list(tables.MEANINGS.items()) + list(tables.HEADLINE_LABELS.items())
    out += [(name, words[0]) for name, words in tune_words.STAT_WORDS.items()]
    out += [(name, words[0]) for name, words in section_skill.HEADLINE_WORDS.items()]
    out += [(name, words[0]) for name, words in section_sensitivity.STATISTICS.items()]
    out += list(section_sensitivity.SPOKEN.items())
    out += [(name, words[0]) for name, words in section_variants.STATISTICS.items()]
    out += [(name, words[0]) for name, words in section_variants.CONTROL_WORDS.items()]
    out += [(name, words) for name, words, _ in section_tournament.COLUMNS]
    return out


def test_no_study_gives_a_glossary_name_to_another_statistic():
    """点炮率 is a seat's deal-in rate, 点炮胡率 the share of hands won on a discard: no study swaps them."""
    for name, words in statistic_words():
        for term in glossary.TERMS:
            if term.names and term.term in words:
                assert glossary.base_name(name) in term.names, (name, words, term.term)


def test_one_unit_per_statistic():
    """The volatility and the money per hand are in 底注/手 in every table, reading and figure axis."""
    assert section_sensitivity.STATISTICS["volatility"][2].strip() == "底注/手"
    assert tables.unit_label("volatility") == tune_words.STAT_WORDS["volatility"][2] == "底注/手"
    assert all("（底注）" not in words for _, words in statistic_words())


def test_a_number_never_stands_beside_n_0(reports):
    """n 0 beside an estimate reads as "no hands, no data"; a fact without hands behind it shows "–"."""
    for key, text in reports.items():
        for line in text.splitlines():
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) == 7 and cells[-1] == "0":
                assert cells[3] == tables.NO_DATA, (key, line)


def test_a_study_that_means_nothing_under_the_rules_stops_alone_with_exit_2(tmp_path, capsys):
    """thirteen_orphans under 金华 ran and wrote an empty report with exit 0, while caishen under 晋城 stopped with
    exit 2: now both stop with one line and exit 2."""
    from experiments.app import main

    for rules, study in (("jinhua", "thirteen_orphans"), ("jincheng", "caishen")):
        with pytest.raises(SystemExit) as stop:
            main([f"rules={rules}", f"experiment={study}", "hands=100", f"hydra.run.dir={tmp_path / study}"])
        err = capsys.readouterr().err
        assert stop.value.code == 2 and err.count("\n") == 1, err
        assert err.startswith(f"error: experiment={study} means nothing with rules={rules}: ")
        assert not (tmp_path / study / "report.md").exists()
