"""The whole-hand checks catch a broken engine (docs/rules/sichuan.md r81, r75, r47, r42, r54, r57): a scenario of
test_sc_hands_wall_end, test_sc_hands_fan or test_sc_engine played on the same stacked wall by an engine that
goes wrong in one place, and that scenario's own check asserted to fail — while everything the break does not
touch still comes out as the scenario expects, so the failure is the one the check exists for.

The compiled kernels cannot be swapped without recompiling, so the engine is broken where it reads its input: one
slot of the packed rule vector (``Game._rule_vec``, which every kernel call reads) set to a value the table's
rules do not have — the engine then really plays the wrong rule — or, for the turn order, which no rule slot
steers, the play-on state moved to what a wrong turn hand-over would leave (the draw given to the wrong seat).
Money in 底.
"""
import pytest

from sc_walls import r81_table, ron_table
from sim.core import invariants as inv
from sim.core.state import ST_CURRENT, ST_LAST_DRAWN, ST_TURNS
from sim.variants.sichuan import codes as S
from sim.variants.sichuan import rule_slots
from test_sc_engine import DEALER, WAIT_5P, WAIT_5P_S, _checked, check_zimo_then_seat_2_draws
from test_sc_hands_fan import check_jingou, check_won, jingou_table
from test_sc_hands_wall_end import check_r81


def broken(t, **slots):
    """Set the rule-vector slots ``slots`` (``{slot name in sichuan.rule_slots: value}``) of ``t``'s game, each to
    a value the table's rules do not have (its rules object unchanged); return ``t``."""
    for name, value in slots.items():
        slot = getattr(rule_slots, name)
        assert t.game._rule_vec[slot] != value, name
        t.game._rule_vec[slot] = value
    return t


def test_r81_a_wrong_chadajiao_amount_fails_the_worked_example():
    # docs/rules/sichuan.md r81, r75, r76: after seat 2's 自摸 the engine values a ready hand at a cap of 1 番, not 3
    # (the 花猪 amount held at its cap-3 value, 8, by its own slot): seat 0's 清一色 (F 2) is worth TMV 2, not 4, so
    # 查大叫 moves 2
    t = r81_table()
    t.run_until_drawn(2, "5s").step(2, "zimo")
    broken(t, R_SC_FAN_CAP=1, R_SC_HUAZHU_AMOUNT=8).finish()
    with pytest.raises(AssertionError):
        check_r81(t)
    assert t.column("dajiao") == [2, -2, 0, 0] and t.column("delta") == [8, 4, 6, -18]
    # the rest as in r81: the break is in the 查大叫 amount alone
    assert t.column("win") == [-2, -2, 6, -2] and t.column("huazhu") == [8, 8, 0, -16]
    assert t.column("tuishui") == [2, -6, 2, 2] and t.column("kong") == [-2, 6, -2, -2]
    assert t.column("end_class") == [2, 3, -1, 1]


def test_r47_r54_a_wrong_fan_count_fails_the_named_hand_at_the_same_value():
    # docs/rules/sichuan.md r47, r54: 龙七对 1111m 22m 33m 44s 55s 66s is F 3 (七对 2 + 根 1), V 8; an engine reading
    # the Tencent table (sc_longqidui extra, the rules say gen) scores F 4 — the same V 8 at cap 3, so only the
    # 番 check sees it
    t = broken(ron_table("1111m22m33m44s55s6s", "6s"), R_SC_LONGQIDUI=S.SC_LONGQIDUI_CODES["extra"])
    t.play([(1, "hu")])
    with pytest.raises(AssertionError):
        check_won(t, 3, 8)
    assert (t.column("fan")[1], t.column("value")[1]) == (4, 8) and t.column("win") == [-8, 8, 0, 0]


def test_r42_r54_a_wrong_cap_fails_the_jingoudiao_hand():
    # docs/rules/sichuan.md r42, r54, r41: the 金钩钓 (F 3) valued by an engine capping at 2 番: V 4, not 8
    t = broken(jingou_table(), R_SC_FAN_CAP=2, R_SC_HUAZHU_AMOUNT=8).play([(1, "hu")])
    with pytest.raises(AssertionError):
        check_jingou(t)
    assert (t.column("fan")[1], t.column("value")[1]) == (3, 4) and t.column("win") == [0, 4, -4, 0]


def test_r57_the_draw_after_a_zimo_given_to_the_wrong_seat_fails_the_flow_check_and_no_invariant():
    # docs/rules/sichuan.md r57: after seat 1's 自摸 seat 2 draws; here the draw goes to seat 3 instead (seat 2's
    # drawn tile moved to seat 3, the turn with it). Tiles, hand sizes and money stay consistent, so check mode
    # finds nothing; the scenario's check does
    t = table_after_zimo()
    game = t.game
    kind = int(game._st[ST_LAST_DRAWN])
    game._hands[2, kind] -= 1
    game._hands[3, kind] += 1
    game._st[ST_TURNS + 2] -= 1
    game._st[ST_TURNS + 3] += 1
    game._st[ST_CURRENT] = 3
    assert _checked(game) == inv.ERR_NONE
    with pytest.raises(AssertionError):
        check_zimo_then_seat_2_draws(t)
    assert t.to_act == 3 and t.column("win") == [-2, 6, -2, -2]
    t.finish()  # check mode on: the hand plays to its end without an invariant firing
    assert sum(t.column("delta")) == 0


def table_after_zimo():
    """Return the r19 / r57 hand of test_sc_engine just after seat 1's 自摸, checked as unbroken first."""
    from sc_scenarios import table

    t = table({0: DEALER, 1: WAIT_5P, 2: WAIT_5P_S}, draws="1s9s8s3s2s5p")
    t.play([(0, "discard 1s")]).run_until_drawn(1, "5p")
    t.step(1, "zimo")
    check_zimo_then_seat_2_draws(t)
    return t
