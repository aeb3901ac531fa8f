"""The names the core calls but does not define: slots, bound per run at compile time — plain Python.

The core never imports a variant or a strategy. Where a kernel of the core needs the variant's rules or a seat's
policy it calls through one of the slots below (``hooks.can_win(...)``, ``policy0.choose_action(...)``), and
``sim.binding`` compiles a copy of every kernel that reaches a slot with the slot replaced by the run's value: the
variant's hooks module (``sim/variants/<name>/hooks.py``), the seats' policy modules (``strategies/seats/``), the
variant code. A slot is not itself a run-time switch: an unbound kernel cannot compile (numba does not type a ``Slot``),
and a bound copy sees only the modules it was bound to, so a 晋城 run compiles no kernel of another variant and
no strategy its seats do not play (``sim.engine``). The one run-time switch over variants is a module bound to
``hooks`` like any variant's, ``sim.core.variant_switch``, which branches on ``rule_vec[R_VARIANT]`` to the hooks
bound to ``hooks0`` .. ``hooks3``: the engine of a run that plays several variants (``sim.engine.run_plays``).
"""
from __future__ import annotations


class Slot:
    """A module-level name a kernel calls, given its value when the kernel is bound (``sim.binding.bound``).

    ``name`` is the key of the binding's values (``hooks``, ``VARIANT``, ``policy0`` .. ``policy5``).
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
#: the variants' hooks modules and codes the switch of a several-variant engine (sim.core.variant_switch) branches
#: over, in code order; a slot the run leaves free holds sim.core.hook_defaults and VARIANT_NONE
hooks0 = Slot("hooks0", "the switch's first variant's hooks module")
hooks1 = Slot("hooks1", "the switch's second variant's hooks module")
hooks2 = Slot("hooks2", "the switch's third variant's hooks module")
hooks3 = Slot("hooks3", "the switch's fourth variant's hooks module")
VARIANT0 = Slot("VARIANT0", "the switch's first variant code")
VARIANT1 = Slot("VARIANT1", "the switch's second variant code")
VARIANT2 = Slot("VARIANT2", "the switch's third variant code")
VARIANT3 = Slot("VARIANT3", "the switch's fourth variant code")
#: the policy modules of the seats' strategies (strategies/seats/), one per distinct policy of the table; the slots a
#: table leaves free hold sim.core.no_policy
policy0 = Slot("policy0", "the table's first seat policy")
policy1 = Slot("policy1", "the table's second seat policy")
policy2 = Slot("policy2", "the table's third seat policy")
policy3 = Slot("policy3", "the table's fourth seat policy")
policy4 = Slot("policy4", "a fifth policy (an engine shared by every table of a variant)")
policy5 = Slot("policy5", "a sixth policy (an engine shared by every table of a variant)")

#: how many policy slots the seat switch has (sim.core.seat_dispatch)
N_POLICY_SLOTS = 6
#: how many variants the switch of a several-variant engine holds (sim.core.variant_switch)
N_SWITCH_SLOTS = 4
#: every slot, by name
SLOTS = {s.name: s for s in (hooks, VARIANT, policy0, policy1, policy2, policy3, policy4, policy5,
                             hooks0, hooks1, hooks2, hooks3, VARIANT0, VARIANT1, VARIANT2, VARIANT3)}
