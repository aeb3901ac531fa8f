"""金华 win settlement (RULES §3.4 r14–r15, §3.5 r16–r20): classify the winning hand, then pay it — compiled."""
from numba import njit

from sim.core.codes import WIN_QIANGGANG, WIN_ZIMO
from sim.variants.jinhua._settle import settle_win_k
from sim.variants.jinhua._win_shape import classify_win_k


@njit(cache=True, _nrt=False)
def settle_jinhua_win_k(hand, meld_kinds, n_melds, wild, allow_quad, tables, mult_table, winner, feeder, win_kind,
                        tile, last_tile_of_wall, dealer, tan, dealer_double, chengbao_scope, win_money, chengbao):
    """Classify ``winner``'s complete ``hand`` (as held, the winning ``tile`` included) and add the win's money
    to ``win_money`` and what 承包 changed to ``chengbao`` (int32[4], 底注); return (features, multiplier).

    ``last_tile_of_wall`` is True when the winning draw took the last live tile (海底, only for 自摸);
    ``meld_kinds`` int8[>= n_melds] the lowest kind of each of the winner's melds; ``tan`` int8[4, 4].
    """
    self_drawn = win_kind == WIN_ZIMO
    features, multiplier = classify_win_k(hand, meld_kinds, n_melds, wild, self_drawn, tile,
                                          self_drawn and last_tile_of_wall, win_kind == WIN_QIANGGANG,
                                          allow_quad, mult_table, tables)
    settle_win_k(winner, feeder, win_kind, multiplier, dealer, tan, dealer_double, chengbao_scope, win_money,
                 chengbao)
    return features, multiplier
