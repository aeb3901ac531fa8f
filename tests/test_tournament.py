"""experiment=tournament (experiments/study_tournament.py, tournament_design.py, reports/section_tournament.py): the
seating designs are balanced, the estimator recovers a known answer on synthetic seatings (and the deal's luck
cancels), a hand-checked frame gives the exact rates, strategies that play alike differ by exactly 0 on the engine,
a small 晋城 run gives the rows, the report section and a resumable folder, and bad lists stop with one line."""
import numpy as np
import polars as pl
import pytest

from experiments import config as cfg
from experiments import runner, study_tournament
from experiments.arms import ArmSpec
from experiments.compose import load_run_config
from experiments.config import ConfigError
from experiments.tournament_design import LINEUPS, is_balanced, seat_counts, seatings
from test_figure_fit import saved  # noqa: F401  (fixture: every figure saved while a test runs)
from sim.rules import VARIANTS

BASE = ArmSpec(("greedy",) * 4)


# --------------------------------------------------------------------------- design

@pytest.mark.parametrize("lineup", LINEUPS)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_design_puts_every_strategy_in_every_seat_equally_often(n, lineup):
    design = seatings(n, lineup)
    counts = seat_counts(design, n)
    assert is_balanced(design, n) and (counts == counts[0, 0]).all() and counts[0, 0] >= 1
    assert len(set(design)) == len(design)  # no seating played twice
    expected = {"rotation": n, "one_vs_three": 4 * n * (n - 1)}[lineup]
    assert len(design) == expected
    assert sorted(set(s for lineup_ in design for s in lineup_)) == list(range(n))


def test_an_unbalanced_design_is_detected():
    assert not is_balanced([(0, 1, 1, 1), (1, 0, 1, 1)], 2)
    assert seat_counts([(0, 1, 1, 1), (1, 0, 1, 1)], 2).tolist() == [[1, 1, 0, 0], [1, 1, 2, 2]]


@pytest.mark.parametrize("lineup", LINEUPS)
def test_every_seating_is_an_arm_of_the_same_walls(lineup):
    tournament = study_tournament.bind_rules(
        cfg.TournamentParams(strategies=["greedy", "defensive{fold_shanten=1}", "random"], lineup=lineup), {})
    arms = study_tournament.plan(tournament, BASE)
    assert list(arms) == [f"seating={r}" for r in range(len(tournament.design))]
    for arm, lineup_ in zip(arms.values(), tournament.design):
        assert arm.seats == tuple(tournament.specs[i] for i in lineup_)
        # nothing but the seats differs: same seed, rules, hand count and plain walls in every seating
        assert (arm.rules, arm.session_length, arm.hands, arm.deal_condition) == ((), 0, None, 0)


# --------------------------------------------------------------------------- estimator on synthetic seatings

def synthetic_seatings(walls: int, design, edge: float, luck_sd: float, noise_sd: float, seed: int):
    """Return {seating=r: frame} where seat s of wall w gets the wall's luck L[w, s] (the same in every seating,
    zero-sum over seats) plus ``edge`` when strategy 0 sits there (the other seats share −edge·k/(4−k)) plus
    zero-sum per-seating noise. Strategy 0's true result per seat-hand is the mean of its edge over the design."""
    rng = np.random.default_rng(seed)
    luck = rng.normal(0, luck_sd, (walls, 4))
    luck -= luck.mean(axis=1, keepdims=True)
    dealer = rng.integers(0, 4, walls)
    frames = {}
    for r, lineup in enumerate(design):
        mine = np.array([s == 0 for s in lineup])
        shift = np.where(mine, edge, -edge * mine.sum() / (4 - mine.sum()))
        noise = rng.normal(0, noise_sd, (walls, 4))
        noise -= noise.mean(axis=1, keepdims=True)
        delta = luck + shift + noise
        frames[f"seating={r}"] = pl.DataFrame({
            "hand": np.arange(walls), "dealer": dealer, "winners": np.zeros(walls, dtype=np.uint8),
            "feeder": np.full(walls, -1), "win_kind": ["none"] * walls,
            **{f"s{k}_{c}": (delta[:, k] if c == "delta" else np.full(walls, -1 if c == "ting_turn" else 0))
               for k in range(4) for c in ("delta", "win", "ting_turn")}})
    return frames


def test_the_estimator_recovers_a_known_edge_and_the_luck_cancels():
    tournament = study_tournament.bind_rules(cfg.TournamentParams(strategies=["greedy", "random"]), {})
    walls, luck_sd, noise_sd = 3000, 20.0, 1.0
    frames = synthetic_seatings(walls, tournament.design, 1.0, luck_sd, noise_sd, seed=1)
    rows = {(r["name"], r["group"]): r for r in study_tournament.summarize(frames, tournament)}
    # rotation with two strategies: ABAB / BABA, so strategy 0 gains exactly +1 per seat-hand, the other −1
    for key, truth in ((("seat_result", "greedy"), 1.0), (("seat_result", "random"), -1.0),
                       (("diff_seat_result", "greedy − random"), 2.0)):
        row = rows[key]
        assert row["ci_low"] < truth < row["ci_high"], (key, row)
        assert abs(row["estimate"] - truth) < 4 * row["se"], (key, row)
        assert row["n"] == walls
    # the wall's luck (sd 20 per seat) cancels: the interval is set by the small per-seating noise alone
    assert rows[("diff_seat_result", "greedy − random")]["se"] < 0.05 * luck_sd / np.sqrt(walls)
    assert rows[("seat_result", "greedy")]["estimate"] + rows[("seat_result", "random")]["estimate"] == \
        pytest.approx(0, abs=1e-12)  # equal seat shares and zero-sum tables


def test_the_interval_covers_the_truth_at_the_nominal_rate():
    tournament = study_tournament.bind_rules(cfg.TournamentParams(strategies=["greedy", "random", "defensive"]), {})
    covered = 0
    trials = 200
    for seed in range(trials):
        frames = synthetic_seatings(60, tournament.design, 0.5, 5.0, 3.0, seed)
        row = next(r for r in study_tournament.summarize(frames, tournament)
                   if (r["name"], r["group"]) == ("seat_result", "greedy"))
        # rotation with three strategies: strategy 0 holds 2 seats in one seating, 1 in each other one, edge 0.5
        covered += row["ci_low"] < 0.5 < row["ci_high"]
    assert 0.90 <= covered / trials <= 0.99


def test_rates_and_money_parts_on_a_hand_checked_pair_of_seatings():
    tournament = study_tournament.bind_rules(cfg.TournamentParams(strategies=["greedy", "random"]), {})
    seat_cols = lambda delta, win, ting: {f"s{k}_{c}": v for k in range(4)  # noqa: E731
                                          for c, v in (("delta", delta[k]), ("win", win[k]), ("ting_turn", ting[k]))}
    # wall 0: seat 1 wins on seat 0's discard; wall 1: seat 2 self-draws.  Rotation: seating 0 = ABAB, 1 = BABA.
    frame = pl.DataFrame({"hand": [0, 1], "dealer": [0, 3], "winners": [0b0010, 0b0100],
                          "feeder": [0, -1], "win_kind": ["dianhu", "zimo"],
                          **seat_cols([[-3, -4], [5, -2], [-1, 8], [-1, -2]], [[-3, -4], [5, -2], [-1, 8], [-1, -2]],
                                      [[-1, 4], [6, -1], [-1, 2], [-1, -1]])})
    rows = {(r["name"], r["group"]): r["estimate"]
            for r in study_tournament.summarize({"seating=0": frame, "seating=1": frame}, tournament)}
    # both seatings hold the same records, so each strategy's seat-hands are all four seats of each wall
    for name in ("greedy", "random"):
        assert rows[("seat_result", name)] == 0
        assert rows[("seat_win_rate", name)] == pytest.approx(2 / 8)
        assert rows[("seat_deal_in_rate", name)] == pytest.approx(1 / 8)
        assert rows[("seat_zimo_share", name)] == pytest.approx(1 / 2)
        assert rows[("seat_win_value", name)] == pytest.approx((5 + 8) / 2)
        assert rows[("seat_win_income", name)] == pytest.approx((5 + 8) / 8)
        assert rows[("seat_deal_in_loss", name)] == pytest.approx(-3 / 8)
        assert rows[("seat_other_money", name)] == pytest.approx((0 - 13 + 3) / 8)
        assert rows[("seat_ting_rate", name)] == pytest.approx((1 / 4 + 2 / 4) / 2)
        assert rows[("seat_ting_turn", name)] == pytest.approx((6 + 4 + 2) / 3)
    # which seat is whose: wall 0 only, seating 1 all zero. greedy holds seats 0 and 2 of seating 0 (−3, −1) and
    # seats 1 and 3 of seating 1 (0, 0); random seats 1 and 3 of seating 0 (5, −1)
    wall = frame.head(1)
    zero = wall.with_columns(*(pl.lit(0, dtype=pl.Int64).alias(f"s{k}_{c}") for k in range(4) for c in ("delta", "win")))
    rows = {(r["name"], r["group"]): r["estimate"]
            for r in study_tournament.summarize({"seating=0": wall, "seating=1": zero}, tournament)}
    assert rows[("seat_result", "greedy")] == pytest.approx((-3 - 1) / 4)
    assert rows[("seat_result", "random")] == pytest.approx((5 - 1) / 4)
    # seat 0 fed seat 1 in both seatings: greedy's seat 0 in seating 0, random's in seating 1
    assert rows[("seat_deal_in_rate", "greedy")] == pytest.approx(1 / 4) == rows[("seat_deal_in_rate", "random")]
    assert rows[("seat_win_value", "random")] == 5 and rows[("seat_win_value", "greedy")] == 0


def test_seatings_of_different_walls_are_refused():
    tournament = study_tournament.bind_rules(cfg.TournamentParams(strategies=["greedy", "random"]), {})
    frames = synthetic_seatings(10, tournament.design, 0.0, 1.0, 1.0, seed=1)
    frames["seating=1"] = frames["seating=1"].with_columns((pl.col("dealer") + 1) % 4)
    with pytest.raises(ValueError, match="same walls"):
        study_tournament.summarize(frames, tournament)


# --------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("overrides, fragment", [
    (["experiment.tournament.strategies=[greedy]"], "lists 1 strategy; give 2–4"),
    (["experiment.tournament.strategies=[greedy,random,greedy,random,greedy]"], "lists 5 strategies; give 2–4"),
    (["experiment.tournament.strategies=[greedy,poker]"], "strategies[1]='poker': unknown strategy 'poker' (valid:"),
    (['experiment.tournament.strategies=[greedy,"defensive{fold=1}"]'], "unknown parameter 'fold'"),
    (['experiment.tournament.strategies=[greedy,"defensive{fold_shanten=99}"]'], "valid: 0..8"),
    (["rules=jinhua", "experiment.tournament.strategies=[greedy,defensive]"],
     "strategies[1]='defensive': strategy 'defensive' means nothing under rules=jinhua"),
    (["rules=jincheng", "experiment.tournament.strategies=[greedy,baotou]"], "means nothing under rules=jincheng"),
    (["experiment.tournament.lineup=pairs"], "lineup='pairs' is not valid; choose one of rotation, one_vs_three"),
])
def test_a_bad_tournament_stops_with_one_line_naming_the_key(overrides, fragment):
    with pytest.raises(ConfigError) as caught:
        load_run_config(["experiment=tournament", *overrides])
    message = str(caught.value)
    assert "\n" not in message and fragment in message and "experiment.tournament." in message


def test_a_repeated_spec_gets_its_own_name():
    tournament = study_tournament.bind_rules(cfg.TournamentParams(strategies=["greedy", "greedy{pong=improves}"]), {})
    assert tournament.specs == ("greedy", "greedy") and tournament.names == ("greedy", "greedy#2")


# --------------------------------------------------------------------------- on the engine

def run_tournament(tmp_path, overrides, progress=False):
    config = load_run_config(["experiment=tournament", "jobs=1", f"progress={str(progress).lower()}", *overrides])
    runner.run(config, tmp_path, overrides)
    return pl.read_parquet(tmp_path / "summary.parquet")


def test_strategies_that_play_alike_differ_by_exactly_zero(tmp_path):
    # early_ting is greedy's policy under another name: separate arms (other seat strings), same walls and seats
    summary = run_tournament(tmp_path, ["hands=150", "experiment.tournament.strategies=[greedy,early_ting]"])
    assert len([p for p in (tmp_path / "hands").iterdir() if p.is_dir()]) == 2  # two seatings really played
    rows = {(r["name"], r["group"]): r for r in summary.iter_rows(named=True)}
    for name in ("diff_seat_result", "diff_seat_win_rate", "diff_seat_deal_in_rate", "diff_seat_win_income"):
        assert (rows[(name, "greedy − early_ting")]["estimate"], rows[(name, "greedy − early_ting")]["se"]) == (0, 0)
    assert rows[("seat_result", "greedy")]["estimate"] == 0 == rows[("seat_result", "early_ting")]["estimate"]


def test_a_small_jincheng_tournament_end_to_end_resumes_and_extends(tmp_path, capfd):
    overrides = ["rules=jincheng", "hands=300", "experiment.tournament.strategies=[greedy,defensive]"]
    summary = run_tournament(tmp_path, overrides, progress=True)
    bars = capfd.readouterr().err
    assert "tournament/seating=0" in bars and "hands/s" in bars and " left" in bars  # name, rate and time left
    names = {(r["name"], r["group"]) for r in summary.iter_rows(named=True)}
    for strategy in ("greedy", "defensive"):
        for name in ("seat_result", "seat_win_rate", "seat_deal_in_rate", "seat_zimo_share", "seat_win_value",
                     "seat_ting_rate", "seat_ting_turn", "seat_win_income", "seat_deal_in_loss", "seat_other_money"):
            assert (name, strategy) in names
    results = summary.filter(pl.col("name") == "seat_result")
    assert results["estimate"].sum() == pytest.approx(0, abs=1e-12) and (results["n"] == 300).all()
    parts = summary.filter(pl.col("name").is_in(["seat_win_income", "seat_deal_in_loss", "seat_other_money"])
                           & (pl.col("group") == "greedy"))["estimate"].sum()
    assert parts == pytest.approx(results.filter(pl.col("group") == "greedy")["estimate"][0])
    assert ("diff_seat_result", "greedy − defensive") in names and ("seatings", "rotation") in names
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "对局赛：同一批牌墙轮换座位" in report and "贪心（`greedy`）比防守（`defensive`）每手" in report
    assert report.index("贪心（`greedy`）比防守（`defensive`）每手") < report.index("## 主要结果")  # the verdict leads (结论)
    # the same command into the same folder plays nothing again
    config = load_run_config(["experiment=tournament", "jobs=1", "progress=false", *overrides])
    runner.run(config, tmp_path, overrides)
    _, meta = __import__("reports.summary_io", fromlist=["read_summary"]).read_summary(tmp_path / "summary.parquet")
    assert (meta["hands_played"], meta["hands_reused"]) == (0, 600)
    # more walls into the same folder extend both seatings: only the new 100 walls are played, in each seating
    more = [*overrides[:1], "hands=400", *overrides[2:]]
    config = load_run_config(["experiment=tournament", "jobs=1", "progress=false", *more])
    runner.run(config, tmp_path, more)
    extended, meta = __import__("reports.summary_io", fromlist=["read_summary"]).read_summary(tmp_path / "summary.parquet")
    assert (meta["hands_played"], meta["hands_reused"]) == (200, 600)
    assert (extended.filter(pl.col("name") == "seat_result")["n"] == 400).all()


@pytest.mark.parametrize("rules, strategies", [(r, s) for r, s in [("jinhua", "[greedy,baotou]"),
                                                                     ("plain", "[greedy,random]")] if r in VARIANTS])
def test_a_variant_without_ting_has_no_ting_rows(tmp_path, rules, strategies):
    """金华 (RULES §3.4 r14) and 推倒胡 (docs/rules/plain.md r10) declare no ting: no seat_ting rows."""
    summary = run_tournament(tmp_path, [f"rules={rules}", "hands=100", f"experiment.tournament.strategies={strategies}"])
    assert not summary.filter(pl.col("name").str.starts_with("seat_ting")).height
    assert summary.filter(pl.col("name") == "seat_result").height == 2


# --------------------------------------------------------------------------- report

def test_a_four_strategy_figure_fits_the_page(tmp_path, saved):
    import matplotlib

    from reports import figures_tournament
    from reports.fonts import figure_style
    from test_figure_fit import problems

    specs = ["greedy", "defensive{fold_shanten=3}", "selective_ting{min_live_waits=3}", "random"]
    tournament = study_tournament.bind_rules(cfg.TournamentParams(strategies=specs), {})
    frames = synthetic_seatings(200, tournament.design, 0.3, 5.0, 2.0, seed=3)
    summary = pl.DataFrame(study_tournament.summarize(frames, tournament))
    with matplotlib.rc_context(figure_style()):
        figures_tournament.draw(summary, tmp_path / "tournament.png")
    (fig, dpi, name), = saved
    assert problems(fig, dpi, name) == []


def difference_summary(low: float, high: float) -> pl.DataFrame:
    from reports import stats

    rows = [stats.Estimate(0.04, 0.01, 0.02, 0.06, 100).row("tournament", "seat_result", "greedy"),
            stats.Estimate(-0.04, 0.01, -0.06, -0.02, 100).row("tournament", "seat_result", "defensive"),
            stats.Estimate((low + high) / 2, 0.01, low, high, 100).row("tournament", "diff_seat_result",
                                                                       "greedy − defensive")]
    return stats.summary_frame(rows)


def test_the_notes_say_why_a_strategy_loses_only_when_it_clearly_loses():
    from reports import section_tournament, terms

    with terms.using("jinzhong"):
        clear = section_tournament.notes_text(difference_summary(0.02, 0.10))
        unclear = section_tournament.notes_text(difference_summary(-0.01, 0.10))
    assert "`defensive`：" in clear and "它为什么输给贪心" in clear and "包三家" in clear
    assert "`defensive`：" in unclear and "它为什么输给贪心" not in unclear
    assert section_tournament.verdict(difference_summary(0.02, 0.10)).startswith(
        "贪心（`greedy`）比防守（`defensive`）每手多赢 0.060")
    assert "区间含 0" in section_tournament.verdict(difference_summary(-0.01, 0.10))
