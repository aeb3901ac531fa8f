"""The record: one row per hand.

The compiled engine fills an ``int32[n_hands, len(KERNEL_COLUMNS)]`` matrix whose
columns are ``KERNEL_COLUMNS`` in order; ``to_frame`` adds the run-level columns
(``seed``, ``variant``, per-seat strategy names and ``s{k}_won``) and gives every column its type.
Money columns are in units of 底注 (base stake); every hand's ``s{k}_delta`` sum to 0.

Reading the frame without traps:

* ``win_features`` is **null on a 荒庄** (no win) and the win's FEATURE_* bits otherwise (0 = a win without
  any feature), so a bit test such as ``pl.col("win_features") & WIN_FEATURES["qidui"] != 0`` is null, not
  true, on a 荒庄, and its mean is the share of *wins* with the feature. The kernel matrix (and
  ``sim.game.Game.record()``) keep the engine's sentinel -1 (``sim.core.codes.NO_WIN_FEATURES``) there;
  ``to_frame`` turns it into the null. ``multiplier`` stays 0 without a win.
* ``winner`` is one seat: the only winner, or under ``multi_ron=all`` (一炮多响) the claimant nearest after
  the discarder in turn order, the win whose ``win_kind``, ``shape``, ``win_tile``, ``win_features``,
  ``multiplier`` and ``winner_wilds`` the row holds and who decides the next dealer. ``winners`` is the
  bitmask of every seat that won (bit k = seat k; 0 on a 荒庄) and ``s{k}_won`` the same per seat
  (booleans); every winner's money is in its ``s{k}_win``.
* Renamed columns (``RENAMED_COLUMNS``): ``s{k}_waits`` is now ``s{k}_live_waits`` (the live copies of the
  seat's waits when it went 上架, not the waits themselves) and ``s{k}_huang`` is now ``s{k}_houbao``
  (后包 money, paid on a 荒庄). The old names are not in the frame; ``RENAMED_COLUMNS`` maps them.
"""
from __future__ import annotations

import hashlib

import numpy as np
import polars as pl

from sim.core import codes as C
from sim.core.state import N_SEATS


#: Codes of ``win_kind`` (names ordered by their kernel code, sim.core.codes).
WIN_KINDS = C.names_by_code(C.WIN_KIND_CODES)
WIN_NONE, WIN_ZIMO, WIN_DIANHU, WIN_QIANGGANG = C.WIN_NONE, C.WIN_ZIMO, C.WIN_DIANHU, C.WIN_QIANGGANG

#: Codes of ``shape``.
SHAPES = C.names_by_code(C.SHAPE_CODES)
SHAPE_NONE, SHAPE_REGULAR, SHAPE_QIDUI, SHAPE_SHISANYAO = C.SHAPE_NONE, C.SHAPE_REGULAR, C.SHAPE_QIDUI, C.SHAPE_SHISANYAO

_HAND_DTYPES: dict[str, pl.DataType] = {
    "hand": pl.Int64,             # hand index within the run (the RNG key)
    "session": pl.Int32,          # session index (session mode), else = hand
    "hand_in_session": pl.Int16,  # 0-based hand number inside its session, else 0
    "dealer": pl.Int8,            # dealer seat 0..3
    "winner": pl.Int8,            # winning seat, -1 = 荒庄; under multi_ron=all the first claimant after the
                                  # discarder (every winner: ``winners`` / ``s{k}_won``)
    "feeder": pl.Int8,            # discarder / robbed kong declarer, -1 = 自摸 or none
    "win_kind": pl.Int8,          # code into WIN_KINDS (categorical in the frame)
    "shape": pl.Int8,             # code into SHAPES (categorical in the frame)
    "win_tile": pl.Int8,          # tile kind 0..33 of the winning tile, -1 = none
    "draws": pl.Int16,            # front draws made in the hand (the dealer's first included)
    "replacements": pl.Int16,     # kong replacement draws from the tail
    "kongs": pl.Int8,             # kongs declared (明, 补 and 暗)
    "pongs": pl.Int8,             # pongs made
    "genzhuang": pl.Int8,         # 1 when 前包 (跟庄) happened
}
_SEAT_DTYPES: dict[str, pl.DataType] = {
    "ting_turn": pl.Int16,        # the seat's own turn number (1 = first) at 上架, -1 = never
    "live_waits": pl.Int8,        # live copies of the seat's waits at 上架 (not visible to it; formerly ``waits``),
                                  # -1 = never 上架
    "yaojiu_start": pl.Int8,      # distinct 幺九/字 kinds in the seat's dealt hand (13 or dealer 14)
    "frozen": pl.Int8,            # 拾/抢 tiles the seat took (十三幺)
    "win": pl.Int16,              # money from the win settlement
    "kong": pl.Int16,             # kong money (0 on 荒庄)
    "genzhuang": pl.Int16,        # 前包 money
    "houbao": pl.Int16,           # 后包 money, paid on a 荒庄 (formerly ``huang``)
    "delta": pl.Int16,            # total = win + kong + genzhuang + houbao
}

#: Hand-level integer columns filled by the kernel, in matrix order (sim.core.codes COL_*), with their dtype.
HAND_COLUMNS: tuple[tuple[str, pl.DataType], ...] = tuple(
    (name, _HAND_DTYPES[name]) for name in C.names_by_code(C.HAND_COLUMN_CODES))

#: Per-seat integer columns (sim.core.codes SCOL_*); the frame names them ``s{k}_{name}``.
SEAT_COLUMNS: tuple[tuple[str, pl.DataType], ...] = tuple(
    (name, _SEAT_DTYPES[name]) for name in C.names_by_code(C.SEAT_COLUMN_CODES))

_EXTRA_DTYPES: dict[str, pl.DataType] = {
    "win_features": pl.Int32,     # the win's FEATURE_* bits (WIN_FEATURES names them), 0 = a win without any;
                                  # null on 荒庄 in the frame (-1 in the kernel matrix); 晋城 sets 七对, 十三幺
                                  # and 抢杠胡 only
    "multiplier": pl.Int32,       # total multiplier of the win money (晋中: product of the features'), 0 = no win
    "caishen": pl.Int8,           # 金华: the 财神 kind 0..33 (the turned indicator's); -1 = a variant without wilds
    "winner_wilds": pl.Int8,      # 金华: 财神 tiles in the winner's hand at the win; -1 = no win or no wilds
    "chows": pl.Int8,             # 吃 melds made in the hand (金华; 晋中 with jz_chi); -1 = rules without 吃
    "s0_chengbao": pl.Int16,      # 金华: what 承包 changed in seat k's win money (底注, part of s{k}_win, zero-sum);
    "s1_chengbao": pl.Int16,      # 0 = no 承包 (always 0 in a variant without it)
    "s2_chengbao": pl.Int16,
    "s3_chengbao": pl.Int16,
    "s0_wilds_dealt": pl.Int8,    # 金华: 财神 tiles in seat k's initial deal (dealer's 14, others' 13; 0..3, the
    "s1_wilds_dealt": pl.Int8,    # indicator shows the fourth copy); -1 = a variant without wilds
    "s2_wilds_dealt": pl.Int8,
    "s3_wilds_dealt": pl.Int8,
    "s0_dingque": pl.Int8,        # 晋中 jz_dingque_upfront: the suit seat k declared given up at the deal (0 万, 1 饼,
    "s1_dingque": pl.Int8,        # 2 条; RULES §2.4 r13); -1 = none declared (the flag off, or another variant)
    "s2_dingque": pl.Int8,
    "s3_dingque": pl.Int8,
    "winners": pl.UInt8,          # bit k set when seat k won (several bits only under multi_ron=all); 0 = 荒庄
    # 血战到底 (docs/rules/sichuan.md r55–r84), where a hand plays on after a win; in every other rule set these hold
    # their null (-1 for fan and end_class, else 0) except n_winners
    "n_winners": pl.Int8,         # seats that won (several under 血战 or multi_ron=all); 0 = 荒庄 / 流局
    "hand_end": pl.Int8,          # how a 血战 hand ended: 1 three seats won, 2 the wall ran out; 0 elsewhere
    **{f"s{k}_{name}": dtype for name, dtype in (
        ("win_order", pl.Int8),   # 1..3: the seat won in the 1st/2nd/3rd win event (co-winners share one), 0 = no
        ("win_how", pl.Int8),     # WIN_* code of the seat's own win (1 自摸, 2 点炮, 3 抢杠), 0 = none
        ("fan", pl.Int8),         # the 番 of the seat's win, -1 = none
        ("value", pl.Int16),      # its value V = 底 x 2^min(番, cap), 0 = none
        ("end_class", pl.Int8),   # wall-end class of a seat that had not won: 1 花猪, 2 听牌, 3 未听; -1 = none
        ("hujiao", pl.Int16),     # 呼叫转移 money (part of s{k}_delta)
        ("huazhu", pl.Int16),     # 查花猪 money
        ("dajiao", pl.Int16),     # 查大叫 money
        ("tuishui", pl.Int16),    # 退税 money
    ) for k in range(N_SEATS)},
}
#: Hand-level columns the kernel writes after the per-seat block (sim.core.codes XCOL_*), with their dtype.
EXTRA_COLUMNS: tuple[tuple[str, pl.DataType], ...] = tuple(
    (name, _EXTRA_DTYPES[name]) for name in C.names_by_code(C.EXTRA_COLUMN_CODES))
#: Bits of ``win_features`` by name (sim.core.codes FEATURE_*).
WIN_FEATURES: dict[str, int] = dict(C.FEATURE_CODES)

#: Per-seat frame columns ``to_frame`` derives from the kernel's (``s{k}_won`` from ``winners``), with their dtype.
DERIVED_SEAT_COLUMNS: tuple[tuple[str, pl.DataType], ...] = (("won", pl.Boolean),)

#: Old column name -> new name (renamed because the old name said something else; see the module docstring).
RENAMED_COLUMNS: dict[str, str] = {f"s{k}_{old}": f"s{k}_{new}" for k in range(N_SEATS)
                                   for old, new in (("waits", "live_waits"), ("huang", "houbao"))}

#: Column order of the kernel's int32 record matrix.
KERNEL_COLUMNS: tuple[str, ...] = tuple(n for n, _ in HAND_COLUMNS) + tuple(
    f"s{k}_{n}" for k in range(N_SEATS) for n, _ in SEAT_COLUMNS
) + tuple(n for n, _ in EXTRA_COLUMNS)
N_KERNEL_COLUMNS = len(KERNEL_COLUMNS)
COLUMN_INDEX = {name: i for i, name in enumerate(KERNEL_COLUMNS)}


def seat_column(seat: int, name: str) -> int:
    """Return the kernel matrix column index of per-seat column ``name`` for ``seat``."""
    return COLUMN_INDEX[f"s{seat}_{name}"]


def schema() -> dict[str, pl.DataType]:
    """Return the full frame schema (column name -> polars dtype) in column order."""
    out: dict[str, pl.DataType] = {"seed": pl.Int64, "variant": pl.Categorical}
    out.update(dict(HAND_COLUMNS))
    out.update(dict(EXTRA_COLUMNS))
    out["win_kind"] = pl.Enum(list(WIN_KINDS))
    out["shape"] = pl.Enum(list(SHAPES))
    for k in range(N_SEATS):
        out[f"s{k}_strategy"] = pl.Categorical
        for n, dtype in SEAT_COLUMNS + DERIVED_SEAT_COLUMNS:
            out[f"s{k}_{n}"] = dtype
    return out


def schema_digest() -> str:
    """Return 16 hex digits of the SHA-256 of the frame schema (column names and dtype classes, in order): a streamed
    run's manifest holds it, so parts written under another schema (a renamed or added column) are never resumed
    into the same folder."""
    def kind(dtype) -> str:  # the dtype's class name only, so that a polars upgrade's repr changes nothing
        return dtype.__name__ if isinstance(dtype, type) else type(dtype).__name__

    text = "\n".join(f"{name}:{kind(dtype)}" for name, dtype in schema().items())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def to_frame(matrix: np.ndarray, seed: int, variant: str, strategies: list[str]) -> pl.DataFrame:
    """Return the typed polars frame of a kernel record matrix (one row per hand).

    ``strategies`` holds the four seat strategy labels (e.g. ``"greedy"``,
    ``"selective_ting{min_live_waits=3}"``). ``win_features`` becomes null where the matrix holds
    NO_WIN_FEATURES (no win); ``s{k}_won`` is bit k of ``winners``.
    """
    if matrix.ndim != 2 or matrix.shape[1] != N_KERNEL_COLUMNS:
        raise ValueError(f"record matrix must be [n, {N_KERNEL_COLUMNS}], got {matrix.shape}")
    n = matrix.shape[0]
    types = schema()
    data: dict[str, pl.Series] = {
        "seed": pl.Series("seed", np.full(n, seed, dtype=np.int64)),
        "variant": pl.Series("variant", [variant] * n, dtype=pl.Categorical),
    }
    for i, name in enumerate(KERNEL_COLUMNS):
        column = matrix[:, i]
        if name == "win_kind":
            data[name] = pl.Series(name, np.asarray(WIN_KINDS)[column], dtype=types[name])
        elif name == "shape":
            data[name] = pl.Series(name, np.asarray(SHAPES)[column], dtype=types[name])
        elif name == "win_features":
            data[name] = pl.Series(name, np.ma.masked_equal(column, C.NO_WIN_FEATURES), dtype=types[name])
        else:
            data[name] = pl.Series(name, column).cast(types[name])
    winners = matrix[:, COLUMN_INDEX["winners"]]
    for k in range(N_SEATS):
        data[f"s{k}_strategy"] = pl.Series(f"s{k}_strategy", [strategies[k]] * n, dtype=pl.Categorical)
        data[f"s{k}_won"] = pl.Series(f"s{k}_won", (winners >> k) & 1 == 1, dtype=pl.Boolean)
    return pl.DataFrame(data).select(list(types))
