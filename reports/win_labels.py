"""Chinese names of the variants, winning shapes and win features the variants and shapes sections show."""
from __future__ import annotations

from sim.rules import VARIANTS
from sim.variant_facts import facts

#: Chinese names of the variants (``LABEL`` of each variant's study facts; ``plain`` is the control 推倒胡).
VARIANT_LABELS = {variant: facts(variant).LABEL for variant in VARIANTS}
#: ``shape`` column values.
SHAPE_LABELS = {"regular": "普通胡", "qidui": "七对", "shisanyao": "十三幺", "qifeng": "七风"}
#: ``win_features`` bit names (experiments.win_features).
FEATURE_LABELS = {
    "qidui": "七对", "haohua_qidui": "豪华七对", "pengpeng": "碰碰胡", "qingyise": "清一色", "jiulian": "九莲宝灯",
    "shisanyao": "十三幺", "tianhu": "天胡", "dihu": "地胡", "gangshang_kaihua": "杠上开花",
    "haidi_laoyue": "海底捞月", "qianggang_hu": "抢杠胡", "hunyise": "混一色", "baotou": "爆头",
    "qifeng": "七风", "qingyise_wild": "清一色（带财神）", "pinghu": "平胡",
}
WIN_METHOD_LABELS = {"zimo": "自摸", "dianhu": "点炮", "qianggang": "抢杠胡"}
#: The line a section shows for a variant whose records carry no ``win_features`` column.
NO_SHAPE_DATA = "没有记录胡牌特征：只统计了每手的牌型（普通胡 / 七对 / 十三幺）"


def variant_label(name: str) -> str:
    """Return the Chinese name of a variant ('晋城'), or the name itself when it has none."""
    return VARIANT_LABELS.get(name, name)


def kind_label(group: str) -> str:
    """Return the Chinese name of a shapes-study group ``shape:<name>`` / ``feature:<name>`` (or the bare name); a
    name that is both a shape and a feature (七对, 十三幺, 七风) says which: 七对（牌型） / 七对（特征）."""
    source, _, name = group.partition(":")
    if not name:
        source, name = "shape", group
    labels = SHAPE_LABELS if source == "shape" else FEATURE_LABELS
    label = labels.get(name, name)
    if name in SHAPE_LABELS and name in FEATURE_LABELS:  # 七对 both a shape and a feature: say which count this is
        label += "（牌型）" if source == "shape" else "（特征）"
    return label
