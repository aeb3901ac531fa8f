"""The xuezhan study (四川 血战到底, docs/rules/sichuan.md r10 定缺, r55–r58 the play-on flow, r68–r77 the transfers):
greedy's ``dingque`` parameter, the study's estimators on synthetic records with known answers, its one-line refusal
under another rule set, and the study end to end on a small run with its report section."""
import math

import numpy as np
import polars as pl
import pytest

from experiments import study_xuezhan
from experiments.arms import ArmSpec
from experiments.compose import load_run_config
from experiments.config import ConfigError, XuezhanParams
from sim.core.codes import FEATURE_HAOHUA_QIDUI, FEATURE_PENGPENGHU, FEATURE_QINGYISE
from strategies.dingque import fewest_tiles_suit, ranked_suit


def rows_by(rows: list[dict]) -> dict[tuple[str, str], dict]:
    return {(r["name"], r["group"]): r for r in rows}


def suited_hand(m: int, p: int, s: int) -> np.ndarray:
    """Return an int8[34] hand of ``m`` 万, ``p`` 筒 and ``s`` 条 (spread over the ranks)."""
    hand = np.zeros(34, dtype=np.int8)
    for suit, n in enumerate((m, p, s)):
        for i in range(n):
            hand[9 * suit + i % 9] += 1
    return hand


@pytest.mark.parametrize("counts, ranked", [((5, 5, 3), (2, 0, 1)), ((3, 5, 5), (0, 1, 2)), ((6, 2, 6), (1, 0, 2)),
                                            ((4, 4, 5), (0, 1, 2)), ((0, 13, 1), (0, 2, 1))])
def test_ranked_suit_orders_the_suits_by_tile_count_ties_to_the_lower(counts, ranked):
    hand = suited_hand(*counts)
    assert tuple(ranked_suit(hand, rank) for rank in range(3)) == ranked
    assert fewest_tiles_suit(hand) == ranked[0]


def test_ranked_suit_agrees_with_a_sort_on_random_hands():
    rng = np.random.default_rng(5)
    for _ in range(300):
        counts = rng.multinomial(int(rng.choice([13, 14])), [1 / 3] * 3)
        hand = suited_hand(*counts)
        expected = sorted(range(3), key=lambda suit: (counts[suit], suit))
        assert [ranked_suit(hand, rank) for rank in range(3)] == expected


def test_greedy_takes_the_dingque_parameter_and_its_label_names_it():
    from sim.strategy_registry import StrategyConfig

    most = StrategyConfig("greedy", {"dingque": "most"})
    assert most.label() == "greedy{dingque=most}" and most.param_row()[2] == 2
    assert StrategyConfig("greedy").label() == "greedy" and StrategyConfig("greedy").param_row()[2] == 0
    with pytest.raises(ValueError, match="valid: fewest, middle, most"):
        StrategyConfig("greedy", {"dingque": "random"})


def known_hands() -> pl.DataFrame:
    """Four hands with known answers (dealer seat 0; 番, value V = 2^min(F, 3), transfers zero-sum):

    0. seats 1, 2, 3 win in turn (1st 自摸 2 番 V 4 清一色; 2nd 点炮 0 番 V 1; 3rd 自摸 4 番 V 8): three won;
    1. seat 0 wins by 点炮 with a 龙七对 (3 番 V 8: 七对 2 + 1 根); at the wall seat 2 is a 花猪 and pays 16, seat 1
       pays 查大叫 2 to seat 3, and seat 3 pays 退税 2 to seat 1;
    2. 流局: the dealer collects 查大叫 4 from seat 1;
    3. seats 2 and 3 both win on one discard (一炮多响, 1 番 V 2 each, the first a 大对子); 呼叫转移 moves 4 from seat
       1 to them; the wall ends the hand.
    """
    seat = {name: [[0] * 4 for _ in range(4)] for name in ("win_order", "win_how", "value", "hujiao", "huazhu",
                                                           "dajiao", "tuishui")}
    seat["fan"] = [[-1] * 4 for _ in range(4)]
    for hand, k, order, how, fan, value in ((0, 1, 1, 1, 2, 4), (0, 2, 2, 2, 0, 1), (0, 3, 3, 1, 4, 8),
                                            (1, 0, 1, 2, 3, 8), (3, 2, 1, 2, 1, 2), (3, 3, 1, 2, 1, 2)):
        seat["win_order"][hand][k], seat["win_how"][hand][k] = order, how
        seat["fan"][hand][k], seat["value"][hand][k] = fan, value
    seat["huazhu"][1] = [0, 8, -16, 8]
    seat["dajiao"][1] = [0, -2, 0, 2]
    seat["tuishui"][1] = [0, 2, 0, -2]
    seat["dajiao"][2] = [4, -4, 0, 0]
    seat["hujiao"][3] = [0, -4, 2, 2]
    data = {"hand": [0, 1, 2, 3], "dealer": [0, 0, 0, 0], "winner": [1, 0, -1, 2], "n_winners": [3, 1, 0, 2],
            "hand_end": [1, 2, 2, 2], "win_features": [FEATURE_QINGYISE, FEATURE_HAOHUA_QIDUI, None,
                                                       FEATURE_PENGPENGHU]}  # null without a win, as sim.record
    for name, table in seat.items():
        for k in range(4):
            data[f"s{k}_{name}"] = [row[k] for row in table]
    return pl.DataFrame(data)


def test_hand_rows_count_every_hand_once():
    got = rows_by(study_xuezhan.hand_rows(known_hands()))
    assert got[("winners_per_hand", "all")]["estimate"] == 1.5
    assert got[("winners_per_hand", "all")]["se"] == pytest.approx(np.std([3, 1, 0, 2], ddof=1) / 2)
    assert [got[("winners_share", f"winners={w}")]["estimate"] for w in range(4)] == [0.25] * 4
    assert got[("liuju_rate", "all")]["estimate"] == 0.25 and got[("liuju_rate", "all")]["n"] == 4
    assert got[("hand_end_share", "end=three_won")]["estimate"] == 0.25
    assert got[("hand_end_share", "end=wall")]["estimate"] == 0.75


def test_transfer_rows_give_frequency_money_moved_and_the_dealers_part():
    got = rows_by(study_xuezhan.transfer_rows(known_hands()))
    expected = {"hujiao": (0.25, 1.0, 0.0), "huazhu": (0.25, 4.0, 0.0), "dajiao": (0.5, 1.5, 1.0),
                "tuishui": (0.25, 0.5, 0.0)}
    for name, (rate, money, dealer) in expected.items():
        assert got[("transfer_rate", name)]["estimate"] == rate
        assert got[("transfer_money", name)]["estimate"] == money and got[("transfer_money", name)]["n"] == 4
        assert got[("transfer_dealer", name)]["estimate"] == dealer
    # the dealer's 查大叫 per hand [0, 0, 4, 0]: a per-hand mean with its t interval
    assert got[("transfer_dealer", "dajiao")]["se"] == pytest.approx(np.std([0, 0, 4, 0], ddof=1) / 2)


def test_win_rows_count_every_win_once_and_split_value_by_fan():
    got = rows_by(study_xuezhan.win_rows(known_hands()))
    assert got[("win_zimo_share", "all")]["estimate"] == pytest.approx(2 / 6)  # per win, not per hand (1/3 ≠ 1/4)
    assert got[("win_zimo_share", "order=1")]["estimate"] == pytest.approx(1 / 4)
    assert got[("win_zimo_share", "order=2")]["estimate"] == 0.0
    assert got[("win_zimo_share", "order=3")]["estimate"] == 1.0
    assert got[("win_mean_fan", "all")]["estimate"] == pytest.approx(11 / 6)
    assert got[("win_mean_fan", "order=1")]["estimate"] == pytest.approx(7 / 4)
    shares = {g: got[("value_share_by_fan", g)]["estimate"] for g in ("fan=0", "fan=1", "fan=2", "fan=3", "fan=4+")}
    assert shares == pytest.approx({"fan=0": 1 / 25, "fan=1": 4 / 25, "fan=2": 4 / 25, "fan=3": 8 / 25,
                                    "fan=4+": 8 / 25})
    assert all(r["n"] == 4 for r in got.values())  # the intervals are over hands, the wins' clusters


def test_fan_sources_split_the_first_wins_fan():
    got = rows_by(study_xuezhan.fan_source_rows(known_hands()))
    shares = {g.removeprefix("source="): r["estimate"] for (_, g), r in got.items()}
    assert shares == pytest.approx({"qidui": 2 / 6, "pengpeng": 1 / 6, "qingyise": 2 / 6, "gangkai": 0,
                                    "haidi": 0, "qianggang": 0, "other": 1 / 6})  # the 龙七对's 根 is "other"


def test_the_value_share_interval_covers_a_known_share():
    """Synthetic law: 0–3 wins a hand, each of F 番 with P(F) = (0.4, 0.3, 0.2, 0.1) and V = 2^F, independent; the
    share of value from 0 番 wins is 0.4 / (0.4 + 0.6 + 0.8 + 0.8) = 0.4 / 2.6. Over 300 samples of 400 hands its
    95 % interval covers it about 95 % of the time."""
    rng = np.random.default_rng(9)
    truth, covered, n = 0.4 / 2.6, 0, 400
    for _ in range(300):
        n_wins = rng.integers(0, 4, n)
        data = {"hand": np.arange(n)}
        for k in range(4):
            won = k < n_wins
            fan = np.where(won, rng.choice(4, n, p=[0.4, 0.3, 0.2, 0.1]), -1)
            data.update({f"s{k}_win_order": np.where(won, 1, 0), f"s{k}_win_how": np.where(won, 2, 0),
                         f"s{k}_fan": fan, f"s{k}_value": np.where(won, 2 ** np.maximum(fan, 0), 0)})
        row = rows_by(study_xuezhan.win_rows(pl.DataFrame(data)))[("value_share_by_fan", "fan=0")]
        covered += row["ci_low"] <= truth <= row["ci_high"]
    assert 0.91 <= covered / 300 <= 0.99


def test_dingque_cost_is_paired_and_the_arm_rates_per_hand():
    fewest = pl.DataFrame({"hand": [0, 1, 2, 3], "s0_delta": [1, -2, 3, 0], "s0_won": [True, False, True, False],
                           "s0_end_class": [-1, 1, -1, 2]})
    middle = pl.DataFrame({"hand": [0, 1, 2, 3], "s0_delta": [-1, -4, 3, -2], "s0_won": [False, False, True, False],
                           "s0_end_class": [3, 1, -1, 1]})
    got = rows_by(study_xuezhan.dingque_rows({"greedy": fewest, "dingque_middle": middle}, ["middle"]))
    cost = got[("dingque_cost", "dingque=middle − dingque=fewest")]
    assert cost["estimate"] == -1.5 and cost["n"] == 4
    assert cost["se"] == pytest.approx(np.std([-2, -2, 0, -2], ddof=1) / 2)
    assert got[("arm_win_rate", "dingque=fewest")]["estimate"] == 0.5
    assert got[("arm_win_rate", "dingque=middle")]["estimate"] == 0.25
    assert got[("arm_huazhu_rate", "dingque=fewest")]["estimate"] == 0.25
    assert got[("arm_huazhu_rate", "dingque=middle")]["estimate"] == 0.5
    with pytest.raises(ValueError, match="same hands"):
        study_xuezhan.dingque_rows({"greedy": fewest, "dingque_middle": middle.head(3)}, ["middle"])


def test_plan_pairs_seat0_greedy_with_each_dingque_choice_on_the_same_walls():
    arms = study_xuezhan.plan(XuezhanParams(dingque=["most"]), ArmSpec(("greedy", "random", "greedy", "greedy")))
    assert set(arms) == {"seats", "greedy", "dingque_most"} and arms["seats"] == arms["greedy"]
    assert arms["dingque_most"].seats == ("greedy{dingque=most}", "random", "greedy", "greedy")


def test_xuezhan_under_another_rule_set_is_a_one_line_error():
    with pytest.raises(ConfigError) as error:
        load_run_config(["rules=jinhua", "experiment=xuezhan"])
    assert str(error.value) == ("experiment=xuezhan means nothing with rules=jinhua: the xuezhan study plays only "
                                "under rules=sichuan")


def test_xuezhan_study_end_to_end_writes_its_section(tmp_path, capsys):
    """`mjrules rules=sichuan experiment=xuezhan hands=300`: every row is there, the shares add up, seat 0 declared
    another void in each 定缺 arm on every wall, and the report has the section with its figure and reading."""
    from experiments.app import main
    from reports.section_xuezhan import TITLE
    from sim.parts import scan

    main(["rules=sichuan", "experiment=xuezhan", "hands=300", "jobs=1", "progress=false", f"hydra.run.dir={tmp_path}"])
    assert f"report: {tmp_path / 'report.html'}" in capsys.readouterr().out
    summary = pl.read_parquet(tmp_path / "summary.parquet").filter(pl.col("study") == "xuezhan")
    got = {(r["name"], r["group"]): r for r in summary.iter_rows(named=True)}
    assert {name for name, _ in got} == {
        "winners_per_hand", "winners_share", "liuju_rate", "hand_end_share", "transfer_rate", "transfer_money",
        "transfer_dealer", "win_zimo_share", "win_mean_fan", "value_share_by_fan", "fan_source_share",
        "dingque_cost", "arm_win_rate", "arm_huazhu_rate"}
    assert sum(got[("winners_share", f"winners={w}")]["estimate"] for w in range(4)) == pytest.approx(1)
    assert got[("liuju_rate", "all")]["estimate"] == got[("winners_share", "winners=0")]["estimate"]
    assert got[("hand_end_share", "end=three_won")]["estimate"] + got[("hand_end_share", "end=wall")]["estimate"] == 1
    for name in ("value_share_by_fan", "fan_source_share"):
        assert summary.filter(pl.col("name") == name)["estimate"].sum() == pytest.approx(1)
    assert got[("winners_per_hand", "all")]["n"] == 300
    assert got[("dingque_cost", "dingque=most − dingque=fewest")]["n"] == 300
    voids = {}
    for folder in (tmp_path / "hands").iterdir():
        frame = scan(folder).select("hand", "s0_strategy", "s0_dingque").collect().sort("hand")
        voids[str(frame["s0_strategy"][0])] = frame["s0_dingque"].to_numpy()
    assert set(voids) == {"greedy", "greedy{dingque=middle}", "greedy{dingque=most}"}
    assert ((voids["greedy"] >= 0) & (voids["greedy"] <= 2)).all()
    assert (voids["greedy{dingque=middle}"] != voids["greedy"]).all()
    assert (voids["greedy{dingque=most}"] != voids["greedy"]).all()
    assert (voids["greedy{dingque=most}"] != voids["greedy{dingque=middle}"]).all()
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    body = report.split(f"## {TITLE}")[1].split("\n## ")[0]
    assert "figures/xuezhan.png" in body and "逐手配对" in body and "每次胡牌计一次" in body
    assert (tmp_path / "figures" / "xuezhan.png").stat().st_size > 10_000
    assert not math.isnan(got[("win_mean_fan", "all")]["estimate"])
