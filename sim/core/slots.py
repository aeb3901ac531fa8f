"""The names the core calls but does not define: slots, bound per run at compile time — plain Python.

The core never imports a variant or a strategy. Where a kernel of the core needs the variant's rules or a seat's
policy it calls through one of the slots below (``hooks.can_win(...)``, ``policy0.choose_action(...)``), and
``sim.binding`` compiles a copy of every kernel that reaches a slot with the slot replaced by the run's value: the
variant's hooks module (``sim/variants/<name>/hooks.py``), the seats' policy modules (``strategies/seats/``), the
variant code. A slot is not itself a run-time switch: an unbound kernel cannot compile (numba does not type a ``Slot``),
and a bound copy sees only the modules it was bound to, so a 晋城 run compiles no kernel of another variant and
no strategy its seats do not play (``sim.engine``). The one run-time switch over variants is a module bound to
``hooks`` like any variant's, ``sim.core.variant_switch``, which branches on ``rule_vec[R_VARIANT]`` to the hooks
bound to ``hooks0``, ``hooks1``, ... (one per registered rule set): the engine of a run that plays several variants
(``sim.table_engines.run_plays``).
"""
from __future__ import annotations


class Slot:
    """A module-level name a kernel calls, given its value when the kernel is bound (``sim.binding.bound``).

    ``name`` is the key of the binding's values (``hooks``, ``VARIANT``, ``policy0`` .. ``policy6``).
    """

    __slots__ = ("name", "doc")

    def __init__(self, name: str, doc: str):
        self.name = name
        self.doc = doc

    def __repr__(self) -> str:
        return f"<slot {self.name}: {self.doc}>"

    def __getattr__(self, attr: str):
        if attr.startswith("__"):
            raise AttributeError(attr)
        raise AttributeError(f"slot '{self.name}' is unbound: call the kernel through sim.engine.engine(variant, "
                             f"strategies), which binds it ({self.doc})")


#: the variant's hooks module (sim/variants/<name>/hooks.py): every hook of the protocol, see docs/architecture.md "Adding a variant"
hooks = Slot("hooks", "the variant's hooks module")
#: the variant's code (sim.core.codes VARIANT_*), an int constant of the copy: a test of it is pruned at compile time;
#: VARIANT_ANY in an engine that switches over several variants at run time (then ``hooks`` is sim.core.variant_switch)
VARIANT = Slot("VARIANT", "the variant code")
#: the policy modules of the seats' strategies (strategies/seats/), one per distinct policy of the table; the slots a
#: table leaves free hold sim.core.no_policy
policy0 = Slot("policy0", "the table's first seat policy")
policy1 = Slot("policy1", "the table's second seat policy")
policy2 = Slot("policy2", "the table's third seat policy")
policy3 = Slot("policy3", "the table's fourth seat policy")
policy4 = Slot("policy4", "a fifth policy (an engine shared by every table of a variant)")
policy5 = Slot("policy5", "a sixth policy (an engine shared by every table of a variant)")
policy6 = Slot("policy6", "a seventh policy (an engine shared by every table of a variant)")

#: how many policy slots the seat switch has (sim.core.seat_dispatch)
N_POLICY_SLOTS = 7
#: every slot, by name (the switch's slots join it as they are first named, ``switch_slot``)
SLOTS = {s.name: s for s in (hooks, VARIANT, policy0, policy1, policy2, policy3, policy4, policy5, policy6)}

#: the prefixes of the switch's slots: ``hooks<k>`` holds the k-th variant's hooks module and ``VARIANT<k>`` its
#: code, in code order (sim.core.variant_switch); a switch slot a run leaves free holds sim.core.hook_defaults and
#: VARIANT_NONE. There is one pair per registered rule set: the written switch (sim.switch_source) names them.
SWITCH_SLOT_PREFIXES = ("hooks", "VARIANT")


def switch_slot(name: str) -> Slot:
    """Return the switch slot ``name`` (``hooks<k>`` or ``VARIANT<k>``, k >= 0), made on first use; raises
    AttributeError for any other name."""
    for prefix in SWITCH_SLOT_PREFIXES:
        index = name[len(prefix):]
        if name.startswith(prefix) and index.isdigit() and str(int(index)) == index:
            if name not in SLOTS:
                what = "hooks module" if prefix == "hooks" else "code"
                SLOTS[name] = Slot(name, f"the switch's variant {index}'s {what}")
            return SLOTS[name]
    raise AttributeError(f"module 'sim.core.slots' has no attribute '{name}'")


def __getattr__(name: str) -> Slot:
    """``from sim.core.slots import hooks4``: the switch's slots exist for as many rule sets as are registered."""
    if name.startswith("__"):
        raise AttributeError(name)
    return switch_slot(name)
