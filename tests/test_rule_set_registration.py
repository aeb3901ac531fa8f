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
    (tmp_path / "toyrules" / "__init__.py").write_text('CODE = 1.5\nCONFIG_CLASS = "toy.config:ToyRules"\n')
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "__init__.py").write_text("")
    monkeypatch.setattr(sim.variants, "__path__", [*sim.variants.__path__, str(tmp_path)])
    try:
        found = sim.rules._registered_rule_sets()
    finally:
        for name in ("sim.variants.toyrules", "sim.variants.helpers"):
            sys.modules.pop(name, None)
    assert list(found) == ["jincheng", "jinzhong", "toyrules", "jinhua", "plain", "sichuan"]
    assert found["toyrules"] == "toy.config:ToyRules"
