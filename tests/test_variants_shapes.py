"""The variants and shapes studies (experiments/study_variants.py, study_shapes.py, win_features.py) and their
report sections: exact answers on hand-made frames, the estimators against a synthetic law with a known
answer, the one-line errors, and both studies end to end on the real engine (≤ 2,000 hands)."""
import math

import numpy as np
import polars as pl
import pytest

from experiments import study_shapes, study_variants, win_features
from experiments.arms import ArmRunner, ArmSpec
from experiments.compose import load_run_config
from experiments.config import ConfigError, ShapesParams, VariantsParams
from reports import section_shapes, section_variants
from reports import stats
from reports.win_labels import NO_SHAPE_DATA, variant_label
from synthetic_records import record_frame, with_win_features
from test_cli_errors import assert_one_error_line, mjrules
from test_studies import run_study
from registered_rule_sets import with_mechanic, without_mechanic


def hand_made(features: bool) -> pl.DataFrame:
    """Four hands: 荒庄 (后包 6 moved), a 七对 by seat 0 (4 moved), a regular 点炮 by seat 1 (3 moved) and a
    regular 自摸 by seat 2 with 碰碰胡 (8 moved); dealer seat 0 throughout."""
    frame = pl.DataFrame({
        "hand": [0, 1, 2, 3], "dealer": [0, 0, 0, 0], "winner": [-1, 0, 1, 2],
        "win_kind": ["none", "dianhu", "dianhu", "zimo"], "shape": ["none", "qidui", "regular", "regular"],
        "draws": [60, 30, 40, 50],
        "s0_delta": [-6, 4, -3, -4], "s1_delta": [2, -4, 3, -2], "s2_delta": [2, 0, 0, 8], "s3_delta": [2, 0, 0, -2]})
    if features:
        # bit 0 七对, bit 2 碰碰胡, bit 20 unnamed (set on the 荒庄 hand too, where it must be ignored)
        frame = frame.with_columns(pl.Series("win_features", [1 << 20, 1, 0, (1 << 2) | (1 << 20)], dtype=pl.Int32),
                                   pl.Series("multiplier", [None, 2, 1, 3], dtype=pl.Int32))
    return frame


def by_name(rows: list[dict], group: str) -> dict[str, dict]:
    return {r["name"]: r for r in rows if r["group"] == group}


def test_feature_bits_decode_on_won_hands_only_and_name_unknown_bits():
    flags = win_features.feature_indicators(hand_made(True))
    assert flags["qidui"].tolist() == [0, 1, 0, 0] and flags["pengpeng"].tolist() == [0, 0, 0, 1]
    assert flags["bit20"].tolist() == [0, 0, 0, 1]  # the 荒庄 hand's bit does not count
    assert set(win_features.FEATURE_BITS.values()) <= set(flags)  # every named bit, seen or not
    assert win_features.feature_indicators(hand_made(False)) is None
    assert np.isnan(win_features.multipliers(hand_made(True))[0])


def test_a_hand_without_a_win_sets_no_feature_bit():
    """The engine writes win_features = -1 without a win (every bit set as an int): it must not make rows for
    unnamed bits (the variants report once listed feature_bit17..31 at 0 % from it)."""
    frame = hand_made(True).with_columns(pl.Series("win_features", [-1, 1, 0, 1 << 2], dtype=pl.Int32))
    flags = win_features.feature_indicators(frame)
    assert not [name for name in flags if name.startswith("bit")]
    assert flags["qidui"].tolist() == [0, 1, 0, 0]


def test_only_the_variants_own_shapes_and_features_are_reported():
    """晋城 records 七对, 十三幺 and 抢杠胡 only: a 晋城 table has no 碰碰胡 or 七风 row (printed "–", not 0 %);
    a bit a won hand shows is kept whatever the variant says, so nothing recorded is hidden."""
    frame = hand_made(True).with_columns(pl.Series("win_features", [-1, 1, 0, 1 << 2], dtype=pl.Int32))
    jincheng = win_features.feature_indicators(frame, "jincheng")
    assert {"qidui", "shisanyao", "qianggang_hu", "pengpeng"} == set(jincheng)  # 碰碰胡 seen on hand 3
    assert "haohua_qidui" not in jincheng and "qifeng" not in jincheng
    assert set(win_features.shape_indicators(frame, "jincheng")) == {"regular", "qidui", "shisanyao"}
    assert "qifeng" in win_features.shape_indicators(frame, "jinhua")
    assert "shisanyao" not in win_features.shape_indicators(frame, "jinhua")
    rows = study_variants.variant_statistics(frame, "jinhua")
    assert "feature_pinghu" in rows and "feature_shisanyao" not in rows and "shape_shisanyao" not in rows
    assert "feature_qidui" in study_variants.variant_statistics(frame)  # no variant given: every named bit


def test_shapes_statistics_on_a_hand_made_frame():
    rows = study_shapes.summarize({study_shapes.ROLE: hand_made(True)}, ShapesParams())
    qidui = by_name(rows, "shape:qidui")
    assert qidui["hand_rate"]["estimate"] == 1 / 4 and qidui["win_share"]["estimate"] == 1 / 3
    assert qidui["money_share"]["estimate"] == pytest.approx(4 / 21)  # moved: 6 + 4 + 3 + 8
    assert qidui["extra_money_per_win"]["estimate"] == pytest.approx(4 - 15 / 3)
    assert qidui["mean_multiplier"]["estimate"] == 2
    regular = by_name(rows, "shape:regular")
    assert regular["money_share"]["estimate"] == pytest.approx(11 / 21) and regular["mean_multiplier"]["estimate"] == 2
    assert by_name(rows, "feature:pengpeng")["money_share"]["estimate"] == pytest.approx(8 / 21)
    assert by_name(rows, "all")["mean_multiplier"]["estimate"] == 2
    plain = study_shapes.summarize({study_shapes.ROLE: hand_made(False)}, ShapesParams())
    assert not [r for r in plain if r["group"].startswith("feature:") or r["name"] == "mean_multiplier"]


def synthetic_law(n: int, rng) -> tuple[pl.DataFrame, float, float]:
    """Hands with a known law: 荒庄 with p 0.2 (6 moved); a win has the feature with p 0.25 and then moves
    8 ± 2, else 4 ± 2 (uniform integers). Return the frame, the feature's true money share
    0.8·0.25·8 / (0.2·6 + 0.8·(0.25·8 + 0.75·4)) and its true extra money per win 8 − 5."""
    won = rng.random(n) >= 0.2
    feature = won & (rng.random(n) < 0.25)
    moved = np.where(~won, 6, np.where(feature, 8, 4) + rng.integers(-2, 3, n))
    frame = pl.DataFrame({"winner": np.where(won, 1, -1), "shape": np.where(won, "regular", "none"),
                          "s0_delta": -moved, "s1_delta": moved, "s2_delta": 0, "s3_delta": 0,
                          "win_features": (feature.astype(np.int32) << 3)})
    return frame, 1.6 / 5.2, 3.0


def test_shapes_estimators_cover_the_known_answer_about_95_percent():
    rng = np.random.default_rng(5)
    covered = {"money_share": 0, "extra_money_per_win": 0}
    replications = 300
    for _ in range(replications):
        frame, share, extra = synthetic_law(1000, rng)
        row = by_name(study_shapes.summarize({study_shapes.ROLE: frame}, ShapesParams()), "feature:qingyise")
        covered["money_share"] += row["money_share"]["ci_low"] <= share <= row["money_share"]["ci_high"]
        covered["extra_money_per_win"] += (row["extra_money_per_win"]["ci_low"] <= extra
                                           <= row["extra_money_per_win"]["ci_high"])
    for name, hits in covered.items():
        assert 0.91 <= hits / replications <= 0.99, (name, hits)


def test_variant_statistics_count_exactly():
    frame = hand_made(False)
    got = {k: e.estimate for k, e in study_variants.variant_statistics(frame).items()}
    assert got["huang_rate"] == 1 / 4 and got["dealer_win_rate"] == 1 / 4 and got["dealer_result"] == -9 / 4
    assert (got["zimo_share"], got["dianhu_share"], got["qianggang_share"]) == (1 / 3, 2 / 3, 0)
    assert got["hand_draws"] == 45 and got["shape_qidui"] == 1 / 3
    squares = [(36 + 12) / 4, 32 / 4, 18 / 4, (16 + 4 + 64 + 4) / 4]
    assert got["volatility"] == pytest.approx(math.sqrt(np.mean(squares)))
    assert "feature_qidui" not in got and "mean_multiplier" not in got
    featured = {k: e.estimate for k, e in study_variants.variant_statistics(hand_made(True)).items()}
    assert featured["feature_pengpeng"] == 1 / 3 and featured["mean_multiplier"] == 2


def test_variant_rates_cover_the_known_answer_on_a_large_synthetic_frame():
    # record_matrix draws 荒庄 with p 0.15 and 自摸 with p 0.3 of wins
    got = study_variants.variant_statistics(record_frame(20_000, 11))
    assert got["huang_rate"].ci_low <= 0.15 <= got["huang_rate"].ci_high
    assert got["zimo_share"].ci_low <= 0.3 <= got["zimo_share"].ci_high


def test_unknown_variant_is_one_line_naming_the_valid_ones():
    with pytest.raises(ConfigError, match=r"^experiment.variants.variants\[1\]='nowhere' is not a variant; "
                                          r"choose from jincheng"):
        study_variants.bind_rules(VariantsParams(variants=["jincheng", "nowhere"]), {})
    assert study_variants.bind_rules(VariantsParams(), {}).variants[0] == "jincheng"


def test_unknown_variant_on_the_command_line_exits_2(tmp_path):
    process = mjrules(["experiment=variants", "hands=10", "experiment.variants.variants=[jincheng,nowhere]",
                       f"hydra.run.dir={tmp_path / 'run'}"], tmp_path)
    assert_one_error_line(process, "experiment.variants.variants[1]='nowhere' is not a variant", "jincheng")


def test_an_arm_of_another_variant_starts_from_that_variants_defaults(tmp_path):
    config = load_run_config(["rules.houbao_units=1", "jobs=1"])
    runner = ArmRunner(config, tmp_path)
    assert runner.rules_of(ArmSpec(("greedy",) * 4, (("variant", "jinzhong"),))) == {"variant": "jinzhong"}
    same = runner.rules_of(ArmSpec(("greedy",) * 4, (("variant", "jincheng"),)))
    assert same["houbao_units"] == 1  # the run's own variant keeps the run's rules group


def without_features(frame: pl.DataFrame) -> pl.DataFrame:
    """Return ``frame`` as a record made before the engine wrote win features (an older run's parts)."""
    return frame.drop(["win_features", "multiplier"], strict=False)


def two_variant_summary() -> pl.DataFrame:
    plain = without_features(record_frame(3000, 1))
    other = with_win_features(record_frame(3000, 2), seed=2)
    huang = pl.col("hand") % 3 == 0  # many more 荒庄 than the first
    shifted = other.with_columns(pl.when(huang).then(-1).otherwise(pl.col("winner")).cast(pl.Int8).alias("winner"),
                                 pl.when(huang).then(pl.lit("none")).otherwise(pl.col("win_kind").cast(pl.Utf8))
                                 .cast(other.schema["win_kind"]).alias("win_kind"))
    rows = study_variants.summarize({"jincheng": plain, "jinhua": shifted},
                                    study_variants.VariantsPlan(VariantsParams(), ("jincheng", "jinhua")))
    return stats.summary_frame(rows)


def test_variants_reading_names_the_clear_difference_and_the_missing_shape_data():
    text = section_variants.reading(two_variant_summary())
    assert "荒庄率 金华 − 晋城 = +" in text and "不逐手配对" in text
    assert text.count(NO_SHAPE_DATA) == 1 and "晋城：" + NO_SHAPE_DATA in text  # only 晋城 lacks win features
    header, rows = section_variants.table(two_variant_summary())
    assert header[2:] == ["晋城", "金华"] and any(r[0] == "`feature_qidui`" and r[2] == "–" for r in rows)


def test_variants_reading_with_one_variant_says_there_is_nothing_to_compare():
    rows = study_variants.summarize({"jincheng": without_features(record_frame(500, 3))},
                                    study_variants.VariantsPlan(VariantsParams(), ("jincheng",)))
    text = section_variants.reading(stats.summary_frame(rows))
    assert "只有一个变体" in text and NO_SHAPE_DATA in text


def test_shapes_reading_says_in_one_line_when_no_features_were_recorded():
    plain = stats.summary_frame(study_shapes.summarize({study_shapes.ROLE: without_features(record_frame(800, 4))},
                                                       ShapesParams()))
    featured = stats.summary_frame(study_shapes.summarize(
        {study_shapes.ROLE: with_win_features(without_features(record_frame(800, 4)))}, ShapesParams()))
    assert NO_SHAPE_DATA in section_shapes.reading(plain)
    assert NO_SHAPE_DATA not in section_shapes.reading(featured) and "碰碰胡" in section_shapes.reading(featured)


def test_variants_end_to_end(tmp_path):
    summary, arms = run_study(tmp_path, ["experiment=variants", "hands=1500"])
    rows = summary.filter(pl.col("study") == "variants")
    assert set(rows["group"]) == set(study_variants.bind_rules(VariantsParams(), {}).variants)
    jincheng = {r["name"]: r for r in rows.filter(pl.col("group") == "jincheng").iter_rows(named=True)}
    assert jincheng["huang_rate"]["n"] == 1500
    shares = sum(jincheng[f"{m}_share"]["estimate"] for m in study_variants.WIN_METHODS)
    assert shares == pytest.approx(1.0)  # every win is 自摸, 点炮 or 抢杠胡
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert section_variants.TITLE in report and "晋城" in report


def test_shapes_end_to_end(tmp_path):
    summary, arms = run_study(tmp_path, ["experiment=shapes", "hands=1500"])
    rows = summary.filter(pl.col("study") == "shapes")
    share = rows.filter(pl.col("name") == "money_share")
    wins = rows.filter((pl.col("name") == "win_share") & pl.col("group").str.starts_with("shape:"))
    assert share.height and wins["estimate"].sum() == pytest.approx(1.0)  # the shape column's shapes
    shape_money = share.filter(pl.col("group").str.starts_with("shape:"))["estimate"].sum()
    assert 0.5 < shape_money <= 1.0  # the rest is 荒庄 后包 money
    assert section_shapes.TITLE in (tmp_path / "report.md").read_text(encoding="utf-8")


def test_higher_feature_bits_take_their_names_from_the_kernel_codes(monkeypatch):
    from sim.core import codes

    monkeypatch.setattr(codes, "FEATURE_HUNYISE", 11, raising=False)   # a bit index
    monkeypatch.setattr(codes, "FEATURE_BAOTOU", 1 << 12, raising=False)  # a one-bit mask
    names = win_features.feature_names()
    assert names[11] == "hunyise" and names[12] == "baotou" and names[0] == "qidui"


def test_a_seat_mix_a_variant_refuses_leaves_that_variant_out_with_its_reason():
    """The overview with a selective_ting seat: 金华 and 推倒胡 have no 上架, so the variants study (every
    variant by default) plays 晋城 and 晋中 and says in its reading that 金华 and 推倒胡 were left out; naming 金华
    keeps it (and the run stops with the registry's one line)."""
    seats = ("greedy", "selective_ting{min_live_waits=3}", "greedy", "greedy")
    base = ArmSpec(seats, (), 0, None)
    bound = study_variants.bind_rules(VariantsParams(), {})
    assert list(study_variants.plan(bound, base)) == with_mechanic("ting")
    named = study_variants.bind_rules(VariantsParams(variants=["jinhua"]), {})
    assert list(study_variants.plan(named, base)) == ["jinhua"]
    frames = {"jincheng": hand_made(True), "jinzhong": hand_made(True)}
    rows = study_variants.summarize(frames, bound)
    assert [r["group"] for r in rows if r["name"] == study_variants.SKIPPED_ROW] == without_mechanic("ting")
    summary = stats.summary_frame(rows)
    for label in map(variant_label, without_mechanic("ting")):
        assert f"{label}：座位组合里有在该变体下不能打的策略" in section_variants.reading(summary)
        assert label not in section_variants.table(summary)[0]
