"""Study parameters that belong to one rule variant: which variant a run plays, and the one-line refusal of a
parameter that means nothing there (``experiment.huangzhuang.stacks`` with ``rules=jinzhong``)."""
from __future__ import annotations

from experiments.config import ConfigError

#: The variant of a run whose rules group names none.
DEFAULT_VARIANT = "jincheng"


def run_variant(rules: dict) -> str:
    """Return the variant name of a run's rules mapping (``jincheng`` when it names none)."""
    return str(rules.get("variant", DEFAULT_VARIANT))


def refuse_foreign(study: str, params, keys: dict[str, str], variant: str) -> None:
    """Raise ConfigError (one line) when a parameter of ``keys`` (name -> the variant it belongs to) is set on
    ``params`` while the run plays another ``variant``."""
    for key, owner in keys.items():
        value = getattr(params, key)
        if value is not None and owner != variant:
            valid = ", ".join(k for k, o in keys.items() if o == variant) or "none"
            raise ConfigError(f"experiment.{study}.{key}={value!r} means nothing with rules={variant} "
                              f"(it is a {owner} parameter); {variant}'s keys here: {valid}")
