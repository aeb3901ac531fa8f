"""The wall of one hand and its draw limits (RULES §1.1 r1, §1.2 r7–r11)."""
import numpy as np

from sim.core import wall


def test_wall_holds_136_tiles_four_of_each_kind_rules_1_1_r1():
    """RULES §1.1 r1: 136 tiles, 34 kinds x 4, no flowers."""
    w = np.empty(136, dtype=np.int8)
    wall.fill_wall(7, 0, w)
    assert np.array_equal(np.bincount(w, minlength=34), np.full(34, 4))


def test_wall_depends_only_on_seed_and_hand_index():
    a, b, c = (np.empty(136, dtype=np.int8) for _ in range(3))
    wall.fill_wall(7, 123, a)
    wall.fill_wall(7, 122, b)
    wall.fill_wall(7, 123, c)  # after another hand: no hidden state
    assert np.array_equal(a, c) and not np.array_equal(a, b)


def test_dealer_is_uniform_over_seats_rules_1_1_r3():
    """RULES §1.1 r3: the first dealer is random; single-hand runs draw it per hand."""
    seats = np.bincount([wall.draw_dealer(1, h) for h in range(8000)], minlength=4)
    assert seats.min() > 1800 and seats.max() < 2200


def test_deal_positions_dealer_first_rules_1_1_r4():
    """RULES §1.1 r4: 13 each; the dealer's block comes first, then 下家, 对家, 上家."""
    positions = {wall.deal_position(2, seat, j) for seat in range(4) for j in range(13)}
    assert positions == set(range(52))
    assert wall.deal_position(2, 2, 0) == 0 and wall.deal_position(2, 3, 0) == 13
    assert wall.deal_position(2, 1, 12) == 51


def limit(model, kongs, replacements=0):
    """Return the number of front draws allowed before 荒庄."""
    n = 0
    while wall.front_draw_allowed(n, replacements, kongs, model, 7, 1):
        n += 1
    return n


def test_physical_model_70_minus_2k_front_draws_rules_1_2_r7_r11():
    """RULES §1.2 r7–r9, r11: 84 after the deal, 14 荒 → 70 front draws, two fewer per kong, replacements free."""
    dealt = {wall.deal_position(d, s, j) for d in range(4) for s in range(4) for j in range(13)}
    assert dealt == set(range(52)) and wall.front_position(0) == 52  # the deal takes 52, front draws start after
    no_reserve = 0
    while wall.front_draw_allowed(no_reserve, 0, 0, wall.MODEL_PHYSICAL, 0, 0):
        no_reserve += 1
    assert no_reserve == 84  # without 荒 stacks every tile after the deal can be drawn
    for kongs in range(5):
        assert limit(wall.MODEL_PHYSICAL, kongs) == 70 - 2 * kongs
        assert limit(wall.MODEL_PHYSICAL, kongs, replacements=kongs) == 70 - 2 * kongs


def test_count_model_counts_replacements_rules_1_2_r11():
    """RULES §1.2 r11 (count model): 荒 when tiles left <= 14 + 2K, replacements reduce tiles left."""
    for kongs in range(5):
        assert limit(wall.MODEL_COUNT, kongs, replacements=kongs) == 70 - 3 * kongs


def valid_wall_settings():
    """Return every (model code, huang_stacks, stacks_per_kong) the 晋城 config accepts (sim.rules.RulesConfig)."""
    from sim.rules import DEAD_WALL_MODELS, RulesConfig

    settings = []
    for model in DEAD_WALL_MODELS:
        for stacks in range(0, 21):
            for per_kong in range(0, 3):
                try:
                    RulesConfig(dead_wall_model=model, huang_stacks=stacks, stacks_per_kong=per_kong)
                except ValueError:
                    continue
                settings.append((wall.MODEL_PHYSICAL if model == "physical" else wall.MODEL_COUNT, stacks, per_kong))
    return settings


def test_front_and_tail_never_meet():
    """RULES §1.2 r10: replacements come from the tail; the engine's own front limit keeps them apart, under
    every wall model and every 荒 setting the config accepts, for up to 16 kongs (each with its replacement)."""
    settings = valid_wall_settings()
    for model, stacks, per_kong in settings:
        for kongs in range(17):
            allowed = 0  # front draws the engine allows with ``kongs`` replacements already taken
            while wall.front_draw_allowed(allowed, kongs, kongs, model, stacks, per_kong):
                allowed += 1
            if allowed == 0:
                continue
            last_front = wall.front_position(allowed - 1)
            lowest_tail = wall.tail_position(kongs - 1) if kongs else wall.WALL_SIZE
            assert last_front < lowest_tail, (model, stacks, per_kong, kongs, allowed)
    assert len(settings) == 2 * 21 * 3 - 8  # stacks_per_kong=0 with fewer than 8 stacks is refused (physical)
    assert wall.front_position(0) == 52 and wall.tail_position(0) == 135
