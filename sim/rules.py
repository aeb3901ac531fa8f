"""The rule config of each variant (RULES §4 flags and plain numbers) and its packing.

Each variant has a frozen, validated dataclass of its flags, built on ``VariantRules``
(field metadata from ``_enum``/``_flag``/``_number``/``_choice``/``_table``, validation,
``pack()``, ``to_dict()``, ``replace()``): ``RulesConfig`` holds every 晋城 (JC) flag,
``sim.variants.jinzhong.config.JinzhongRules`` every 晋中 (JZ) flag. ``pack()`` turns a config
into the ``int32[N_RULE_FIELDS]`` vector that the compiled kernels read (indices in
``sim.core.rule_layout``); an enumerated flag is packed as its kernel code (``sim.core.codes``); the
option tuples below are derived from those codes. ``config_class`` finds a variant's class in
the registry ``CONFIG_CLASSES``; ``VARIANTS`` lists the variants the engine plays.
``resolve_rules`` turns a variant name, a config, or a mapping of overrides into a
config; bad keys and values raise a one-line ``ValueError`` naming the valid choices.
"""
from __future__ import annotations

import dataclasses
import difflib
import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import sim.variants
from sim.core import codes as C
from sim.core import rule_layout as L
from sim.variants.jincheng import rule_slots as JC

def _registered_rule_sets() -> dict[str, str]:
    """Return {variant: its config class "module:Class"} of every folder of sim/variants whose package registers a
    rule set (its ``CODE`` and ``CONFIG_CLASS``), in the order of their kernel codes."""
    found = []
    for info in pkgutil.iter_modules(sim.variants.__path__):
        package = importlib.import_module(f"sim.variants.{info.name}") if info.ispkg else None
        if package is not None and hasattr(package, "CONFIG_CLASS"):
            found.append((package.CODE, info.name, package.CONFIG_CLASS))
    return {name: config for _, name, config in sorted(found)}


#: Config class of every variant that has one: ``"module:Class"``, imported on first use (``config_class``); each
#: rule set registers its own in its folder's ``__init__.py``.
CONFIG_CLASSES = _registered_rule_sets()
#: Variants whose config exists but whose rules the engine does not play yet: refused by name.
_NOT_PLAYED_YET = frozenset()
#: Variants the engine plays (in the registry's order, which is their kernel codes' order): what the CLI accepts.
VARIANTS = tuple(v for v in CONFIG_CLASSES if v not in _NOT_PLAYED_YET)
#: Length of the packed rule vector: the common block and the blocks up to the highest registered code's
#: (``variant_block``), so that a code left free (a rule set removed) keeps the others' slots where they are.
N_RULE_FIELDS = L.variant_block(1 + max(importlib.import_module(f"sim.variants.{v}").CODE for v in CONFIG_CLASSES))
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

def _enum(slot: int, codes: dict[str, int], cite: str, options: tuple[str, ...] | None = None):
    """Field metadata of an enumerated flag packed as its kernel code (``codes``: a sim.core.codes mapping).

    ``options`` orders the names when ``codes`` map a variant's options onto shared codes that are not
    0..n-1 (e.g. ``JZ_TING_KONG_POLICY_CODES``); by default they are ordered by code."""
    options = C.names_by_code(codes) if options is None else tuple(options)
    if set(options) != set(codes):
        raise ValueError(f"options {options} must name exactly the codes {codes}")
    return {"kind": "enum", "slot": slot, "options": options, "codes": codes, "cite": cite}


def _flag(slot: int, cite: str):
    """Field metadata of a bool flag packed as 0/1."""
    return {"kind": "bool", "slot": slot, "cite": cite}


def _number(slot: int, low: int, high: int, cite: str):
    """Field metadata of an int packed as itself, valid in ``low..high``."""
    return {"kind": "int", "slot": slot, "range": (low, high), "cite": cite}


def _choice(slot: int, packed: dict, cite: str):
    """Field metadata of a flag with a few literal values (ints or names), each packed as ``packed[value]``."""
    return {"kind": "choice", "slot": slot, "options": tuple(packed), "packed": packed, "cite": cite}


def _table(slots: dict[str, int], low: int, high: int, cite: str):
    """Field metadata of a table of named ints (``{entry: slot}``), each packed into its slot, valid in ``low..high``."""
    return {"kind": "table", "slots": slots, "range": (low, high), "cite": cite}


def _variant_field(name: str, cite: str):
    """Field metadata of a config's ``variant`` field: the one name its class accepts, packed as the code its folder
    registers (``sim/variants/<name>/__init__.py`` ``CODE``)."""
    code = importlib.import_module(f"sim.variants.{name}").CODE
    return {"kind": "variant", "slot": L.R_VARIANT, "options": (name,), "codes": {name: code}, "cite": cite}


class RuleTable(Mapping):
    """A read-only, hashable ``{entry: int}`` mapping: the value of a table field (e.g. ``jz_multipliers``)."""

    def __init__(self, entries: Mapping):
        self._entries = dict(entries)

    def __getitem__(self, key):
        return self._entries[key]

    def __iter__(self):
        return iter(self._entries)

    def __len__(self):
        return len(self._entries)

    def __hash__(self):
        return hash(tuple(sorted(self._entries.items())))

    def __eq__(self, other):
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __repr__(self):
        return f"RuleTable({self._entries!r})"


class VariantRules:
    """The machinery every variant's frozen config dataclass shares (subclass it, declare ``variant`` first).

    Fields carry their metadata (``_enum``/``_flag``/``_number``/``_choice``/``_table``): kind, slot of the
    rule vector, valid values and the RULES citation. Subclasses may override ``_check_combination``
    (rules between fields) and ``_fixed_slots`` (common slots the variant fixes or derives).
    """

    def __post_init__(self):
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.metadata["kind"] == "table":
                value = _merged_table(f, f.default, value)
                object.__setattr__(self, f.name, value)
            _check_value(f, value)
        self._check_combination()

    def _check_combination(self) -> None:
        """Raise a one-line ValueError when two valid fields cannot go together (none by default)."""

    def _fixed_slots(self) -> dict[int, int]:
        """Return ``{slot: value}`` of rule-vector slots the variant fixes or derives from its fields."""
        return {}

    def hand_tables(self):
        """Return the hand-evaluation table tuple the kernels take under these rules (the plain tables; 金华
        overrides it with the uncapped wild tables)."""
        from sim.hand_tables import get_tables

        return get_tables()

    def pack(self) -> np.ndarray:
        """Return the ``int32[N_RULE_FIELDS]`` rule vector the kernels read (indices: ``sim.core.rule_layout``)."""
        vector = np.zeros(N_RULE_FIELDS, dtype=np.int32)  # int32[N_RULE_FIELDS]: one slot per rule field
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            meta = f.metadata
            if meta["kind"] in ("enum", "variant"):
                vector[meta["slot"]] = meta["codes"][value]
            elif meta["kind"] == "choice":
                vector[meta["slot"]] = meta["packed"][value]
            elif meta["kind"] == "table":
                for entry, slot in meta["slots"].items():
                    vector[slot] = value[entry]
            else:
                vector[meta["slot"]] = int(value)
        for slot, value in self._fixed_slots().items():
            vector[slot] = value
        return vector

    def to_dict(self) -> dict:
        """Return the config as a flat ``{field: value}`` dict (``variant`` first; a table as a plain dict),
        loadable by ``resolve_rules``."""
        return {f.name: (dict(getattr(self, f.name)) if f.metadata["kind"] == "table" else getattr(self, f.name))
                for f in dataclasses.fields(self)}

    def replace(self, **overrides):
        """Return a copy with ``overrides`` applied (validated like ``resolve_rules``)."""
        return resolve_rules(self, **overrides)


@dataclass(frozen=True)
class RulesConfig(VariantRules):
    """Every rule a 晋城 study may change, with the default of docs/rules/jincheng.md §4 (money in 底注 units)."""

    variant: str = field(default="jincheng", metadata=_variant_field("jincheng", "RULES §1"))
    # 后包: dealer pays each 闲 this many units on 荒庄 (RULES §1.9 r51, A1).
    houbao_units: int = field(default=2, metadata=_number(JC.R_HOUBAO_UNITS, 1, 2, "RULES §1.9 r51, A1"))
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
    qiang_requires_shi: bool = field(default=False, metadata=_flag(JC.R_QIANG_REQUIRES_SHI, "RULES §1.5 r33, A10"))
    # 前包 (跟庄) exists at all (RULES §1.9 r47).
    genzhuang: bool = field(default=True, metadata=_flag(JC.R_GENZHUANG_ENABLED, "RULES §1.9 r47"))
    # 前包: dealer pays each 闲 this many units (RULES §1.9 r47).
    genzhuang_units: int = field(default=1, metadata=_number(JC.R_GENZHUANG_UNITS, 1, 8, "RULES §1.9 r47"))
    # a non-dealer 暗杠 before its first discard breaks 前包 (RULES §1.9 r48, A12).
    genzhuang_angang_breaks: bool = field(default=False, metadata=_flag(JC.R_GENZHUANG_ANGANG_BREAKS,
                                                                        "RULES §1.9 r48, A12"))
    # a follower's 上架 on its first turn breaks 前包 (RULES §1.9 r49, A12).
    genzhuang_shangjia_breaks: bool = field(default=True, metadata=_flag(JC.R_GENZHUANG_SHANGJIA_BREAKS,
                                                                         "RULES §1.9 r49, A12"))
    # 荒庄 voids the 前包 money (RULES §1.9 r50, A12).
    genzhuang_void_on_huang: bool = field(default=False, metadata=_flag(JC.R_GENZHUANG_VOID_ON_HUANG,
                                                                        "RULES §1.9 r50, A12"))
    # 点杠包三家: a non-上架 discarder feeding a direct 明杠 pays all three shares (RULES §1.8 r46, A13).
    diangang_bao: bool = field(default=False, metadata=_flag(JC.R_DIANGANG_BAO, "RULES §1.8 r46, A13"))
    # hand-shape multipliers on the win money (RULES §1.6 r42, A14).
    jc_shape_multipliers: bool = field(default=False, metadata=_flag(JC.R_JC_SHAPE_MULTIPLIERS,
                                                                     "RULES §1.6 r42, A14"))
    # 七对 win-money multiplier when shape multipliers are on (RULES §1.6 r42; §2.5 r19 value).
    qidui_multiplier: int = field(default=2, metadata=_number(JC.R_QIDUI_MULTIPLIER, 1, 16, "RULES §1.6 r42"))
    # 十三幺 win-money multiplier when shape multipliers are on (RULES §1.6 r42; §2.5 r19 value).
    shisanyao_multiplier: int = field(default=4, metadata=_number(JC.R_SHISANYAO_MULTIPLIER, 1, 16,
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
    allow_shi: bool = field(default=True, metadata=_flag(JC.R_ALLOW_SHI, "RULES §1.5 r30"))
    # 抢 exists (RULES §1.5 r33); off for studies without 抢.
    allow_qiang: bool = field(default=True, metadata=_flag(JC.R_ALLOW_QIANG, "RULES §1.5 r33"))
    # 过胡: a passed win blocks winning on that kind until the seat's next turn when restricted (RULES A36).
    guo_hu: str = field(default="unrestricted", metadata=_enum(L.R_GUO_HU, C.GUO_HU_CODES, "RULES A36"))

    def _check_combination(self) -> None:
        if self.dead_wall_model == "physical" and self.stacks_per_kong == 0 and self.huang_stacks < 8:
            # up to 16 tail replacements must fit in the 荒 zone, or they would reach front-draw positions
            raise ValueError(f"rules.stacks_per_kong=0 needs rules.huang_stacks >= 8 with dead_wall_model=physical, "
                             f"got huang_stacks={self.huang_stacks}")


#: The 晋城 config's field names (what the sensitivity study varies); ``field_names(variant)`` for any variant.
FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(RulesConfig))


def config_class(variant: str) -> type:
    """Return the config class of ``variant`` from ``CONFIG_CLASSES`` (played or not yet)."""
    if variant not in CONFIG_CLASSES:
        raise ValueError(f"unknown rules variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    module, name = CONFIG_CLASSES[variant].split(":")
    return getattr(importlib.import_module(module), name)


def field_names(variant: str = "jincheng") -> tuple[str, ...]:
    """Return the field names of ``variant``'s config class (``variant`` first)."""
    return tuple(f.name for f in dataclasses.fields(config_class(variant)))


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
    elif kind == "choice":
        same_type = [v for v in meta["options"] if type(v) is type(value)]
        if value not in same_type:
            raise ValueError(f"rules.{f.name}={value!r} is not valid; choose one of "
                             f"{', '.join(str(v) for v in meta['options'])}")
    elif kind == "table":
        low, high = meta["range"]
        for entry, number in value.items():
            if isinstance(number, (bool, np.bool_)) or not isinstance(number, (int, np.integer)):
                raise ValueError(f"rules.{f.name}.{entry}={number!r} must be an integer in {low}..{high}")
            if not low <= number <= high:
                raise ValueError(f"rules.{f.name}.{entry}={number!r} is out of range {low}..{high}")
    else:
        low, high = meta["range"]
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"rules.{f.name}={value!r} must be an integer in {low}..{high}")
        if not low <= value <= high:
            raise ValueError(f"rules.{f.name}={value!r} is out of range {low}..{high}")


def _merged_table(f: dataclasses.Field, base, value) -> RuleTable:
    """Return table field ``f``'s value: ``value``'s entries over ``base``'s; a one-line ValueError for a value
    that is not a mapping or names an entry the table does not have."""
    if not isinstance(value, Mapping):
        raise ValueError(f"rules.{f.name}={value!r} must be a mapping of {', '.join(f.metadata['slots'])}")
    entries = dict(base)
    for entry, number in value.items():
        if entry not in f.metadata["slots"]:
            raise ValueError(f"rules.{f.name} has no entry {entry!r}; valid entries: {', '.join(f.metadata['slots'])}")
        entries[entry] = _normalise(number)
    return RuleTable(entries)


def _check_key(cls: type, key) -> None:
    """Raise a one-line ValueError for a key that is not a field of ``cls``, suggesting the closest match."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    if key in names:
        return
    close = difflib.get_close_matches(str(key), names, n=1)
    hint = f"did you mean {close[0]!r}?" if close else f"valid keys: {', '.join(names)}"
    raise ValueError(f"unknown rule key {key!r}; {hint}")


def _normalise(value):
    """Return ``value`` as a plain Python type (numpy scalars -> int/bool; a mapping stays a mapping)."""
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    return value


def defaults(variant: str = "jincheng") -> VariantRules:
    """Return the default config of ``variant``, one of ``VARIANTS`` (the variants the engine plays)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown rules variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    return config_class(variant)()


def resolve_rules(rules=None, **overrides) -> VariantRules:
    """Return the variant's config for a variant name, a config, or a mapping, with ``overrides`` applied.

    ``rules`` may be ``None`` (jincheng defaults), a variant name, a config (``RulesConfig``,
    ``JinzhongRules``, ...), or a mapping of field overrides that may name its ``"variant"``
    (the variant's defaults are the base). Keyword overrides win over the mapping; a table
    field's override changes only the entries it names. Raises ``ValueError`` for an unknown
    variant, an unknown key, or a bad value.
    """
    if rules is None:
        base, changes = defaults(), {}
    elif isinstance(rules, str):
        base, changes = defaults(rules), {}
    elif isinstance(rules, VariantRules):
        base, changes = rules, {}
    elif isinstance(rules, Mapping):
        changes = {str(k): v for k, v in rules.items()}
        base = defaults(changes.pop("variant", "jincheng"))
    else:
        raise ValueError(f"rules={rules!r} must be a variant name ({', '.join(VARIANTS)}), "
                         "a rule config or a mapping of overrides")
    changes.update(overrides)
    if not changes:
        return base
    variant = changes.pop("variant", base.variant)
    if variant != base.variant:
        base = defaults(variant)
    fields = {f.name: f for f in dataclasses.fields(base)}
    for key in changes:
        _check_key(type(base), key)
    values = {}
    for key, value in changes.items():
        if fields[key].metadata["kind"] == "table":
            value = _merged_table(fields[key], getattr(base, key), value)
        values[key] = _normalise(value)
    return dataclasses.replace(base, **values)


def load_yaml(path) -> VariantRules:
    """Return the config described by a flat YAML mapping of rule fields (e.g. conf/rules/jincheng.yaml);
    its ``variant`` key picks the config class (jincheng when absent)."""
    import yaml

    text = Path(path).read_text(encoding="utf-8")
    data = yaml.safe_load(text) or {}
    if not isinstance(data, Mapping):
        raise ValueError(f"rules file {path} must hold a mapping of rule fields, got {type(data).__name__}")
    return resolve_rules(data)
