"""Every report section says which players its numbers are about (reports.section_players), read from the run's
seats: a learned table names 学习型（`learned`）, a seat-0 study names seats 1–3 of the mix, and the skill and
tournament sections say they play their own strategies. Built from hand-made summaries (tests/test_report.py)."""
import pytest

from experiments import config as cfg
from reports import builder, sections
from reports.section_players import players_sentence
from test_report import META, synthetic_summary

LEARNED = {**META, "seats_name": "all_learned", "seats": ["learned"] * 4}
SELECTIVE = {**META, "seats_name": "one_selective", "seats": ["selective_ting{min_live_waits=3}"] + ["greedy"] * 3}


@pytest.fixture(scope="module")
def summary():
    return synthetic_summary()


def section_openings(summary, meta) -> dict[str, str]:
    """Return {section title: the text of the block right after its heading}."""
    blocks = builder.report_blocks(summary, meta, {})
    return {block[1]: after[1] for block, after in zip(blocks, blocks[1:]) if block[0] == "h2" and after[0] == "p"}


def test_every_study_has_a_players_sentence():
    for study in cfg.STUDIES:
        assert players_sentence(study, LEARNED), study


def test_every_section_of_a_learned_run_opens_with_its_players(summary):
    openings = section_openings(summary, LEARNED)
    studies = summary["study"].unique(maintain_order=True).to_list()
    assert set(studies) == set(sections.SECTIONS)  # the synthetic summary has every section
    for study in studies:
        text = openings[sections.title(study)]
        assert text.startswith("本节"), (study, text)
        if study in ("skill", "tournament", "train"):
            assert "不用运行的座位组合" in text and "learned" not in text
        elif study in ("thirteen_orphans", "early_ting", "caishen"):
            assert "0 号位换成" in text and "1–3 号位" in text and "三家都是学习型（`learned`）" in text
        else:
            assert "座位组合 `all_learned`：四家都是学习型（`learned`）" in text, (study, text)


def test_a_skill_edge_is_named_only_where_the_run_measured_one(summary):
    from experiments import study_variants
    from reports import stats
    from synthetic_records import record_frame

    assert "技术优势" not in players_sentence("variants", LEARNED, summary)  # the synthetic run measured none
    bound = study_variants.bind_rules(cfg.VariantsParams(variants=["jincheng"], skill_edge_hands=300,
                                                         strong="greedy{pong=always}"), {})
    frames = {"jincheng": record_frame(300, seed=1), "edge_base jincheng": record_frame(300, seed=2)}
    frames["edge jincheng"] = frames["edge_base jincheng"]
    edged = stats.summary_frame(study_variants.summarize(frames, bound))
    meta = {**LEARNED, "parameters": {"variants": {"strong": "greedy{pong=always}"}}}
    text = players_sentence("variants", meta, edged)
    assert "四家都是学习型（`learned`）" in text and "贪心（`greedy{pong=always}`）作为强手坐 0 号位" in text


def test_a_mixed_table_names_each_seat(summary):
    openings = section_openings(summary, SELECTIVE)
    dealer = openings[sections.title("dealer_edge")]
    assert "0 号位到 3 号位依次为挑听（`selective_ting{min_live_waits=3}`）、贪心（`greedy`）" in dealer
    chase = openings[sections.title("thirteen_orphans")]
    assert "三家都是贪心（`greedy`）" in chase and "selective_ting" not in chase  # seat 0 is the study's own
    greedy = section_openings(summary, META)[sections.title("dealer_edge")]
    assert "四家都是贪心（`greedy`）" in greedy and "learned" not in greedy
