"""四川血战 whole hands for the kong payments a win redirects (docs/rules/sichuan.md r62, r68, r69, with r48):
seat 1 直杠s the dealer's 6s and either wins on its replacement (点杠花) or discards it into a win (杠上炮, 呼叫转移),
each flag shown on the same wall under its values. Money in 底.
"""
from sc_scenarios import table
from sc_walls import two_suit_hand
from sim.core.codes import WIN_DIANHU, WIN_ZIMO

# Seat 1: 666s for the 直杠, 123456789m and a single 1m (void 筒, it holds no 筒).
KONG = "666s123456789m1m"
# Seats 2 and 3 wait on 5p, the replacement seat 1 draws and discards (平胡 + 杠上炮 = F 1, V 2).
WAIT_2 = "123p789p46p11s234s"
WAIT_3 = "123m123m46p789p55p"


def _kong_table(hands, replacement, **flags):
    """The dealer (two suits, void 条) discards the 6s it drew; seat 1 直杠s it and draws ``replacement``."""
    hands = dict(hands)
    hands[0] = two_suit_hand(hands, "6s", replacement, suits="mp")
    t = table(hands, draws="6s", replacements=replacement, **flags)
    t.step(0, "discard 6s")
    t.play([(1, "gang")])
    assert t.game.last_drawn == replacement and t.column("kong") == [-2, 2, 0, 0]
    return t


def test_r62_r48_dian_gang_hua_is_paid_as_a_zimo_or_by_the_feeder():
    # docs/rules/sichuan.md r62: seat 1 wins on the replacement 1m after its 直杠 of the dealer's 6s: 平胡 0 + 根 1
    # (666s + 6s) + 杠上开花 1 (r48) = F 2, V 4; zimo: each of three pays V + 1 = 5; dianpao (q8): the dealer alone V
    for flags, win in (({}, [-5, 15, -5, -5]), ({"sc_dian_gang_hua": "dianpao"}, [-4, 4, 0, 0])):
        t = _kong_table({1: KONG}, "1m", **flags)
        t.step(1, "zimo")
        assert t.column("win_how")[1] == WIN_ZIMO and t.column("fan")[1] == 2 and t.column("value")[1] == 4
        assert t.column("win") == win and t.column("kong") == [-2, 2, 0, 0]


def test_r68_r48_hujiao_zhuanyi_the_worked_example():
    # docs/rules/sichuan.md r68 example: seat 1 直杠s seat 0's 6s (seat 0 pays 2); its next discard is won by seat 2
    # (杠上炮 r48: F 1, V 2): seat 0 -2, seat 1 -2, seat 2 +4 (last_kong; all_kongs the same with one kong); cancel:
    # the 2 goes back to seat 0; off: seat 1 keeps it
    for flags, hujiao, delta in (({}, [0, -2, 2, 0], [-2, -2, 4, 0]),
                                 ({"sc_hujiao_zhuanyi": "all_kongs"}, [0, -2, 2, 0], [-2, -2, 4, 0]),
                                 ({"sc_hujiao_zhuanyi": "cancel"}, [2, -2, 0, 0], [0, -2, 2, 0]),
                                 ({"sc_hujiao_zhuanyi": "off"}, [0, 0, 0, 0], [-2, 0, 2, 0])):
        t = _kong_table({1: KONG, 2: WAIT_2}, "5p", **flags)
        t.step(1, "discard 5p")
        t.play([(2, "hu")])
        assert t.column("win_how")[2] == WIN_DIANHU and t.column("fan")[2] == 1
        assert t.column("win") == [0, -2, 2, 0]
        assert t.column("hujiao") == hujiao and t.column("delta") == delta, flags


def test_r69_hujiao_zhuanyi_to_two_winners_each_full_or_split():
    # docs/rules/sichuan.md r69: seats 2 and 3 both win on the 5p (each V 2 from seat 1): each_full, each gets the
    # kong's 2 (seat 1 pays 2 beyond what it collected); split, 1 each
    for flags, hujiao in (({}, [0, -4, 2, 2]), ({"sc_hjzy_multi": "split"}, [0, -2, 1, 1])):
        t = _kong_table({1: KONG, 2: WAIT_2, 3: WAIT_3}, "5p", **flags)
        t.step(1, "discard 5p")
        t.play([(2, "hu"), (3, "hu")])
        assert t.winners() == [2, 3] and t.column("win") == [0, -4, 2, 2]
        assert t.column("hujiao") == hujiao
