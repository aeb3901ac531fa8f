"""四川麻将 血战到底 (Sichuan, "blood battle to the end"): the fifth rule set, ``rules=sichuan``
(docs/rules/sichuan.md): 108 suit tiles, 定缺, no 吃, 一炮多响, and a hand that plays on after a win until three
seats have won or the wall is empty — its rule kernels, wired to the engine's hook names in ``hooks``.

Modules (constants and plain Python first, then kernels; one job each):

* ``rule_slots`` — the rule-vector slots of the 32-slot block its code gives it (constants only);
* ``hand_state`` — its fields in the state's rule-set region: the kong log, the 过胡 lock, the first win (constants);
* ``codes`` — the codes of the enumerated flags, the 番 feature bits, the money rows, the wall-end classes;
* ``config`` — ``SichuanRules``, every flag of the flag table with its default (plain Python);
* ``win`` — 定缺 void checks and whether a hand wins (r12–r18, r37–r38);
* ``fan`` — 番 and the hand value V (r40–r54, r60);
* ``dingque`` — choosing and checking the void suit, the strict discard rule, melds of the void suit (r10–r17);
* ``ting`` — the wall-end classification 花猪 / 听牌 with its TMV / 未听 (r71–r72, r76);
* ``kongs`` — kong money 刮风下雨 and its log (r63–r67);
* ``payments`` — win payments and 呼叫转移 (r59–r62, r68–r69);
* ``wall_end`` — 查花猪, 查大叫, 退税 (r70–r81);
* ``flow`` — the next turn after a win, the end at three winners, the next dealer (r57–r58, r82–r84);
* ``play`` — the kernels the hooks call during a hand: a win's context and settlement, kongs, the hand's end;
* ``hooks`` — every hook of the engine's protocol; ``study_facts`` — what the studies need to know.
"""
#: The kernel code of the rule set (rule-vector slot R_VARIANT), next after 推倒胡's 3.
VARIANT_SICHUAN = 4

#: This rule set's registration, read by sim.rules (nothing central lists the rule sets): its kernel code
#: (the rule sets are ordered by it) and its config class, "module:Class".
CODE = VARIANT_SICHUAN
CONFIG_CLASS = "sim.variants.sichuan.config:SichuanRules"
