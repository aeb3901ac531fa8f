"""Study xuezhan (四川 血战到底 only, docs/rules/sichuan.md r55–r84): how many win a hand, how a hand ends, what the
wall-end transfers move, what the 番 are worth, and what a worse 定缺 costs.

Arms: ``seats`` (the run's seat mix), ``greedy`` (seat 0 plays ``greedy``, declaring void the suit it holds fewest of)
and one ``dingque_<choice>`` per ``experiment.xuezhan.dingque`` choice (seat 0 plays ``greedy{dingque=<choice>}``: the
suit it holds the middle or most tiles of, strategies/dingque.py). Every arm uses the run's seed, so the seat-0 arms
play the same walls and their hands pair; with an all-greedy mix ``greedy`` is the ``seats`` arm.

Summary rows (study ``xuezhan``; money in 底 per hand, rates as fractions). **Per hand** means every hand of the
``seats`` arm counts once (its denominator is hands); **per win** means every win counts once, computed as a ratio of
per-hand sums (Σ over hands of the wins' values / Σ over hands of the wins) with a delta-method interval over hands
(``paired_delta.ratio``), because the wins of one hand are not independent:

* ``winners_per_hand`` group ``all``: mean number of seats that won (0..3), per hand (Student-t); ``winners_share``
  groups ``winners=0`` .. ``winners=3``: share of hands with that many winners (Wilson); ``liuju_rate`` group ``all``:
  share of hands nobody won (流局, = ``winners_share`` 0);
* ``hand_end_share`` groups ``end=three_won`` / ``end=wall``: share of hands ending at the third winner or at the
  empty wall (``hand_end``; the wall's end includes the 流局);
* for each transfer t in ``hujiao`` (呼叫转移), ``huazhu`` (查花猪), ``dajiao`` (查大叫), ``tuishui`` (退税), group t:
  ``transfer_rate``, the share of hands in which it changed any seat's money (Wilson); ``transfer_money``, the money
  it moved per hand (what its payees received, Σ_k max(s{k}_t, 0); 0 in a hand without it); and ``transfer_dealer``,
  the dealer's net money from it per hand (zero-sum, so 0 when the dealer is no more or less exposed than a 闲);
* ``win_zimo_share`` and ``win_mean_fan``, groups ``all`` and ``order=1..3`` (the wins of the hand's 1st, 2nd, 3rd win
  event): share of wins by 自摸 and mean 番 per win, **per win**. A seat that has won stops playing, so the later orders
  are the wins of the seats still in; each order is a per-win mean of its own;
* ``value_share_by_fan`` groups ``fan=0`` .. ``fan=3`` and ``fan=4+``: the share of all win value (Σ of every win's V
  = 底 × 2^min(F, cap), ``s{k}_value``) that came from wins of that many 番 — exact over every win;
* ``fan_source_share`` groups ``source=<s>`` for s in ``qidui``, ``pengpeng``, ``qingyise``, ``gangkai``, ``haidi``,
  ``qianggang``, ``other``: the record keeps the features of the hand's **first** win only (``win_features``; the
  later wins' 番 only as a total), so the 番 of each source is recovered there only: the share of the first wins' 番 that
  each source adds (七对 2 — a 龙七对's 根 go to ``other``; 大对子 1, 清一色 2, 杠上开花 1, 海底捞月 1, 抢杠胡 1; ``other`` the rest: 根, 金钩钓,
  杠上炮, 海底炮, 天胡/地胡's lift, the optional 番). 番, not value: with the cap a 番 past it adds nothing, so value does not
  split by source; ``value_share_by_fan`` is the value reading;
* ``dingque_cost`` group ``dingque=<choice> − dingque=fewest``: seat 0's paired mean money difference per hand on the
  same walls (``stats.paired_difference``) between declaring void its ``<choice>`` suit and its fewest;
  ``arm_win_rate`` and ``arm_huazhu_rate`` groups ``dingque=fewest`` / ``dingque=<choice>``: the share of hands seat 0
  won, and ended as a 花猪 (it cannot be one once it has won: per hand, not per seat left at the wall), in each arm
  (Wilson).
"""
from __future__ import annotations

import numpy as np
import polars as pl

from experiments import paired_delta
from experiments.arms import ArmSpec
from experiments.config import XuezhanParams
from reports import stats
from sim.core.codes import (
    FEATURE_GANGKAI, FEATURE_HAIDI, FEATURE_HAOHUA_QIDUI, FEATURE_PENGPENGHU, FEATURE_QIANGGANG, FEATURE_QIDUI,
    FEATURE_QINGYISE, WIN_ZIMO,
)

STUDY = "xuezhan"
SEATS = range(4)
#: The wall-end and kong transfers, record column suffix s{k}_<name> (docs/rules/sichuan.md r68–r77).
TRANSFERS = ("hujiao", "huazhu", "dajiao", "tuishui")
MAX_WINNERS = 3             # the hand ends at the third winner (r58)
MAX_ORDER = 3               # win events numbered 1..3 (co-winners on one discard share one)
FAN_GROUPS = (0, 1, 2, 3)   # value_share_by_fan groups, and ``fan=4+`` past them
#: 番 source -> (the record's win_features bits that show it, the 番 it adds; r42, r44, r48).
FAN_SOURCES = {"qidui": (FEATURE_QIDUI | FEATURE_HAOHUA_QIDUI, 2), "pengpeng": (FEATURE_PENGPENGHU, 1),
               "qingyise": (FEATURE_QINGYISE, 2), "gangkai": (FEATURE_GANGKAI, 1), "haidi": (FEATURE_HAIDI, 1),
               "qianggang": (FEATURE_QIANGGANG, 1)}
END_THREE_WON, END_WALL = 1, 2   # ``hand_end`` codes (sim.record)
CLASS_HUAZHU = 1                 # ``s{k}_end_class`` of a 花猪 (sim.record)
FEWEST = "fewest"                # greedy's default ``dingque``


def dingque_label(choice: str) -> str:
    """Return seat 0's strategy spec declaring void the suit of rank ``choice`` (``greedy{dingque=most}``)."""
    return f"greedy{{dingque={choice}}}"


def plan(params: XuezhanParams, base: ArmSpec) -> dict[str, ArmSpec]:
    """Return the arms ``seats`` (the run's mix), ``greedy`` and ``dingque_<choice>`` (seat 0 changed, same walls)."""
    arms = {"seats": base, "greedy": base.with_seat0("greedy")}
    for choice in dict.fromkeys(params.dingque):
        arms[f"dingque_{choice}"] = base.with_seat0(dingque_label(choice))
    return arms


def columns(role: str) -> list[str]:
    """Return the record columns the study reads from arm ``role``."""
    if role == "seats":
        per_seat = [f"s{k}_{name}" for k in SEATS for name in (*TRANSFERS, "win_order", "win_how", "fan", "value")]
        return ["dealer", "winner", "n_winners", "hand_end", "win_features", *per_seat]
    return ["s0_delta", "s0_won", "s0_end_class"]


def _seat_matrix(frame: pl.DataFrame, name: str) -> np.ndarray:
    """Return int64[hands, 4]: column ``s{k}_<name>`` of each seat."""
    return np.column_stack([frame[f"s{k}_{name}"].cast(pl.Int64).to_numpy() for k in SEATS])


def hand_rows(frame: pl.DataFrame) -> list[dict]:
    """Return the per-hand rows: winners per hand and their shares, the 流局 rate and how the hand ended."""
    winners = frame["n_winners"].cast(pl.Int64).to_numpy()
    ended = frame["hand_end"].cast(pl.Int64).to_numpy()
    rows = [stats.mean_ci(winners).row(STUDY, "winners_per_hand", "all")]
    rows += [stats.proportion(winners == w).row(STUDY, "winners_share", f"winners={w}") for w in range(MAX_WINNERS + 1)]
    rows.append(stats.proportion(winners == 0).row(STUDY, "liuju_rate", "all"))
    rows.append(stats.proportion(ended == END_THREE_WON).row(STUDY, "hand_end_share", "end=three_won"))
    rows.append(stats.proportion(ended == END_WALL).row(STUDY, "hand_end_share", "end=wall"))
    return rows


def transfer_rows(frame: pl.DataFrame) -> list[dict]:
    """Return, per transfer, the share of hands it moved money in, the money it moved and the dealer's net, per hand."""
    dealer = frame["dealer"].cast(pl.Int64).to_numpy()
    rows = []
    for name in TRANSFERS:
        money = _seat_matrix(frame, name)
        rows.append(stats.proportion((money != 0).any(axis=1)).row(STUDY, "transfer_rate", name))
        rows.append(stats.mean_ci(np.clip(money, 0, None).sum(axis=1)).row(STUDY, "transfer_money", name))
        rows.append(stats.mean_ci(money[np.arange(len(dealer)), dealer]).row(STUDY, "transfer_dealer", name))
    return rows


def win_rows(frame: pl.DataFrame) -> list[dict]:
    """Return the per-win rows: 自摸 share and mean 番 (all wins and by win order), and the value share by 番."""
    order = _seat_matrix(frame, "win_order")
    zimo = (_seat_matrix(frame, "win_how") == WIN_ZIMO) & (order > 0)
    fan = np.where(order > 0, _seat_matrix(frame, "fan"), 0)
    value = np.where(order > 0, _seat_matrix(frame, "value"), 0)
    rows = []
    for group, chosen in [("all", order > 0)] + [(f"order={i}", order == i) for i in range(1, MAX_ORDER + 1)]:
        wins = chosen.sum(axis=1)
        rows.append(paired_delta.ratio((zimo & chosen).sum(axis=1), wins).row(STUDY, "win_zimo_share", group))
        rows.append(paired_delta.ratio(np.where(chosen, fan, 0).sum(axis=1), wins).row(STUDY, "win_mean_fan", group))
    total = value.sum(axis=1)
    last = FAN_GROUPS[-1] + 1
    for group, chosen in ([(f"fan={f}", (order > 0) & (fan == f)) for f in FAN_GROUPS]
                          + [(f"fan={last}+", (order > 0) & (fan >= last))]):
        rows.append(paired_delta.ratio(np.where(chosen, value, 0).sum(axis=1), total)
                    .row(STUDY, "value_share_by_fan", group))
    return rows


def fan_source_rows(frame: pl.DataFrame) -> list[dict]:
    """Return the share of the first wins' 番 each recorded source adds (``other`` the rest), ratio over hands."""
    winner = frame["winner"].cast(pl.Int64).to_numpy()
    features = frame["win_features"].cast(pl.Int64).fill_null(0).to_numpy()  # null = no win (sim.record)
    won = winner >= 0
    fan = np.where(won, _seat_matrix(frame, "fan")[np.arange(len(winner)), np.where(won, winner, 0)], 0)
    rows, attributed = [], np.zeros(len(winner), dtype=np.int64)
    for name, (bits, worth) in FAN_SOURCES.items():
        part = np.where(won & (features & bits != 0), worth, 0)
        attributed += part
        rows.append(paired_delta.ratio(part, fan).row(STUDY, "fan_source_share", f"source={name}"))
    rows.append(paired_delta.ratio(fan - attributed, fan).row(STUDY, "fan_source_share", "source=other"))
    return rows


def dingque_rows(frames: dict[str, pl.DataFrame], choices) -> list[dict]:
    """Return seat 0's paired ``dingque_cost`` per choice against ``fewest`` and each arm's win and 花猪 rates."""
    fewest = frames["greedy"]
    rows = []
    arms = [(FEWEST, fewest)]
    for choice in dict.fromkeys(choices):
        arm = frames[f"dingque_{choice}"]
        if arm["hand"].to_list() != fewest["hand"].to_list():
            raise ValueError("the greedy and dingque arms must hold the same hands (the same walls) to pair them")
        rows.append(stats.paired_difference(arm["s0_delta"].to_numpy(), fewest["s0_delta"].to_numpy())
                    .row(STUDY, "dingque_cost", f"dingque={choice} − dingque={FEWEST}"))
        arms.append((choice, arm))
    for group, arm in arms:
        rows.append(stats.proportion(arm["s0_won"].to_numpy()).row(STUDY, "arm_win_rate", f"dingque={group}"))
        rows.append(stats.proportion(arm["s0_end_class"].cast(pl.Int64).to_numpy() == CLASS_HUAZHU)
                    .row(STUDY, "arm_huazhu_rate", f"dingque={group}"))
    return rows


def summarize(frames: dict[str, pl.DataFrame], params: XuezhanParams) -> list[dict]:
    """Return the summary rows of the study (see the module docstring)."""
    seats = frames["seats"]
    return (hand_rows(seats) + transfer_rows(seats) + win_rows(seats) + fan_source_rows(seats)
            + dingque_rows(frames, params.dingque))
