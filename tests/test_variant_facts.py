"""The facts of each rule variant the studies and the report read live in the variant's folder
(``sim/variants/<name>/study_facts.py``, read through ``sim.variant_facts``): every variant defines every fact, each
of the right kind, and the studies and the report take them from there."""
import pytest

from experiments import study_dealer_edge, study_huangzhuang, study_tournament  # noqa: F401  (the readers load)
from experiments.config import STUDIES
from sim.rules import VARIANTS
from sim.variant_facts import FIELDS, MECHANIC_WORDS, facts, missing_mechanics


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_defines_every_fact(variant):
    module = facts(variant)
    assert module.__name__ == f"sim.variants.{variant}.study_facts"
    assert set(FIELDS) <= set(vars(module))
    assert set(module.SKIPPED_STUDIES) <= set(STUDIES)
    assert all(reason.endswith("本研究跳过。") for reason in module.SKIPPED_STUDIES.values())
    assert isinstance(module.HUANG_SWEEP, bool)
    assert set(module.MECHANICS) <= set(MECHANIC_WORDS) and set(module.MISSING) <= set(MECHANIC_WORDS)
    assert not set(module.MECHANICS) & set(module.MISSING)  # one statement of each mechanic
    assert set(module.ABSENT_MONEY) <= set(study_dealer_edge.COMPONENTS) - {"win", "total"}
    assert all(isinstance(v, str) for v in (module.LABEL, module.KONG_WALL_NOTE, module.NO_SWEEP_NOTE,
                                            *module.WORDS.values()))
    assert bool(module.NO_SWEEP_NOTE) != module.HUANG_SWEEP  # a variant without a sweep says why


def test_an_unknown_variant_is_named_with_the_choices():
    with pytest.raises(ValueError, match="^unknown variant 'guangdong'; choose one of jincheng, "):
        facts("guangdong")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_studies_and_the_report_read_the_variants_facts(variant, monkeypatch):
    """Changing a fact in the variant's folder changes what the studies and the report do: the facts are not
    copied elsewhere."""
    from experiments.variant_params import skip_reason
    from reports import terms

    module = facts(variant)
    monkeypatch.setattr(module, "SKIPPED_STUDIES", {"shapes": "测试：本研究跳过。"})
    monkeypatch.setattr(module, "ABSENT_MONEY", ("kong",))
    monkeypatch.setattr(module, "HUANG_SWEEP", False)
    monkeypatch.setattr(module, "WORDS", {"荒庄": "流局"})
    monkeypatch.setattr(module, "NO_SWEEP_NOTE", "测试说明")
    assert skip_reason("shapes", {"variant": variant}) == "测试：本研究跳过。"
    assert study_dealer_edge.components(variant) == [c for c in study_dealer_edge.COMPONENTS if c != "kong"]
    assert not study_huangzhuang.sweeps(variant)
    with terms.using(variant):
        assert terms.say("荒庄率") == "流局率" and terms.no_sweep_note() == "测试说明"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_rule_sets_mechanics_decide_which_strategies_it_refuses(variant, monkeypatch):
    """The one statement of whether a rule set has ting (its facts' MECHANICS) decides both what the tournament
    writes and which strategies are refused: taking ting away refuses early_ting with the rule set's reason, giving
    it refuses nothing that needs only ting."""
    from sim.seat_plan import variant_refusals

    module = facts(variant)
    monkeypatch.setattr(module, "MECHANICS", {k: v for k, v in module.MECHANICS.items() if k != "ting"})
    monkeypatch.setattr(module, "MISSING", {**module.MISSING, "ting": "测试：没有听"})
    assert variant_refusals(variant)["early_ting"] == "测试：没有听"
    assert missing_mechanics(variant)["ting"] == "测试：没有听"
    monkeypatch.setattr(module, "MECHANICS", {**module.MECHANICS, "ting": "测试"})
    monkeypatch.setattr(module, "MISSING", {k: v for k, v in module.MISSING.items() if k != "ting"})
    assert "early_ting" not in variant_refusals(variant) and "ting" not in missing_mechanics(variant)


def test_win_kinds_citation_and_control_are_stated_once_per_rule_set(monkeypatch):
    """Each rule set states the win features and shapes its engine records, where its rules start, and whether it
    is the control; the studies and the report read them there: moving the control moves it, narrowing the shapes
    narrows what the shapes study counts, changing the citation changes the report's."""
    from experiments import win_features
    from reports.rule_notes import variant_citation
    from sim.variant_facts import control_rule_set

    names = set(win_features.feature_names().values())
    for variant in VARIANTS:
        module = facts(variant)
        assert isinstance(module.WIN_FEATURES, frozenset) and module.WIN_FEATURES <= names
        assert isinstance(module.WIN_SHAPES, frozenset) and "regular" in module.WIN_SHAPES
        assert module.RULES_CITATION.startswith(("RULES §", "docs/rules/"))
    controls = [v for v in VARIANTS if facts(v).CONTROL]
    assert len(controls) <= 1 and controls == [c for c in [control_rule_set()] if c is not None]
    for variant in controls:
        monkeypatch.setattr(facts(variant), "CONTROL", False)
    assert control_rule_set() is None  # a tree without a control (the variants study then has no control rows)
    monkeypatch.setattr(facts(VARIANTS[1]), "CONTROL", True)
    assert control_rule_set() == VARIANTS[1]
    monkeypatch.setattr(facts("jincheng"), "RULES_CITATION", "RULES §2")  # another rule set's, for the test
    assert variant_citation("jincheng") == "RULES §2"
    import polars as pl

    frame = pl.DataFrame({"winner": [0, 1], "shape": ["regular", "qidui"]})
    assert set(win_features.shape_indicators(frame, "jincheng")) >= {"regular", "qidui", "shisanyao"}
    monkeypatch.setattr(facts("jincheng"), "WIN_SHAPES", frozenset({"regular"}))
    assert "shisanyao" not in win_features.shape_indicators(frame, "jincheng")
