"""四川麻将 血战到底 (Sichuan, "blood battle to the end"): the groundwork of the fifth rule set (docs/rules/sichuan.md)
— the rules that need no hand loop, as compiled kernels.

Not registered yet: the folder declares no ``CODE`` or ``CONFIG_CLASS`` (``sim.rules`` would then list the rule set
and every test would try to play it), because the core cannot yet play a hand on after a win (several winners of
one discard, winners leaving the hand). Its future kernel code is ``layout.SICHUAN_CODE``.

Modules (constants and plain Python first, then kernels; one job each):

* ``layout`` — the kernel code and the rule-vector slots of the 32-slot block (constants only);
* ``codes`` — the codes of the enumerated flags, the 番 feature bits, the money rows, the wall-end classes;
* ``config`` — ``SichuanRules``, every flag of the flag table with its default (plain Python);
* ``win`` — 定缺 void checks and whether a hand wins (r12–r18, r37–r38);
* ``fan`` — 番 and the hand value V (r40–r54, r60);
* ``dingque`` — choosing and checking the void suit, the strict discard rule, melds of the void suit (r10–r17);
* ``ting`` — the wall-end classification 花猪 / 听牌 with its TMV / 未听 (r71–r72, r76);
* ``kongs`` — kong money 刮风下雨 and its log (r63–r67);
* ``payments`` — win payments and 呼叫转移 (r59–r62, r68–r69);
* ``wall_end`` — 查花猪, 查大叫, 退税 (r70–r81);
* ``flow`` — the next turn after a win, the end at three winners, the next dealer (r57–r58, r82–r84).
"""
