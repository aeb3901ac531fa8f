"""The comparison of a sweep's runs (reports/comparison.py, reports/pairing.py): runs of a sweep play the same
walls, so a headline difference is the mean of per-hand differences. Run folders are written here from
hand-made record frames (tests/synthetic_records.py) with their summaries computed by the study modules."""
import polars as pl
import pytest

from experiments import config as cfg
from experiments import (study_caishen, study_dealer_edge, study_early_ting, study_huangzhuang, study_thirteen_orphans,
                         study_variants)
from reports import comparison, pairing, tables
from reports import stats
from reports.summary_io import write_summary
from synthetic_records import record_frame


def write_run(directory, frames: dict[str, pl.DataFrame], overrides: list[str]) -> None:
    """Write ``hands/<folder>/part-*.parquet`` per arm role ("study/role") and the summary of the four studies."""
    arms = []
    for role, frame in frames.items():
        folder = role.replace("/", "_").replace(", ", "_")
        (directory / "hands" / folder).mkdir(parents=True)
        frame.write_parquet(directory / "hands" / folder / "part-000000000000.parquet")
        arms.append({"folder": folder, "used_by": [role], "hands": frame.height, "description": role})
    f = {role.split("/", 1)[1]: frame for role, frame in frames.items()}
    rows = study_dealer_edge.summarize({"seats": f["seats"]}, cfg.DealerEdgeParams(session_length=0))
    rows += study_huangzhuang.summarize({"seats": f["seats"]}, cfg.HuangzhuangParams())
    rows += study_thirteen_orphans.summarize({"chase, shi_qiang=on": f["chase, shi_qiang=on"],
                                              "greedy, shi_qiang=on": f["greedy, shi_qiang=on"]},
                                             cfg.ThirteenOrphansParams(shi_qiang=[True], hands_per_k=0))
    rows += study_early_ting.summarize({"early": f["early"], "t=3": f["t=3"]}, cfg.EarlyTingParams(min_live_waits=[3]))
    rows += study_caishen.summarize({"seats": f["seats"], "greedy": f["greedy"], "baotou": f["baotou"]},
                                    cfg.CaishenParams())
    rows += study_variants.summarize({"jincheng": f["jincheng"]},
                                     study_variants.VariantsPlan(cfg.VariantsParams(), ("jincheng",)))
    meta = {"experiment": "overview", "seed": 0, "hands": 1500, "arms": arms, "overrides": overrides}
    write_summary(stats.summary_frame(rows), meta, directory / "summary.parquet")


def arms_of(seats: pl.DataFrame) -> dict[str, pl.DataFrame]:
    return {"dealer_edge/seats": seats, "huangzhuang/seats": seats, "thirteen_orphans/chase, shi_qiang=on": seats,
            "thirteen_orphans/greedy, shi_qiang=on": seats.with_columns(pl.col("s0_delta") - 1),
            "early_ting/early": seats, "early_ting/t=3": record_frame(1500, seed=5),
            "caishen/seats": seats, "caishen/greedy": seats, "caishen/baotou": record_frame(1500, seed=6),
            "variants/jincheng": seats}


@pytest.fixture()
def sweep(tmp_path):
    """Two runs on the same hands; run 1 turns 30 of run 0's won hands into 荒庄 (+2 pp)."""
    base = record_frame(1500, seed=1)
    won = base.with_row_index("i").filter(pl.col("winner") >= 0)["i"][:30]
    flipped = base.with_columns(pl.when(pl.int_range(pl.len()).is_in(won.implode())).then(-1)
                                .otherwise(pl.col("winner")).cast(base["winner"].dtype).alias("winner"))
    write_run(tmp_path / "0", arms_of(base), ["rules.huang_stacks=7"])
    write_run(tmp_path / "1", arms_of(flipped), ["rules.huang_stacks=9"])
    return tmp_path


def test_per_hand_values_average_to_the_runs_summary_estimates(sweep):
    long, metas = comparison.collect(sweep)
    checked = 0
    for row in tables.headline(long.filter(pl.col("run") == metas[0]["label"])).iter_rows(named=True):
        spec = pairing.per_hand(row["study"], row["name"], row["group"])
        if spec is None:
            continue
        values = pairing.per_hand_values(sweep / "0", metas[0], spec)
        assert values["value"].mean() == pytest.approx(row["estimate"]), row
        assert values.height == row["n"], row
        checked += 1
    assert checked >= 11  # 4 positions, dealer win rate, 荒庄 rate, 十三幺 completion at k=9, early_ting t=3,
    # caishen baotou_gain, variants 荒庄 rate and dealer result
    for name in ("baotou_gain", "huang_rate", "dealer_result"):
        assert name in set(tables.headline(long)["name"]), name


@pytest.mark.filterwarnings("error::UserWarning")  # a glyph missing from the figures' font fails too
def test_a_difference_on_the_same_walls_is_paired_and_found(sweep):
    comparison.build_comparison(sweep)
    diffs = pl.read_parquet(sweep / "comparison_differences.parquet")
    huang = diffs.filter(pl.col("name") == "huang_rate").row(0, named=True)
    assert huang["paired"] and huang["estimate"] == pytest.approx(30 / 1500) and huang["n"] == 1500
    assert huang["ci_low"] > 0  # the per-hand differences are 30 ones and 1470 zeros
    long = pl.read_parquet(sweep / "comparison.parquet").filter(pl.col("name") == "huang_rate")
    assert long["ci_low"].max() < long["ci_high"].min()  # the separate intervals overlap: overlap would miss it
    unpaired = diffs.filter(~pl.col("paired"))
    assert unpaired["name"].to_list() == ["chengbao_money_share"]  # a ratio of sums, not a mean over hands
    paired_names = set(diffs.filter(pl.col("paired"))["name"])
    assert {"baotou_gain", "huang_rate", "dealer_result"} <= paired_names  # caishen and variants pair too
    text = (sweep / "comparison.md").read_text(encoding="utf-8")
    assert "+2.00" not in text and "2.00 [" in text and "* (配对, n=1,500)" in text
    assert (sweep / "figures" / "comparison_differences.png").is_file()


def test_missing_hand_records_fall_back_to_an_unpaired_difference_with_a_note(sweep):
    import shutil

    shutil.rmtree(sweep / "1" / "hands")
    comparison.build_comparison(sweep)
    diffs = pl.read_parquet(sweep / "comparison_differences.parquet")
    assert not diffs["paired"].any()
    huang = diffs.filter(pl.col("name") == "huang_rate").row(0, named=True)
    assert huang["estimate"] == pytest.approx(30 / 1500) and huang["ci_low"] < 0
    assert "不配对" in (sweep / "comparison.md").read_text(encoding="utf-8")
