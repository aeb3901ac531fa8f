"""experiment=skill: the skill edge and the level differences on hand-made records with known answers, the verdict
rule, one-line config errors, and small end-to-end runs on the engine with a stand-in strong level."""
import numpy as np
import polars as pl
import pytest

from experiments import runner, study_skill
from experiments.arms import ArmRunner
from experiments.compose import load_run_config
from experiments.config import ConfigError, SkillParams
from reports import section_skill, terms
from reports import stats
from synthetic_records import record_frame, skill_frames
from test_cli_errors import assert_one_error_line, mjrules

STAND_IN = "greedy{pong=always}"


def with_transfer(frame: pl.DataFrame, transfer: np.ndarray) -> pl.DataFrame:
    """Return ``frame`` with seat 0 winning ``transfer[i]`` 底注 more on hand i, paid equally by the three others."""
    return frame.with_columns(pl.col("s0_delta") + transfer,
                              *[pl.col(f"s{k}_delta") - transfer / 3 for k in (1, 2, 3)])


def test_the_skill_edge_pairs_seat_0_with_seat_0_on_the_hands_both_arms_played():
    rng = np.random.default_rng(5)
    greedy_table = record_frame(3000, seed=3)                    # zero-sum hands, seat 0 dealt like any seat
    transfer = rng.choice([0.0, 6.0], greedy_table.height, p=[2 / 3, 1 / 3])  # the strong seat's gain: mean 2
    one_strong = with_transfer(greedy_table, transfer)
    one_strong = one_strong.filter(pl.col("hand") < 2000).sample(fraction=1.0, shuffle=True, seed=1)  # fewer, shuffled
    strong_table = record_frame(2000, seed=4)
    one_greedy = with_transfer(strong_table, -transfer[:2000])   # the greedy seat among strong ones loses the same
    edges = study_skill.skill_edges(greedy_table, one_strong, strong_table, one_greedy)
    for edge in edges.values():
        assert edge.n == 2000
        assert edge.estimate == pytest.approx(transfer[:2000].mean(), abs=1e-9)  # exactly the transfer's mean
        assert edge.se == pytest.approx(stats.mean_ci(transfer[:2000]).se)     # hand by hand: the transfer's spread
        assert edge.ci_low < 2.0 < edge.ci_high
    # the tempting estimator — the strong seat against the other seats of its own table — reads 4/3 of the edge
    mixed = one_strong.sort("hand")
    naive = (mixed["s0_delta"] - (mixed["s1_delta"] + mixed["s2_delta"] + mixed["s3_delta"]) / 3).mean()
    seat0 = greedy_table.filter(pl.col("hand") < 2000)["s0_delta"].mean()  # 0 in expectation, not on these hands
    assert naive == pytest.approx(4 / 3 * (seat0 + transfer[:2000].mean()))
    assert abs(naive - edges["one_strong"].estimate) > 0.4


def test_a_level_difference_is_the_paired_difference_of_the_two_levels_gains():
    bound, frames = skill_frames(n=800)
    assert bound.levels == ("random", "greedy", "learned", "strong")
    # gain 1 at every level, then 2.5 at the learned level and 4 at the strong one: differences exactly 1.5 and 3
    for c in bound.applicable:
        for level, gain in (("learned", 2.5), ("strong", 4)):
            frames[f"{c.name} studied {level}"] = frames[f"{c.name} comparator {level}"].with_columns(
                pl.col("s0_delta") + gain)
    played = {"strong": 500, "learned": 700}  # each level's own arm length, fewer than the greedy level's 800
    frames = {role: next((f.filter(pl.col("hand") < n) for level, n in played.items() if role.endswith(f" {level}")), f)
              for role, f in frames.items()}
    rows = {(r["name"], r["group"]): r for r in study_skill.summarize(frames, bound)}
    assert [c.name for c in bound.applicable] == ["chase_gain_k9", "early_ting_cost_t4"]  # 晋城: no 爆头
    for c in bound.applicable:
        assert rows[(c.name, "greedy")]["estimate"] == pytest.approx(1.0)
        for level, value in (("learned", 2.5), ("strong", 4.0)):
            assert rows[(c.name, level)]["estimate"] == pytest.approx(value)
            difference = rows[(f"diff_{c.name}", f"{level} − greedy")]
            assert difference["estimate"] == pytest.approx(value - 1.0) and difference["n"] == played[level]
    for level, n in played.items():
        greedy, other = frames["table greedy"].filter(pl.col("hand") < n), frames[f"table {level}"]
        dealer = rows[("diff_dealer_result", f"{level} − greedy")]
        expected = stats.paired_difference(*(study_skill.tune_targets.per_hand(f)["dealer_result"]
                                             for f in (other, greedy)))
        assert dealer["estimate"] == pytest.approx(expected.estimate) and dealer["n"] == n
        assert rows[("level_spec", f"{level}={bound.spec(level)}")]["n"] == n


def row(estimate, low, high):
    return {"estimate": estimate, "se": (high - low) / 3.92, "ci_low": low, "ci_high": high, "n": 1000}


@pytest.mark.parametrize("greedy, strong, difference, expected", [
    (row(0.10, 0.05, 0.15), row(0.12, 0.02, 0.22), row(0.02, -0.05, 0.09), "得到确认"),  # same sign, both clear
    (row(0.10, 0.05, 0.15), row(-0.20, -0.30, -0.10), row(-0.30, -0.40, -0.20), "被推翻"),  # a clear flip
    (row(0.10, 0.05, 0.15), row(-0.05, -0.15, 0.05), row(-0.15, -0.25, -0.05), "不确定"),  # a flip inside the noise
    (row(0.10, 0.05, 0.15), row(0.30, 0.25, 0.35), row(0.20, 0.12, 0.28), "不确定"),      # same sign, size moved
    (row(0.034, 0.030, 0.038), row(0.070, 0.066, 0.074), row(0.036, 0.031, 0.041), "不确定"),  # 荒庄 3.4 → 7.0 %
    (row(1.0, 1.0, 1.0), row(1.0, 1.0, 1.0), row(0.0, 0.0, 0.0), "得到确认"),            # exactly equal everywhere
    (row(0.10, 0.05, 0.15), row(0.08, -0.02, 0.18), row(-0.02, -0.09, 0.05), "不确定"),   # clear at greedy, not shown
    (row(0.01, -0.04, 0.06), row(0.02, -0.08, 0.12), row(0.01, -0.06, 0.08), "未被推翻"),  # nothing clear to confirm
    (row(0.10, 0.05, 0.15), None, None, "不确定"),                                       # no strong level
])
def test_the_verdict_on_a_headline(greedy, strong, difference, expected):
    assert section_skill.verdict(greedy, strong, difference) == expected


RARE = row(0.0011, 0.0007, 0.0017)  # 金华's 荒庄 rate at the greedy level: 0.11 %


@pytest.mark.parametrize("strong, difference, signed, expected", [
    (row(0.0, 0.0, 0.0026), row(-0.0007, -0.0020, 0.0006), False, "不确定"),  # seen 0 times: too few hands, no flip
    (row(0.0, 0.0, 0.0026), row(-0.0007, -0.0020, 0.0006), True, "不确定"),   # read as money: a flip in the noise
    (row(0.0012, 0.0008, 0.0016), row(0.0001, -0.0003, 0.0005), False, "未被推翻"),  # d spans ±45 % of the level
    (row(0.0012, 0.0010, 0.0014), row(0.0001, -0.0001, 0.0001), False, "得到确认"),  # d within ±10 % of it
    (row(0.0, -0.0001, 0.0001), row(-0.0011, -0.0015, -0.0007), False, "不确定"),  # a level that clearly moved
    (row(-0.0011, -0.0015, -0.0007), row(-0.0022, -0.0030, -0.0014), True, "被推翻"),
    (row(-0.0011, -0.0015, -0.0007), row(-0.0022, -0.0030, -0.0014), False, "不确定"),  # a level never fails by sign
])
def test_a_level_headline_has_no_sign_to_flip(strong, difference, signed, expected):
    assert section_skill.verdict(RARE, strong, difference, signed=signed) == expected


def test_a_rate_seen_zero_times_at_the_strong_level_is_not_called_a_sign_flip():
    """金华's 荒庄 (0.11 % of greedy hands) seen in none of 1,500 strong hands: too few hands, not a flip."""
    from synthetic_records import skill_rows

    rows = pl.DataFrame(skill_rows())
    values = {("huang_rate", "greedy"): RARE, ("huang_rate", "strong"): row(0.0, 0.0, 0.0026),
              ("diff_huang_rate", "strong − greedy"): row(-0.0007, -0.0020, 0.0006)}
    for (name, group), value in values.items():
        match = (pl.col("name") == name) & (pl.col("group") == group)
        assert rows.filter(match).height == 1
        rows = rows.with_columns([pl.when(match).then(pl.lit(float(v))).otherwise(pl.col(k)).alias(k)
                                  for k, v in value.items() if k != "n"])
    assert dict(section_skill.verdicts(rows))["huang_rate"] == "不确定"
    reason = section_skill._reason("huang_rate", rows, "不确定")
    assert "符号翻转" not in reason and "看不清" in reason, reason


@pytest.mark.parametrize("params, rules, fragments", [
    (SkillParams(strong="serch"), {}, ["experiment.skill.strong='serch'", "unknown strategy", "greedy", "random"]),
    (SkillParams(strong="greedy{pong=sometimes}"), {}, ["experiment.skill.strong=", "improves, always, never"]),
    (SkillParams(strong="baotou"), {}, ["experiment.skill.strong='baotou'", "rules=jinhua"]),
    (SkillParams(random="early_ting"), {"variant": "jinhua"}, ["experiment.skill.random='early_ting'", "上架"]),
    (SkillParams(learned="lerned"), {}, ["experiment.skill.learned='lerned'", "unknown strategy", "learned"]),
    (SkillParams(learned="early_ting"), {"variant": "jinhua"}, ["experiment.skill.learned='early_ting'", "上架"]),
    (SkillParams(levels=["random", "strong"]), {}, ["experiment.skill.levels", "'greedy'",
                                                     "random, greedy, learned, strong"]),
])
def test_bad_skill_parameters_are_one_line(params, rules, fragments):
    with pytest.raises(ConfigError) as error:
        study_skill.bind_rules(params, rules)
    message = str(error.value)
    assert "\n" not in message and all(f in message for f in fragments), message


def test_a_learned_level_without_its_model_file_is_left_out_with_its_reason(tmp_path, monkeypatch):
    """No model file for the rule set: the study plays its other levels and the report says why learned is missing;
    a learned level the rules refuse for another reason (no 上架 under 金华) still stops in one line (above)."""
    from strategies.learned import models

    monkeypatch.setattr(models, "MODELS_DIR", tmp_path)  # an empty model folder
    bound = study_skill.bind_rules(SkillParams(strong=STAND_IN), {"variant": "jinzhong"})
    assert bound.levels == ("random", "greedy", "strong")
    ((level, why),) = bound.skipped
    assert level == "learned" and "jinzhong.npz is missing" in why and "\n" not in why
    arms = study_skill.plan(bound, study_skill.ArmSpec(("greedy",) * 4))
    assert not any(role.endswith(" learned") for role in arms)
    frames = {role: record_frame(300, seed=len(role.replace(" comparator ", " studied "))) for role in arms}
    summary = stats.summary_frame(study_skill.summarize(frames, bound))
    skipped = summary.filter(pl.col("name") == "skipped_level").row(0, named=True)
    assert skipped["group"] == "learned" and skipped["n"] == 0
    assert section_skill.compared_levels(summary) == ["strong"]
    with terms.using("jinzhong"):
        text = section_skill.reading(summary)
    assert "学习型水平没有打" in text and "rules=jinzhong" in text and "学习型桌（`" not in text


def test_the_report_names_each_compared_level_with_its_own_verdicts():
    """learned plays the greedy level's gains exactly (every headline 得到确认 or 未被推翻, differences 0) while strong
    flips the 上架 cost (被推翻): the table, the reading and the conclusion keep the two levels apart."""
    bound, frames = skill_frames(n=600)
    for c in bound.applicable:
        frames[f"{c.name} studied learned"] = frames[f"{c.name} comparator learned"].with_columns(pl.col("s0_delta") + 1)
    frames["early_ting_cost_t4 studied strong"] = frames["early_ting_cost_t4 comparator strong"].with_columns(
        pl.col("s0_delta") - 3)
    summary = stats.summary_frame(study_skill.summarize(frames, bound))
    assert section_skill.compared_levels(summary) == ["learned", "strong"]
    learned, strong = dict(section_skill.verdicts(summary, "learned")), dict(section_skill.verdicts(summary, "strong"))
    assert learned["early_ting_cost_t4"] == "得到确认" and strong["early_ting_cost_t4"] == "被推翻"
    header, rows = section_skill.verdict_table(summary)
    assert header[2:] == ["随机", "贪心", "学习型", "强手", "学习型 − 贪心（配对）", "判定（学习型）",
                          "强手 − 贪心（配对）", "判定（强手）"]
    ting = next(r for r in rows if r[0] == section_skill.words("early_ting_cost_t4")[0])
    assert ting[7] == "得到确认" and ting[9] == "被推翻" and ting[6] == "0（每手相同）"
    text = section_skill.conclusion(summary)
    assert text.index("学习型桌（`greedy{pong=never}`，600 手）") < text.index("强手桌（`greedy{pong=always}`，600 手）")
    assert text.count("被推翻：") == 1 and "学习型桌" in section_skill.reading(summary)


def test_the_rules_choose_the_comparing_headlines():
    names = {v: [c.name for c in study_skill.bind_rules(SkillParams(strong=STAND_IN), {"variant": v}).applicable]
             for v in ("jincheng", "jinzhong", "jinhua")}
    assert names == {"jincheng": ["chase_gain_k9", "early_ting_cost_t4"],
                     "jinzhong": ["chase_gain_k9", "early_ting_cost_t4"], "jinhua": ["baotou_gain"]}
    no_honors = study_skill.bind_rules(SkillParams(strong=STAND_IN), {"variant": "jinzhong", "jz_tiles": 108})
    assert [c.name for c in no_honors.applicable] == ["early_ting_cost_t4"]


def test_an_unknown_strong_spec_stops_the_command_line_in_one_line(tmp_path):
    process = mjrules(["experiment=skill", "experiment.skill.strong=serch", "jobs=1"], tmp_path)
    assert_one_error_line(process, "experiment.skill.strong='serch'", "valid:")
    assert not (tmp_path / "outputs").exists()


def run_skill(tmp_path, overrides):
    config = load_run_config(["experiment=skill", "jobs=1", "progress=false", *overrides])
    runner.run(config, tmp_path, overrides)
    return pl.read_parquet(tmp_path / "summary.parquet"), config


def test_a_strong_level_that_plays_greedy_moves_nothing_on_the_same_walls(tmp_path):
    """Strong = greedy in arms of other lengths (300 greedy hands, 200 strong): every paired difference and both
    skill edges are exactly 0 on every hand, so the arms play the same walls hand by hand."""
    summary, _ = run_skill(tmp_path, ["rules=jinhua", "hands=300", "experiment.skill.strong_hands=200",
                                   "experiment.skill.strong=greedy", "experiment.skill.levels=[greedy,strong]"])
    paired = summary.filter(pl.col("name").str.starts_with("diff_") | (pl.col("name") == "skill_edge"))
    assert paired.height == 9 and set(paired["n"]) == {200}  # 6 table headlines, 爆头, two edges (金华)
    assert (paired["estimate"] == 0).all() and (paired["se"] == 0).all()


LEARNED_STAND_IN = "greedy{pong=never}"


def test_skill_end_to_end_with_stand_in_learned_and_strong_levels(tmp_path):
    summary, config = run_skill(tmp_path / "run", ["hands=300", "experiment.skill.strong_hands=150",
                                                   f"experiment.skill.strong='{STAND_IN}'",
                                                   f"experiment.skill.learned='{LEARNED_STAND_IN}'",
                                                   "experiment.skill.learned_hands=200"])
    arms = ArmRunner(config, tmp_path / "plan")
    plans = runner.plan_studies(config, arms)
    strong = {role: role.endswith(" strong") or role.startswith("edge ") for role in plans["skill"]}
    learned = {role: role.endswith(" learned") for role in plans["skill"]}
    assert {arms.hands_of(a) for role, a in plans["skill"].items() if strong[role]} == {150}  # fewer hands
    assert {arms.hands_of(a) for role, a in plans["skill"].items() if learned[role]} == {200}  # its own hands
    assert {arms.hands_of(a) for role, a in plans["skill"].items() if not strong[role] and not learned[role]} == {300}
    tmp_path = tmp_path / "run"
    groups = {(r["name"], r["group"]) for r in summary.iter_rows(named=True)}
    for level in ("random", "greedy", "learned", "strong"):
        assert {(n, level) for n in study_skill.TABLE_HEADLINES + ("chase_gain_k9", "early_ting_cost_t4")} <= groups
    assert ("diff_dealer_result", "learned − greedy") in groups
    assert ("skill_edge", "one_strong") in groups and ("skill_edge", "one_greedy") in groups
    assert ("level_spec", f"strong={STAND_IN}") in groups and ("level_spec", f"learned={LEARNED_STAND_IN}") in groups
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert section_skill.TITLE in report and "判定（学习型）" in report and "一个强手对三个贪心" in report
    assert (tmp_path / "figures" / "skill.png").stat().st_size > 10_000


def test_the_variants_study_adds_the_skill_edge_per_variant_only_when_asked():
    from experiments import study_variants
    from experiments.arms import ArmSpec
    from experiments.config import VariantsParams
    from reports import section_variants
    from sim.rules import VARIANTS

    base = ArmSpec(("greedy",) * 4)
    default = study_variants.bind_rules(VariantsParams(), {})
    assert list(study_variants.plan(default, base)) == list(VARIANTS)  # every rule set, no extra arm
    bound = study_variants.bind_rules(VariantsParams(variants=["jincheng", "jinzhong"], skill_edge_hands=300,
                                                     strong=STAND_IN), {})
    arms = study_variants.plan(bound, base)
    assert arms["edge jinzhong"].seats == (STAND_IN, "greedy", "greedy", "greedy") and arms["edge jinzhong"].hands == 300
    assert arms["edge_base jinzhong"].seats == ("greedy",) * 4 and dict(arms["edge_base jinzhong"].rules) == {
        "variant": "jinzhong"}
    rng = np.random.default_rng(2)
    frames = {name: record_frame(400, seed=i) for i, name in enumerate(("jincheng", "jinzhong"))}
    known = {}
    for i, name in enumerate(("jincheng", "jinzhong")):
        frames[f"edge_base {name}"] = record_frame(300, seed=10 + i)
        transfer = rng.normal(0.5 + i, 1.0, 300)  # jinzhong rewards skill more
        frames[f"edge {name}"] = with_transfer(frames[f"edge_base {name}"], transfer)
        known[name] = transfer.mean()
    summary = stats.summary_frame(study_variants.summarize(frames, bound))
    edges = {r["group"]: r["estimate"] for r in summary.filter(pl.col("name") == "skill_edge").iter_rows(named=True)}
    assert edges == pytest.approx(known)
    ranking = section_variants.reading(summary).split("给变体排序：")[1]
    assert ranking.index("晋中") < ranking.index("晋城")
    with pytest.raises(ConfigError, match=r"^experiment.variants.strong='defensive': .*rules=jinhua"):
        study_variants.bind_rules(VariantsParams(skill_edge_hands=300, strong="defensive"), {})


def test_sensitivity_ranks_the_flags_by_the_change_of_the_skill_edge(tmp_path):
    from experiments import study_sensitivity
    from experiments.arms import ArmSpec
    from experiments.config import SensitivityParams
    from reports import section_sensitivity

    base = ArmSpec(("greedy",) * 4)
    flags = ["houbao_units", "huang_stacks"]
    assert not any(r.startswith("edge") for r in study_sensitivity.plan(
        study_sensitivity.bind_rules(SensitivityParams(flags=flags), {}), base))  # off by default
    bound = study_sensitivity.bind_rules(SensitivityParams(flags=flags, skill_edge_hands=400, strong=STAND_IN,
                                                           rank_by="skill_edge"), {})
    arms = study_sensitivity.plan(bound, base)
    roles = [c.role for c in bound.changes() if c.blocked is None]
    assert {f"edge {r}" for r in ["base", *roles]} <= set(arms)
    assert dict(arms["edge huang_stacks=6"].rules) == {"huang_stacks": 6}
    frames = {role: record_frame(500, seed=1) for role in arms}  # every change plays like the base ...
    rng = np.random.default_rng(3)                              # ... but this one makes hands 5 draws longer:
    frames["houbao_units=1"] = frames["base"].with_columns(pl.col("draws") + rng.integers(3, 8, 500))  # z ≈ 80
    gains = {"base": rng.normal(1.0, 1.0, 400), "houbao_units=1": rng.normal(1.0, 1.0, 400),
             "huang_stacks=6": rng.normal(1.0, 1.0, 400), "huang_stacks=8": rng.normal(1.5, 1.0, 400)}
    for role, gain in gains.items():
        frames[f"edge_table {role}"] = record_frame(400, seed=4)
        frames[f"edge {role}"] = with_transfer(frames[f"edge_table {role}"], gain)
    summary = stats.summary_frame(study_sensitivity.summarize(frames, bound))
    change = summary.filter((pl.col("name") == "diff_skill_edge") & (pl.col("group") == "huang_stacks=8")).row(0, named=True)
    assert change["estimate"] == pytest.approx((gains["huang_stacks=8"] - gains["base"]).mean())
    assert [a.role for a in section_sensitivity.arm_changes(summary)][0] == "huang_stacks=8"   # ranked by skill edge
    unranked = summary.filter(pl.col("name") != "rank_by")
    assert [a.role for a in section_sensitivity.arm_changes(unranked)][0] == "houbao_units=1"  # by the largest z
    assert "哪些规则让技术更值钱" in section_sensitivity.reading(summary)
    with pytest.raises(ConfigError, match="rank_by=skill_edge needs experiment.sensitivity.skill_edge_hands"):
        study_sensitivity.bind_rules(SensitivityParams(rank_by="skill_edge"), {})
