"""A rule set registers itself in its own folder (``sim/variants/<name>/__init__.py``: ``CODE`` and
``CONFIG_CLASS``); sim.rules lists none of them (docs/architecture.md "Adding a variant")."""
import importlib
import sys

import sim.rules
import sim.variants


def test_every_played_rule_set_is_a_folder_that_registers_itself():
    for variant in sim.rules.VARIANTS:
        package = importlib.import_module(f"sim.variants.{variant}")
        assert sim.rules.CONFIG_CLASSES[variant] == package.CONFIG_CLASS
        assert importlib.import_module(f"sim.variants.{variant}.hooks").VARIANT == package.CODE
    codes = [importlib.import_module(f"sim.variants.{v}").CODE for v in sim.rules.VARIANTS]
    assert codes == sorted(codes)  # the rule sets in the order of their kernel codes


def test_a_new_folder_is_found_in_its_codes_place_and_a_folder_without_registration_is_not(tmp_path, monkeypatch):
    """The check can fail: a registered folder outside the list joins it where its code says, one without
    ``CONFIG_CLASS`` does not."""
    (tmp_path / "toyrules").mkdir()
    codes = {v: importlib.import_module(f"sim.variants.{v}").CODE for v in sim.rules.VARIANTS}
    toy_code = (codes[sim.rules.VARIANTS[0]] + codes[sim.rules.VARIANTS[1]]) / 2  # between the first two
    (tmp_path / "toyrules" / "__init__.py").write_text(f'CODE = {toy_code}\nCONFIG_CLASS = "toy.config:ToyRules"\n')
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "__init__.py").write_text("")
    monkeypatch.setattr(sim.variants, "__path__", [*sim.variants.__path__, str(tmp_path)])
    try:
        found = sim.rules._registered_rule_sets()
    finally:
        for name in ("sim.variants.toyrules", "sim.variants.helpers"):
            sys.modules.pop(name, None)
    assert list(found) == [sim.rules.VARIANTS[0], "toyrules", *sim.rules.VARIANTS[1:]]
    assert found["toyrules"] == "toy.config:ToyRules"


def missing_hooks(modules) -> dict[str, list[str]]:
    """Return {module name: the hooks of the protocol (sim.switch_source.protocol) it does not define}, for those
    that miss any."""
    from numba.core.dispatcher import Dispatcher

    from sim.switch_source import protocol

    hooks = protocol()
    out = {}
    for module in modules:
        missing = [h for h in hooks if not isinstance(getattr(module, h, None), Dispatcher)]
        if missing:
            out[module.__name__] = missing
    return out


def test_every_rule_set_defines_every_hook_of_the_protocol():
    """A hook a rule set does not define would stop its engine's compile at the first kernel that calls it (the
    switch engine calls every rule set's): each re-exports sim/core/hook_defaults.py where it has nothing of its own."""
    modules = [importlib.import_module(f"sim.variants.{v}.hooks") for v in sim.rules.VARIANTS]
    assert missing_hooks(modules) == {}


def test_the_hook_check_fires_on_a_rule_set_without_a_hook():
    import types

    hooks = importlib.import_module(f"sim.variants.{sim.rules.VARIANTS[-1]}.hooks")
    broken = types.ModuleType("broken_hooks")
    broken.__dict__.update({k: v for k, v in vars(hooks).items() if k not in ("has_wilds", "__name__")})
    assert missing_hooks([broken]) == {"broken_hooks": ["has_wilds"]}
