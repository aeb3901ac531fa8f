"""`mjrules-report A B` (reports/cli.py, reports/comparison.py, reports/pairing.py): two run folders made separately,
compared on the real engine. Same seed: the differences are paired hand by hand, and equal the mean of the per-hand
differences read straight from the two runs' records; another seed: the report says the walls differ and pairs
nothing. Every cell of the comparison reads as the run's own report reads it."""
import polars as pl
import pytest

from experiments import runner
from experiments.compose import load_run_config
from reports import cli, tables
from reports.summary_io import read_summary

# seed 0 answers 追十三幺从几种起划算 without 拾/抢 with "never" (从不划算) at this size
STUDIES = ["experiment=thirteen_orphans", "experiment.studies=[dealer_edge,thirteen_orphans]",
           "experiment.dealer_edge.session_length=0", "experiment.thirteen_orphans.hands_per_k=200", "hands=600"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Three run folders made by separate runs: seed 0; seed 0 with 前包 (跟庄) tripled; seed 1."""
    folders = {}
    for name, extra in (("base", ["seed=0"]), ("genzhuang", ["seed=0", "rules.genzhuang_units=3"]),
                        ("seed1", ["seed=1"])):
        folder = tmp_path_factory.mktemp(name)
        overrides = STUDIES + extra
        runner.run(load_run_config(overrides + ["jobs=1", "progress=false"]), folder, overrides)
        folders[name] = folder
    return folders


def compare(capsys, tmp_path, *folders) -> tuple[str, pl.DataFrame]:
    """Run `mjrules-report A B --out DIR`; return (its stdout, the differences it wrote)."""
    assert cli.main([*map(str, folders), "--out", str(tmp_path / "cmp")]) == 0
    return capsys.readouterr().out, pl.read_parquet(tmp_path / "cmp" / "comparison_differences.parquet")


def dealer_money(folder) -> pl.DataFrame:
    """Return ``hand, money`` of the dealer in the run's plain seat-mix arm, read from its parts."""
    (arm,) = [a for a in read_summary(folder / "summary.parquet")[1]["arms"] if "dealer_edge/seats" in a["used_by"]]
    frame = pl.read_parquet(folder / "hands" / arm["folder"] / "part-*.parquet")
    money = pl.coalesce([pl.when(pl.col("dealer") == k).then(pl.col(f"s{k}_delta")) for k in range(4)])
    return frame.select("hand", money.cast(pl.Float64).alias("money"))


def test_runs_on_the_same_seed_are_paired_hand_by_hand(runs, capsys, tmp_path):
    out, diffs = compare(capsys, tmp_path, runs["base"], runs["genzhuang"])
    assert "run 1 − run 0: paired hand by hand: same seed 0, same walls" in out
    dealer = diffs.filter((pl.col("name") == "result_total") & (pl.col("group") == "dealer")).row(0, named=True)
    both = dealer_money(runs["genzhuang"]).join(dealer_money(runs["base"]), on="hand", suffix="_base")
    assert both.height == 600
    assert dealer["paired"] and dealer["n"] == 600 and dealer["estimate"] != 0  # 前包 moves money from the dealer
    assert dealer["estimate"] == pytest.approx((both["money"] - both["money_base"]).mean())
    text = (tmp_path / "cmp" / "comparison.md").read_text(encoding="utf-8")
    assert "同一种子 0，第 i 手两边牌墙相同" in text and "种子不同（" not in text


def test_runs_on_other_seeds_are_said_to_be_unpaired(runs, capsys, tmp_path):
    out, diffs = compare(capsys, tmp_path, runs["base"], runs["seed1"])
    assert "run 1 − run 0: unpaired: seeds differ (1 vs 0), so the walls differ" in out
    assert diffs.height and not diffs["paired"].any()
    dealer = diffs.filter((pl.col("name") == "result_total") & (pl.col("group") == "dealer")).row(0, named=True)
    dealer_total = (pl.col("name") == "result_total") & (pl.col("group") == "dealer")
    base, other = (read_summary(runs[r] / "summary.parquet")[0].filter(dealer_total).row(0, named=True)
                   for r in ("base", "seed1"))
    assert dealer["estimate"] == pytest.approx(other["estimate"] - base["estimate"])
    assert dealer["se"] == pytest.approx((base["se"] ** 2 + other["se"] ** 2) ** 0.5)
    text = (tmp_path / "cmp" / "comparison.md").read_text(encoding="utf-8")
    assert "种子不同（1 与 0），牌墙不同：差不配对" in text and "（同一牌墙逐手配对）" not in text


def test_each_cell_reads_as_the_runs_own_headline(runs, capsys, tmp_path):
    compare(capsys, tmp_path, runs["base"], runs["seed1"])
    lines = (tmp_path / "cmp" / "comparison.md").read_text(encoding="utf-8").splitlines()
    answered = 0
    for column, run in ((5, "base"), (6, "seed1")):
        summary, _ = read_summary(runs[run] / "summary.parquet")
        for row, cells in zip(tables.headline(summary).iter_rows(named=True), tables.headline_cells(summary)):
            line = next(line for line in lines if f"`{row['name']}`" in line
                        and f"| {tables.group_label(row['group'])} |" in line)
            shown = line.split(" | ")[column]
            assert shown.startswith(cells[3]), (row, shown, cells)
            answered += tables.never_pays(summary, row) is not None
    assert answered  # a question answered "never" (no 无数据 in the run's report) is among them


@pytest.mark.parametrize("arguments, message", [
    (["{base}", "{base}"], "is given twice"),
    (["{base}", "{empty}"], "holds no summary.parquet: give run folders"),
    (["{base}", "{base}/nope"], "is not a folder"),
    (["{base}", "--out", "{out}"], "--out is for comparing run folders"),
])
def test_bad_folders_stop_in_one_line(runs, capsys, tmp_path, arguments, message):
    (tmp_path / "empty").mkdir()
    values = {"base": runs["base"], "empty": tmp_path / "empty", "out": tmp_path / "o"}
    with pytest.raises(SystemExit) as exit_:
        cli.main([a.format(**values) for a in arguments])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_runs_without_a_common_headline_statistic_have_nothing_to_compare():
    from reports.pairing import run_pairing

    none = pl.DataFrame(schema={"run": pl.String, "paired": pl.Boolean})
    how = run_pairing(none, {"seed": 0, "label": "a"}, {"seed": 0, "label": "b"})
    assert not how.paired and how.line == "nothing to compare: the runs share no headline statistic"
