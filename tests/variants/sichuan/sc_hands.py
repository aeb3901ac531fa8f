"""Helpers of the Sichuan kernel tests: hands written as text, turned into the kernels' arrays and the reference's
Counters, feature bits turned into names, and random winning hands (docs/rules/sichuan.md r37–r47)."""
from __future__ import annotations

import random
from collections import Counter

import numpy as np

from sim.core import codes as C
from sim.variants.sichuan import codes as S
from sim.variants.sichuan.config import SichuanRules

import reference_sc as ref

MELD_CODE = {ref.PONG: C.MELD_PONG, ref.MINGGANG: C.MELD_MINGGANG, ref.BUGANG: C.MELD_BUGANG,
             ref.ANGANG: C.MELD_ANGANG}
FEAT_NAMES = {S.FEAT_PINGHU: "pinghu", S.FEAT_DADUIZI: "daduizi", S.FEAT_QIDUI: "qidui", S.FEAT_JINGOU: "jingou",
              S.FEAT_DAIYAOJIU: "daiyaojiu", S.FEAT_QINGYISE: "qingyise", S.FEAT_JIANG: "jiang",
              S.FEAT_LONG_EXTRA: "long_extra", S.FEAT_MENQING: "menqing", S.FEAT_ZHONGZHANG: "zhongzhang",
              S.FEAT_GANGKAI: "gangkai", S.FEAT_GANGPAO: "gangpao", S.FEAT_QIANGGANG: "qianggang",
              S.FEAT_HAIDI: "haidi", S.FEAT_ZIMO_FAN: "zimo_fan", S.FEAT_TIANHU: "tianhu", S.FEAT_DIHU: "dihu"}
SUIT_BASE = {"m": 0, "p": 9, "s": 18}


def kinds(text: str) -> list[int]:
    """Return the kinds of ``text`` such as "123m55s" (digits then their suit letter)."""
    out, digits = [], []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(int(ch))
        else:
            out += [SUIT_BASE[ch] + d - 1 for d in digits]
            digits = []
    return out


def hand(text: str) -> Counter:
    """Return the Counter of kinds of ``text``."""
    return Counter(kinds(text))


def arrays(tiles: Counter, melds=()) -> tuple[np.ndarray, np.ndarray]:
    """Return the kernels' (counts int8[34], meld_row int8[34]) of a hand and its ``(type, kind)`` melds."""
    counts = np.zeros(34, np.int8)  # [kind] concealed tiles
    for k, n in tiles.items():
        counts[k] += n
    meld_row = np.zeros(34, np.int8)  # [kind] core MELD_* code, 0 = none
    for kind_of, k in melds:
        meld_row[k] = MELD_CODE[kind_of]
    return counts, meld_row


def names(features: int) -> set[str]:
    """Return the reference's names of the FEAT_* bits in ``features``."""
    return {name for bit, name in FEAT_NAMES.items() if features & bit}


def gen_of(features: int) -> int:
    """Return the 根 count held in ``features``."""
    return (features >> S.GEN_SHIFT) & S.GEN_MASK


def flags_of(rules: SichuanRules) -> ref.Flags:
    """Return the reference's flags of a config."""
    return ref.Flags(cap=None if rules.sc_fan_cap == "none" else rules.sc_fan_cap, zimo=rules.sc_zimo,
                     zimo_cap_order=rules.sc_zimo_cap_order, tian_di_hu=rules.sc_tian_di_hu,
                     yaojiu_jiangdui=rules.sc_yaojiu_jiangdui, jiang_qidui=rules.sc_jiang_qidui,
                     menqing_zhongzhang=rules.sc_menqing_zhongzhang, longqidui=rules.sc_longqidui)


THEMES = ("any", "one_suit", "triplets", "terminals", "jiang", "qidui", "qidui_one_suit")


def random_winning_hand(rng: random.Random):
    """Return (hand Counter, melds) of a random complete hand of at most two suits (so that some void is clean),
    drawn under a random theme that makes 清一色, 大对子, 带幺九, 将, 七对 and 根 common; never past four copies."""
    theme = rng.choice(THEMES)
    suits = rng.sample(range(3), 1 if "one_suit" in theme else 2)
    pool = [s * 9 + r for s in suits for r in range(9)]
    if theme == "terminals":
        pool = [k for k in pool if k % 9 in (0, 1, 2, 6, 7, 8)]
    if theme == "jiang":
        pool = [k for k in pool if k % 9 in (1, 4, 7)]
    for _ in range(1000):
        used = Counter()
        if theme.startswith("qidui"):
            for k in rng.sample(pool, 7) if rng.random() < 0.6 else [rng.choice(pool) for _ in range(7)]:
                used[k] += 2
            if max(used.values()) <= 4:
                return used, []
            continue
        n_melds = rng.choice((0, 0, 1, 2, 3, 4))
        melds, concealed, ok = [], Counter(), True
        for i in range(4):
            k = rng.choice(pool)
            run = theme not in ("triplets", "jiang") and rng.random() < 0.5 and k % 9 <= 6 and k + 2 in pool
            if theme == "terminals" and run and k % 9 not in (0, 6):
                run = False
            if i < n_melds:
                if run:
                    run = False
                kind_of = rng.choice((ref.PONG, ref.PONG, ref.MINGGANG, ref.BUGANG, ref.ANGANG))
                if any(m[1] == k for m in melds):
                    ok = False
                melds.append((kind_of, k))
                used[k] += 3 if kind_of == ref.PONG else 4
            elif run:
                for j in (k, k + 1, k + 2):
                    concealed[j] += 1
                    used[j] += 1
            else:
                concealed[k] += 3
                used[k] += 3
        if theme == "terminals":
            pair = rng.choice([k for k in pool if k % 9 in (0, 8)])
        else:
            pair = rng.choice(pool)
        concealed[pair] += 2
        used[pair] += 2
        if ok and max(used.values()) <= 4:
            return concealed, melds
    raise RuntimeError("no hand drawn")
