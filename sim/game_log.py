"""Readable text for engine events and actions (tile notation + Chinese names) — plain Python."""
from __future__ import annotations

from sim.core import codes as C
from sim.core import state as S
from sim.tiles import NAMES, name

SELF_VERBS = {S.ACT_DISCARD: "discard", S.ACT_SHANGJIA: "shangjia", S.ACT_ANGANG: "angang", S.ACT_BUGANG: "bugang"}
SINGLE_ACTIONS = {S.ACT_ZIMO: "zimo", S.ACT_PASS: "pass", S.ACT_PENG: "peng", S.ACT_GANG: "gang",
                  S.ACT_SHI: "shi", S.ACT_QIANG: "qiang", S.ACT_HU: "hu",
                  S.ACT_CHI_LOW: "chi_low", S.ACT_CHI_MID: "chi_mid", S.ACT_CHI_HIGH: "chi_high"}  # 金华 吃: the
# claimed tile is the lowest / middle / highest of the run


#: Chinese name of each ``win_features`` bit (sim.core.codes FEATURE_*), in bit order.
FEATURE_LABELS: dict[int, str] = {
    C.FEATURE_QIDUI: "七对", C.FEATURE_HAOHUA_QIDUI: "豪华七对", C.FEATURE_PENGPENGHU: "碰碰胡",
    C.FEATURE_QINGYISE: "清一色", C.FEATURE_JIULIAN: "九莲宝灯", C.FEATURE_SHISANYAO: "十三幺", C.FEATURE_TIANHU: "天胡",
    C.FEATURE_DIHU: "地胡", C.FEATURE_GANGKAI: "杠上开花", C.FEATURE_HAIDI: "海底捞月", C.FEATURE_QIANGGANG: "抢杠胡",
    C.FEATURE_HUNYISE: "混一色", C.FEATURE_BAOTOU: "爆头", C.FEATURE_QIFENG: "七风/十四不靠",
    C.FEATURE_QINGYISE_WILD: "清一色带财神", C.FEATURE_PINGHU: "平胡",
}
#: Chinese name of each meld type (sim.core.codes MELD_*).
MELD_LABELS = {C.MELD_PONG: "碰", C.MELD_MINGGANG: "明杠", C.MELD_BUGANG: "补杠", C.MELD_ANGANG: "暗杠",
               C.MELD_CHOW: "吃"}


def features_text(features: int) -> str:
    """Return the Chinese names of the FEATURE_* bits set in ``features``, joined by 、 (``无`` for none)."""
    found = [label for bit, label in FEATURE_LABELS.items() if features & bit]
    return "、".join(found) if found else "无"


def meld_text(meld_type: int, lowest: int, source: int) -> str:
    """Return one meld in Chinese, e.g. ``'碰 5m(五万)（seat 1 打出）'`` or ``'吃 3m4m5m（seat 2 打出）'``."""
    if meld_type == C.MELD_CHOW:
        tiles = f"{name(lowest)}{name(lowest + 1)}{name(lowest + 2)}"
    else:
        tiles = tile_text(lowest)
    return f"{MELD_LABELS[meld_type]} {tiles}" + (f"（seat {source} 打出）" if source >= 0 else "")


def tile_text(kind: int) -> str:
    """Return ``'5m(五万)'`` for a kind."""
    return f"{name(kind)}({NAMES[kind]})"


def action_text(action: int) -> str:
    """Return the readable form of an ACT_* code, e.g. ``'discard 5m'``, ``'peng'``."""
    if action in SINGLE_ACTIONS:
        return SINGLE_ACTIONS[action]
    base = max(b for b in SELF_VERBS if b <= action)
    return f"{SELF_VERBS[base]} {name(action - base)}"


def parse_action(text: str) -> int:
    """Return the ACT_* code of a readable action; ValueError naming the text and the valid verbs."""
    from sim.tiles import kind as tile_kind

    words = text.split()
    verbs = {v: b for b, v in SELF_VERBS.items()}
    singles = {v: a for a, v in SINGLE_ACTIONS.items()}
    if len(words) == 1 and words[0] in singles:
        return singles[words[0]]
    if len(words) == 2 and words[0] in verbs:
        return verbs[words[0]] + tile_kind(words[1])
    valid = ", ".join([f"{v} <tile>" for v in verbs] + list(singles))
    raise ValueError(f"bad action {text!r} (valid: {valid})")


def event_text(code: int, seat: int, tile: int, extra: int) -> str:
    """Return one log line for an event row of the kernel log."""
    who = f"seat {seat}"
    t = tile_text(tile) if tile >= 0 else ""
    lines = {
        S.EV_DEAL: f"deal: dealer (庄) is seat {extra}",
        S.EV_DRAW: f"{who} draws {t}" + (" from the tail (补牌)" if extra == 1 else ""),
        S.EV_DISCARD: f"{who} discards {t}",
        S.EV_SHANGJIA: f"{who} 上架 {t} face-down ({extra} live waits)",
        S.EV_ANGANG: f"{who} 暗杠 {t}",
        S.EV_BUGANG: f"{who} 补杠 {t}",
        S.EV_MINGGANG: f"{who} 明杠 {t} from seat {extra}",
        S.EV_PENG: f"{who} 碰 {t} from seat {extra}",
        S.EV_SHI: f"{who} 拾 {t} from seat {extra}",
        S.EV_QIANG: f"{who} 抢 {t} from seat {extra}",
        S.EV_HU: f"{who} 胡 {t} on seat {extra}'s discard (点胡)",
        S.EV_ZIMO: f"{who} 自摸 {t}",
        S.EV_QIANGGANG: f"{who} 抢杠胡 {t} from seat {extra}",
        S.EV_HUANG: "荒庄: the wall reached the 荒 zone",
        S.EV_GENZHUANG: f"前包: all four first discards were {t}; the dealer pays",
        S.EV_PASS_HU: f"{who} passes a win on {t}",
        S.EV_CHOW: f"{who} 吃 {t} from seat {extra // 8} "
                   f"({'lowest' if extra % 8 == 0 else 'middle' if extra % 8 == 1 else 'highest'} of the run)",
        S.EV_CAISHEN: f"the turned indicator is {t}: {t} is the 财神",
        S.EV_KONG_ROBBED: f"{who} declares {'补杠' if extra == S.PEND_BUGANG else '暗杠'} {t}: robbed",
    }
    return lines.get(code, f"event {code} seat {seat} tile {tile} extra {extra}")
