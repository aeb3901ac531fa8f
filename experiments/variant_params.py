"""Study parameters that belong to one rule variant: which variant a run plays, and the one-line refusal of a
parameter that means nothing there (``experiment.huangzhuang.stacks`` with ``rules=jinzhong``)."""
from __future__ import annotations

from experiments.config import ConfigError
from sim.rules import VARIANTS
from sim.variant_facts import facts

#: The variant of a run whose rules group names none.
DEFAULT_VARIANT = "jincheng"


def run_variant(rules: dict) -> str:
    """Return the variant name of a run's rules mapping (``jincheng`` when it names none)."""
    return str(rules.get("variant", DEFAULT_VARIANT))


#: Studies of one variant's own rules: {study: (the variants it plays, the one-line reason elsewhere, in Chinese)}.
VARIANT_STUDIES = {
    "caishen": (("jinhua",), "财神、爆头和承包只有金华有（RULES §3.2、§3.4 r15、§3.5 r20）：本研究只在 rules=jinhua 下运行，"
                             "这里跳过。"),
    "xuezhan": (("sichuan",), "胡后继续打、查花猪/查大叫/退税和呼叫转移只有四川血战到底有（docs/rules/sichuan.md r55–r77）："
                              "本研究只在 rules=sichuan 下运行，这里跳过。"),
}


#: Studies that mean nothing under one rule value: [(rule key, value, study, the one-line reason)].
SKIPPED_BY_RULE = [
    ("jz_tiles", 108, "thirteen_orphans", "jz_tiles=108 的牌墙没有字牌，十三幺不可能（RULES §2.1 r1）：本研究跳过。"),
]


def skip_reason(study: str, rules: dict) -> str | None:
    """Return the one-line reason ``study`` is skipped under the run's rules, None when it runs: a study of other
    variants' rules, one that means nothing under a rule value, or one the variant's own facts skip
    (``SKIPPED_STUDIES`` of ``sim/variants/<name>/study_facts.py``)."""
    variant = run_variant(rules)
    if study in VARIANT_STUDIES and variant not in VARIANT_STUDIES[study][0]:
        return VARIANT_STUDIES[study][1]
    for key, value, skipped, reason in SKIPPED_BY_RULE:
        if skipped == study and rules.get(key) == value:
            return reason
    return facts(variant).SKIPPED_STUDIES.get(study) if variant in VARIANTS else None


def refuse_foreign_studies(studies, variant: str, rules: dict | None = None) -> None:
    """Raise ConfigError (one line; the command exits 2) when every study of a run means nothing under its rules
    (``skip_reason``: a study of other variants' rules, one a rule value or the variant's own facts skip):
    ``experiment=caishen`` under ``rules=jincheng`` and ``experiment=thirteen_orphans`` under ``rules=jinhua``
    would run nothing and write an empty report. In a run with other studies (the overview) such a study is
    skipped with its reason instead, in the report and on stderr."""
    studies = list(dict.fromkeys(studies))
    rules = {"variant": variant, **(rules or {})}
    reasons = {s: skip_reason(s, rules) for s in studies}
    if not studies or not all(reasons.values()):
        return
    study = studies[0]
    if study in VARIANT_STUDIES and variant not in VARIANT_STUDIES[study][0]:
        plays = ", ".join(f"rules={v}" for v in VARIANT_STUDIES[study][0])
        raise ConfigError(f"experiment={study} means nothing with rules={variant}: the {study} study plays only "
                          f"under {plays}")
    raise ConfigError(f"experiment={study} means nothing with rules={variant}: {reasons[study]}")


def refuse_foreign(study: str, params, keys: dict[str, str], variant: str) -> None:
    """Raise ConfigError (one line) when a parameter of ``keys`` (name -> the variant it belongs to) is set on
    ``params`` while the run plays another ``variant``."""
    for key, owner in keys.items():
        value = getattr(params, key)
        if value is not None and owner != variant:
            valid = ", ".join(k for k, o in keys.items() if o == variant) or "none"
            raise ConfigError(f"experiment.{study}.{key}={value!r} means nothing with rules={variant} "
                              f"(it is a {owner} parameter); {variant}'s keys here: {valid}")
