"""The rule config of a variant (RULES §4 flags and plain numbers) and its packing.

``RulesConfig`` is a frozen, validated dataclass holding every 晋城 (JC) flag of
RULES §4 with its default. ``pack()`` turns it into the ``int32[N_RULE_FIELDS]``
vector that the compiled kernels read (indices in ``sim.core.rule_layout``); an
enumerated flag is packed as its kernel code (``sim.core.codes``); the option tuples below are
derived from those codes.
``resolve_rules`` turns a variant name, a config, or a mapping of overrides into a
config; bad keys and values raise a one-line ``ValueError`` naming the valid choices.
"""
from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.core import codes as C
from sim.core import rule_layout as L

#: Variants that have a rule config (names ordered by their kernel code, sim.core.codes).
VARIANTS = C.names_by_code(C.VARIANT_CODES)
#: ``huang_dealer`` options (RULES §1.10 r53, A2).
HUANG_DEALER_OPTIONS = C.names_by_code(C.HUANG_DEALER_CODES)
#: ``dead_wall_model`` options (RULES §1.2 r11, A3).
DEAD_WALL_MODELS = C.names_by_code(C.DEAD_WALL_MODEL_CODES)
#: ``multi_ron`` options (RULES §1.3 r20, A4).
MULTI_RON_OPTIONS = C.names_by_code(C.MULTI_RON_CODES)
#: ``ting_kong_policy`` options (RULES §1.3 r18, A5).
TING_KONG_POLICIES = C.names_by_code(C.TING_KONG_POLICY_CODES)
#: ``qianggang_mode`` options (RULES §1.6 r41, A8).
QIANGGANG_MODES = C.names_by_code(C.QIANGGANG_MODE_CODES)
#: ``guo_hu`` options (RULES A36).
GUO_HU_OPTIONS = C.names_by_code(C.GUO_HU_CODES)

def _enum(slot: int, codes: dict[str, int], cite: str):
    """Field metadata of an enumerated flag packed as its kernel code (``codes``: a sim.core.codes mapping)."""
    return {"kind": "enum", "slot": slot, "options": C.names_by_code(codes), "codes": codes, "cite": cite}


def _flag(slot: int, cite: str):
    """Field metadata of a bool flag packed as 0/1."""
    return {"kind": "bool", "slot": slot, "cite": cite}


def _number(slot: int, low: int, high: int, cite: str):
    """Field metadata of an int packed as itself, valid in ``low..high``."""
    return {"kind": "int", "slot": slot, "range": (low, high), "cite": cite}


@dataclass(frozen=True)
class RulesConfig:
    """Every rule a 晋城 study may change, with the default of docs/rules/jincheng.md §4 (money in 底注 units)."""

    variant: str = field(default="jincheng", metadata={"kind": "variant", "slot": L.R_VARIANT,
                                                        "options": VARIANTS, "codes": C.VARIANT_CODES,
                                                        "cite": "RULES §1"})
    # 后包: dealer pays each 闲 this many units on 荒庄 (RULES §1.9 r51, A1).
    houbao_units: int = field(default=2, metadata=_number(L.R_HOUBAO_UNITS, 1, 2, "RULES §1.9 r51, A1"))
    # 荒庄: dealer stays or the deal rotates (RULES §1.10 r53, A2).
    huang_dealer: str = field(default="stay", metadata=_enum(L.R_HUANG_DEALER, C.HUANG_DEALER_CODES,
                                                             "RULES §1.10 r53, A2"))
    # 荒 limit arithmetic with kongs (RULES §1.2 r11, A3).
    dead_wall_model: str = field(default="physical", metadata=_enum(L.R_DEAD_WALL_MODEL, C.DEAD_WALL_MODEL_CODES,
                                                                    "RULES §1.2 r11, A3"))
    # several players can 胡 one discard: first after the discarder, or all (RULES §1.3 r20, A4).
    multi_ron: str = field(default="headbump", metadata=_enum(L.R_MULTI_RON, C.MULTI_RON_CODES,
                                                              "RULES §1.3 r20, A4"))
    # which kongs are legal after 上架 (RULES §1.3 r18, A5).
    ting_kong_policy: str = field(default="same_waits", metadata=_enum(L.R_TING_KONG_POLICY, C.TING_KONG_POLICY_CODES,
                                                                       "RULES §1.3 r18, A5"))
    # 碰 after 上架 (RULES §1.3 r15, A6).
    ting_allow_pong: bool = field(default=False, metadata=_flag(L.R_TING_ALLOW_PONG, "RULES §1.3 r15, A6"))
    # 七对: four identical concealed tiles count as two pairs (RULES §1.6 r38, A7).
    qidui_allow_quad: bool = field(default=True, metadata=_flag(L.R_QIDUI_ALLOW_QUAD, "RULES §1.6 r38, A7"))
    # 抢杠胡 payer: kong maker as discarder, or paid as 自摸 (RULES §1.6 r41, A8).
    qianggang_mode: str = field(default="discarder", metadata=_enum(L.R_QIANGGANG_MODE, C.QIANGGANG_MODE_CODES,
                                                                    "RULES §1.6 r41, A8"))
    # 十三幺 may rob a 暗杠 (RULES §1.6 r40, A9).
    rob_angang: bool = field(default=False, metadata=_flag(L.R_ROB_ANGANG, "RULES §1.6 r40, A9"))
    # 抢 only after at least one 拾 (RULES §1.5 r33, A10).
    qiang_requires_shi: bool = field(default=False, metadata=_flag(L.R_QIANG_REQUIRES_SHI, "RULES §1.5 r33, A10"))
    # 前包 (跟庄) exists at all (RULES §1.9 r47).
    genzhuang: bool = field(default=True, metadata=_flag(L.R_GENZHUANG_ENABLED, "RULES §1.9 r47"))
    # 前包: dealer pays each 闲 this many units (RULES §1.9 r47).
    genzhuang_units: int = field(default=1, metadata=_number(L.R_GENZHUANG_UNITS, 1, 8, "RULES §1.9 r47"))
    # a non-dealer 暗杠 before its first discard breaks 前包 (RULES §1.9 r48, A12).
    genzhuang_angang_breaks: bool = field(default=False, metadata=_flag(L.R_GENZHUANG_ANGANG_BREAKS,
                                                                        "RULES §1.9 r48, A12"))
    # a follower's 上架 on its first turn breaks 前包 (RULES §1.9 r49, A12).
    genzhuang_shangjia_breaks: bool = field(default=True, metadata=_flag(L.R_GENZHUANG_SHANGJIA_BREAKS,
                                                                         "RULES §1.9 r49, A12"))
    # 荒庄 voids the 前包 money (RULES §1.9 r50, A12).
    genzhuang_void_on_huang: bool = field(default=False, metadata=_flag(L.R_GENZHUANG_VOID_ON_HUANG,
                                                                        "RULES §1.9 r50, A12"))
    # 点杠包三家: a non-上架 discarder feeding a direct 明杠 pays all three shares (RULES §1.8 r46, A13).
    diangang_bao: bool = field(default=False, metadata=_flag(L.R_DIANGANG_BAO, "RULES §1.8 r46, A13"))
    # hand-shape multipliers on the win money (RULES §1.6 r42, A14).
    jc_shape_multipliers: bool = field(default=False, metadata=_flag(L.R_JC_SHAPE_MULTIPLIERS,
                                                                     "RULES §1.6 r42, A14"))
    # 七对 win-money multiplier when shape multipliers are on (RULES §1.6 r42; §2.5 r19 value).
    qidui_multiplier: int = field(default=2, metadata=_number(L.R_QIDUI_MULTIPLIER, 1, 16, "RULES §1.6 r42"))
    # 十三幺 win-money multiplier when shape multipliers are on (RULES §1.6 r42; §2.5 r19 value).
    shisanyao_multiplier: int = field(default=4, metadata=_number(L.R_SHISANYAO_MULTIPLIER, 1, 16,
                                                                  "RULES §1.6 r42"))
    # 补杠 only right after drawing the 4th tile (RULES §1.3 r16, A15).
    bugang_only_on_draw: bool = field(default=False, metadata=_flag(L.R_BUGANG_ONLY_ON_DRAW,
                                                                    "RULES §1.3 r16, A15"))
    # 空听: a wait whose 4 copies are all the player's own still counts (RULES §1.4 r27, A16).
    allow_empty_ting: bool = field(default=False, metadata=_flag(L.R_ALLOW_EMPTY_TING, "RULES §1.4 r27, A16"))
    # 荒 stacks (2 tiles each) at the tail (RULES §1.2 r8).
    huang_stacks: int = field(default=7, metadata=_number(L.R_HUANG_STACKS, 0, 20, "RULES §1.2 r8"))
    # 荒 stacks added per kong (RULES §1.2 r9).
    stacks_per_kong: int = field(default=1, metadata=_number(L.R_STACKS_PER_KONG, 0, 2, "RULES §1.2 r9"))
    # 明杠/补杠: each other player pays this many units (RULES §1.8 r44).
    minggang_units: int = field(default=1, metadata=_number(L.R_MINGGANG_UNITS, 0, 8, "RULES §1.8 r44"))
    # 暗杠: each other player pays this many units (RULES §1.8 r44).
    angang_units: int = field(default=2, metadata=_number(L.R_ANGANG_UNITS, 0, 8, "RULES §1.8 r44"))
    # 拾 exists (RULES §1.5 r30); off for studies without 拾.
    allow_shi: bool = field(default=True, metadata=_flag(L.R_ALLOW_SHI, "RULES §1.5 r30"))
    # 抢 exists (RULES §1.5 r33); off for studies without 抢.
    allow_qiang: bool = field(default=True, metadata=_flag(L.R_ALLOW_QIANG, "RULES §1.5 r33"))
    # 过胡: a passed win blocks winning on that kind until the seat's next turn when restricted (RULES A36).
    guo_hu: str = field(default="unrestricted", metadata=_enum(L.R_GUO_HU, C.GUO_HU_CODES, "RULES A36"))

    def __post_init__(self):
        for f in dataclasses.fields(self):
            _check_value(f, getattr(self, f.name))
        if self.dead_wall_model == "physical" and self.stacks_per_kong == 0 and self.huang_stacks < 8:
            # up to 16 tail replacements must fit in the 荒 zone, or they would reach front-draw positions
            raise ValueError(f"rules.stacks_per_kong=0 needs rules.huang_stacks >= 8 with dead_wall_model=physical, "
                             f"got huang_stacks={self.huang_stacks}")

    def pack(self) -> np.ndarray:
        """Return the ``int32[N_RULE_FIELDS]`` rule vector the kernels read (indices: ``sim.core.rule_layout``)."""
        vector = np.zeros(L.N_RULE_FIELDS, dtype=np.int32)  # int32[N_RULE_FIELDS]: one slot per rule field
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            meta = f.metadata
            if meta["kind"] in ("enum", "variant"):
                vector[meta["slot"]] = meta["codes"][value]
            else:
                vector[meta["slot"]] = int(value)
        return vector

    def to_dict(self) -> dict:
        """Return the config as a flat ``{field: value}`` dict (``variant`` first), loadable by ``resolve_rules``."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def replace(self, **overrides) -> "RulesConfig":
        """Return a copy with ``overrides`` applied (validated like ``resolve_rules``)."""
        return resolve_rules(self, **overrides)


FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(RulesConfig))
_FIELDS = {f.name: f for f in dataclasses.fields(RulesConfig)}


def _check_value(f: dataclasses.Field, value) -> None:
    """Raise a one-line ValueError when ``value`` is not valid for field ``f``."""
    meta = f.metadata
    kind = meta["kind"]
    if kind in ("enum", "variant"):
        if not isinstance(value, str) or value not in meta["options"]:
            raise ValueError(f"rules.{f.name}={value!r} is not valid; choose one of {', '.join(meta['options'])}")
    elif kind == "bool":
        if not isinstance(value, (bool, np.bool_)):
            raise ValueError(f"rules.{f.name}={value!r} must be a bool (true or false)")
    else:
        low, high = meta["range"]
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"rules.{f.name}={value!r} must be an integer in {low}..{high}")
        if not low <= value <= high:
            raise ValueError(f"rules.{f.name}={value!r} is out of range {low}..{high}")


def _check_key(key) -> None:
    """Raise a one-line ValueError for a key that is not a rule field, suggesting the closest match."""
    if key in _FIELDS:
        return
    close = difflib.get_close_matches(str(key), FIELD_NAMES, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"valid keys: {', '.join(FIELD_NAMES)}"
    raise ValueError(f"unknown rule key {key!r}; {hint}")


def _normalise(key: str, value):
    """Return ``value`` as the plain Python type of field ``key`` (numpy scalars -> int/bool)."""
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    return value


def defaults(variant: str = "jincheng") -> RulesConfig:
    """Return the default config of ``variant`` (only ``"jincheng"`` exists now)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown rules variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    return RulesConfig(variant=variant)


def resolve_rules(rules=None, **overrides) -> RulesConfig:
    """Return the ``RulesConfig`` for a variant name, a config, or a mapping, with ``overrides`` applied.

    ``rules`` may be ``None`` (jincheng defaults), a variant name, a ``RulesConfig``,
    or a mapping of field overrides that may name its ``"variant"``. Keyword
    ``overrides`` win over the mapping. Raises ``ValueError`` for an unknown variant,
    an unknown key, or a bad value.
    """
    if rules is None:
        base, changes = defaults(), {}
    elif isinstance(rules, str):
        base, changes = defaults(rules), {}
    elif isinstance(rules, RulesConfig):
        base, changes = rules, {}
    elif isinstance(rules, Mapping):
        changes = {str(k): v for k, v in rules.items()}
        base = defaults(changes.pop("variant", "jincheng"))
    else:
        raise ValueError(f"rules={rules!r} must be a variant name ({', '.join(VARIANTS)}), "
                         "a RulesConfig or a mapping of overrides")
    changes.update(overrides)
    if not changes:
        return base
    variant = changes.pop("variant", base.variant)
    if variant != base.variant:
        base = defaults(variant)
    for key in changes:
        _check_key(key)
    return dataclasses.replace(base, **{k: _normalise(k, v) for k, v in changes.items()})


def load_yaml(path) -> RulesConfig:
    """Return the ``RulesConfig`` described by a flat YAML mapping of rule fields (e.g. conf/rules/jincheng.yaml)."""
    import yaml

    text = Path(path).read_text(encoding="utf-8")
    data = yaml.safe_load(text) or {}
    if not isinstance(data, Mapping):
        raise ValueError(f"rules file {path} must hold a mapping of rule fields, got {type(data).__name__}")
    return resolve_rules(data)
