"""推倒胡 wins (docs/rules/plain.md r11–r16): which hands are complete, who may 胡 a pending tile, the shape and
features of a win — compiled kernels on the core hand tables (sim.core.hand.kernel).

* A hand wins when its concealed tiles (the winning tile included) and its melds make four sets and a pair
  (r11, each meld one set), or, with the flag ``qidui``, seven pairs with no meld, a concealed quad counting as two
  pairs (r13). 十三幺 is not a winning hand (r11). There is no minimum: every complete hand wins.
* No ting (r10): any seat but the discarder may 胡 a discard it completes (r12); a 补杠 tile may be robbed (抢杠胡,
  r14), a 暗杠 never. A passed win restricts nothing (r15).
* The shape is 七对 when the hand is complete as seven pairs, else regular (r16).

``counts`` is a seat's concealed row int8[34], ``tables`` the ``ComponentTables`` of
``sim.hand_tables.get_tables()``, ``hands`` int8[4, 34], ``st`` int64[N_ST] (sim.core.state), ``rule_vec`` the packed ``PlainRules`` vector.
"""
from numba import njit

from sim.core.codes import (
    FEATURE_HAOHUA_QIDUI, FEATURE_QIANGGANG, FEATURE_QIDUI, SHAPE_NONE, SHAPE_QIDUI, SHAPE_REGULAR, WIN_QIANGGANG,
)
from sim.core.hand.kernel import FORM_QIDUI, FORM_REGULAR, complete_forms_k
from sim.core.rule_layout import R_QIDUI_ALLOW_QUAD
from sim.core.state import PEND_ANGANG, ST_N_MELDS, ST_PENDING_KIND
from sim.variants.plain.rule_slots import R_PLAIN_QIDUI


@njit(cache=True, _nrt=False)
def winning_forms_k(qidui):
    """Return the FORM_* bits that win: regular (r11), and 七对 when ``qidui`` (r13); never 十三幺."""
    return FORM_REGULAR | FORM_QIDUI if qidui else FORM_REGULAR


@njit(cache=True, _nrt=False)
def complete_winning_forms_k(counts, n_melds, qidui, allow_quad, tables):
    """Return the winning FORM_* bits in which the 3n+2 concealed ``counts`` with ``n_melds`` melds are complete
    (0 = no win): regular with the melds as sets, 七对 only without melds and with ``qidui``."""
    return complete_forms_k(counts, n_melds, allow_quad, tables) & winning_forms_k(qidui)


@njit(cache=True, _nrt=False)
def seat_forms_complete(rule_vec, tables, hands, st, seat):
    """Return the winning FORM_* bits of ``seat``'s concealed hand (winning tile included) and melds."""
    return complete_winning_forms_k(hands[seat], st[ST_N_MELDS + seat], rule_vec[R_PLAIN_QIDUI] != 0,
                                  rule_vec[R_QIDUI_ALLOW_QUAD] != 0, tables)


@njit(cache=True, _nrt=False)
def hand_complete(rule_vec, tables, hands, st, seat):
    """Return True when ``seat``'s hand (winning tile included) is a winning hand (r11, r13): a 自摸, 天胡 included
    (r12), needs nothing more."""
    return seat_forms_complete(rule_vec, tables, hands, st, seat) != 0


@njit(cache=True, _nrt=False)
def can_win_on(rule_vec, tables, hands, st, seat, tile):
    """Return True when ``seat`` may 胡 the pending ``tile``: a discard (r12) or a 补杠 tile (抢杠胡, r14) that
    completes its hand; never a 暗杠 (r14). The hand is restored."""
    if st[ST_PENDING_KIND] == PEND_ANGANG:
        return False
    hands[seat, tile] += 1
    ok = hand_complete(rule_vec, tables, hands, st, seat)
    hands[seat, tile] -= 1
    return ok


@njit(cache=True, _nrt=False)
def shape_of_forms_k(forms):
    """Return the SHAPE_* code of a win complete in ``forms``: 七对 before regular (r16), SHAPE_NONE for 0."""
    if forms & FORM_QIDUI:
        return SHAPE_QIDUI
    if forms & FORM_REGULAR:
        return SHAPE_REGULAR
    return SHAPE_NONE


@njit(cache=True, _nrt=False)
def win_shape(rule_vec, tables, hands, st, seat):
    """Return the SHAPE_* code of ``seat``'s complete hand (r16)."""
    return shape_of_forms_k(seat_forms_complete(rule_vec, tables, hands, st, seat))


@njit(cache=True, _nrt=False)
def win_features_k(counts, shape, win_kind):
    """Return the FEATURE_* bits of a win (r16): 七对 (豪华七对 when a concealed quad is two of its pairs) and
    抢杠胡; no other feature is scored or recorded."""
    features = 0
    if shape == SHAPE_QIDUI:
        quad = False
        for k in range(34):
            if counts[k] == 4:
                quad = True
        features |= FEATURE_HAOHUA_QIDUI if quad else FEATURE_QIDUI
    if win_kind == WIN_QIANGGANG:
        features |= FEATURE_QIANGGANG
    return features
