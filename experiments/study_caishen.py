"""Study caishen (金华 only, RULES §3): what the 财神 dealt is worth, what waiting for 爆头 gains, and how much
money 承包 moves.

Arms: ``seats`` (the run's seat mix), ``greedy`` (seat 0 plays ``greedy``) and ``baotou`` (seat 0 plays
``baotou{min_live_tiles=N}``, strategies/baotou.py). Every arm uses the run's seed, so ``greedy`` and
``baotou`` play the same walls and their hands pair; with an all-greedy mix ``greedy`` is the ``seats`` arm.

Summary rows (study ``caishen``; money in 底注 per hand, rates as fractions):

* ``win_rate`` and ``mean_result`` by group ``wilds=k`` (k = 0..3): seat 0's win rate (Wilson) and mean
  result (Student-t) over the hands in which it was dealt k 财神 (``s0_wilds_dealt``, the dealer's 14 tiles
  counted) in the ``seats`` arm;
* ``diff_win_rate_wilds`` and ``diff_mean_result_wilds`` by group ``wilds=k−0`` (k = 1..3): the group's
  estimate minus the ``wilds=0`` one. The groups are different hands, not pairs: the difference of two
  independent estimates, normal interval (``stats.independent_difference``);
* ``baotou_gain`` group ``baotou{...} − greedy``: seat 0's paired mean result difference per hand on the same
  walls (``stats.paired_difference``); ``baotou_rate`` and ``arm_win_rate`` by group ``greedy`` / ``baotou``:
  the share of hands seat 0 won by 爆头, and won at all (Wilson), in each arm;
* ``chengbao_rate`` group ``all``: share of hands in which 承包 changed any seat's money (Wilson);
  ``chengbao_case_share`` groups ``winner_took_3`` (the winner holds 3 摊 from the payer, who pays for all) and
  ``payer_took_3`` (the payer holds 3 摊 from the winner and pays double; a hand with both counts here), share
  of the 承包 hands, told apart by the winner's own ``chengbao`` (0 in the first case, the doubling in the second);
  ``chengbao_payer_share`` groups ``dealer`` / ``xian`` and ``winner_xiajia`` / ``winner_duijia`` /
  ``winner_shangjia``: share of the liable payers (a seat 承包 made pay more) who are the dealer or a 闲, and
  who sit in that position from the winner (Wilson over payers);
* ``chengbao_money_share`` group ``all``: Σ|s{k}_chengbao| / Σ|s{k}_delta| over all hands and seats, the
  share of all money moved that 承包 moved (ratio of means, delta-method interval, ``paired_delta.ratio``).
"""
from __future__ import annotations

import numpy as np
import polars as pl

from experiments import paired_delta
from experiments.arms import ArmSpec
from experiments.config import CaishenParams
from reports import stats
from sim.core.codes import FEATURE_BAOTOU

STUDY = "caishen"
MAX_WILDS = 3      # live 财神 copies (the fourth is the turned indicator, RULES §3.2 r5)
POSITIONS = ("winner_xiajia", "winner_duijia", "winner_shangjia")  # payer's seat offset 1..3 after the winner


def baotou_label(params: CaishenParams) -> str:
    """Return seat 0's ``baotou`` strategy spec of the study."""
    return f"baotou{{min_live_tiles={params.min_live_tiles}}}"


def plan(params: CaishenParams, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the arms ``seats`` (the run's mix), ``greedy`` and ``baotou`` (seat 0 changed, same walls)."""
    return {"seats": base, "greedy": base.with_seat0("greedy"), "baotou": base.with_seat0(baotou_label(params))}


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from arm ``role``."""
    if role == "seats":
        return (["dealer", "winner", "s0_wilds_dealt"] + [f"s{k}_delta" for k in range(4)]
                + [f"s{k}_chengbao" for k in range(4)])
    return ["winner", "win_features", "s0_delta"]


def wilds_rows(frame: pl.DataFrame) -> list[dict]:
    """Return seat 0's ``win_rate`` / ``mean_result`` by wilds dealt and their differences to 0 dealt."""
    wilds = frame["s0_wilds_dealt"].cast(pl.Int64).to_numpy()
    won = frame["winner"].cast(pl.Int64).to_numpy() == 0
    result = frame["s0_delta"].cast(pl.Float64).to_numpy()
    rows, rates, means = [], {}, {}
    for k in range(MAX_WILDS + 1):
        chosen = wilds == k
        rates[k] = stats.proportion(won[chosen])
        means[k] = stats.mean_ci(result[chosen])
        rows += [rates[k].row(STUDY, "win_rate", f"wilds={k}"), means[k].row(STUDY, "mean_result", f"wilds={k}")]
    for k in range(1, MAX_WILDS + 1):
        rows += [stats.independent_difference(rates[k], rates[0]).row(STUDY, "diff_win_rate_wilds", f"wilds={k}−0"),
                 stats.independent_difference(means[k], means[0]).row(STUDY, "diff_mean_result_wilds", f"wilds={k}−0")]
    return rows


def baotou_rows(greedy: pl.DataFrame, baotou: pl.DataFrame, label: str) -> list[dict]:
    """Return the paired ``baotou_gain`` and each arm's ``baotou_rate`` and ``arm_win_rate`` (seat 0)."""
    if greedy["hand"].to_list() != baotou["hand"].to_list():
        raise ValueError("the greedy and baotou arms must hold the same hands (the same walls) to pair them")
    rows = [stats.paired_difference(baotou["s0_delta"].to_numpy(), greedy["s0_delta"].to_numpy())
            .row(STUDY, "baotou_gain", f"{label} − greedy")]
    for group, frame in (("greedy", greedy), ("baotou", baotou)):
        won = frame["winner"].cast(pl.Int64).to_numpy() == 0
        features = frame["win_features"].cast(pl.Int64).fill_null(0).to_numpy()  # null = no win (sim.record)
        rows.append(stats.proportion(won & (features >= 0) & (features & FEATURE_BAOTOU != 0))
                    .row(STUDY, "baotou_rate", group))
        rows.append(stats.proportion(won).row(STUDY, "arm_win_rate", group))
    return rows


def chengbao_rows(frame: pl.DataFrame) -> list[dict]:
    """Return the 承包 frequency, its two cases, who pays and its share of the money moved."""
    chengbao = np.column_stack([frame[f"s{k}_chengbao"].cast(pl.Int64).to_numpy() for k in range(4)])
    deltas = np.column_stack([frame[f"s{k}_delta"].cast(pl.Int64).to_numpy() for k in range(4)])
    winner = frame["winner"].cast(pl.Int64).to_numpy()
    dealer = frame["dealer"].cast(pl.Int64).to_numpy()
    happened = (chengbao != 0).any(axis=1)
    rows = [stats.proportion(happened).row(STUDY, "chengbao_rate", "all")]
    hands = np.flatnonzero(happened & (winner >= 0))
    winner_gain = chengbao[hands, winner[hands]]
    n_cases = int(hands.size)
    rows.append(stats.wilson(int((winner_gain == 0).sum()), n_cases).row(STUDY, "chengbao_case_share", "winner_took_3"))
    rows.append(stats.wilson(int((winner_gain > 0).sum()), n_cases).row(STUDY, "chengbao_case_share", "payer_took_3"))
    payer_hand, payer_seat = np.nonzero(chengbao[hands] < 0)   # one entry per liable payer
    payer_hand = hands[payer_hand]
    n_payers = int(payer_seat.size)
    is_dealer = payer_seat == dealer[payer_hand]
    rows.append(stats.wilson(int(is_dealer.sum()), n_payers).row(STUDY, "chengbao_payer_share", "dealer"))
    rows.append(stats.wilson(int((~is_dealer).sum()), n_payers).row(STUDY, "chengbao_payer_share", "xian"))
    offset = (payer_seat - winner[payer_hand]) % 4
    for i, group in enumerate(POSITIONS, start=1):
        rows.append(stats.wilson(int((offset == i).sum()), n_payers).row(STUDY, "chengbao_payer_share", group))
    rows.append(paired_delta.ratio(np.abs(chengbao).sum(axis=1), np.abs(deltas).sum(axis=1))
                .row(STUDY, "chengbao_money_share", "all"))
    return rows


def summarize(frames: dict[str, pl.DataFrame], params: CaishenParams) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    seats = frames["seats"]
    return (wilds_rows(seats) + baotou_rows(frames["greedy"], frames["baotou"], baotou_label(params))
            + chengbao_rows(seats))
