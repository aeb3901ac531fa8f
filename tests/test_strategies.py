"""The richer strategies on stacked walls (each one's distinctive move), invariants over random
hands, and the registry's errors. Seats are numbered from the dealer (seat 0); seat k's 上家 is k-1."""
import polars as pl
import pytest

import sim
from jc_scenarios import pair_free_fillers
from sim.game import Game
from sim.stacked import stacked_wall
from sim.seat_plan import REGISTRY, resolve_seats


def table(strategies: dict[int, str], hands: dict[int, str], draws: str) -> Game:
    """A hand on a stacked wall (dealer 0): seats in ``strategies`` play by strategy, the others are scripted."""
    hands = pair_free_fillers(dict(hands), draws, "")
    wall = stacked_wall(hands, draws=draws, dealer=0)
    return Game(seats=[strategies.get(s) for s in range(4)], wall=wall, dealer=0)


def drive(game: Game, script: dict[int, list[str]] | None = None, until=None, limit: int = 300) -> list[str]:
    """Play until ``until(game)`` holds (checked whenever a scripted seat is due) or the hand ends; return the log.

    Scripted seats take their next ``script`` action when it is legal, else discard the drawn tile
    (self phase) or pass (claim window); strategy seats play in between.
    """
    script = {seat: list(actions) for seat, actions in (script or {}).items()}
    for _ in range(limit):
        seat = game.advance()
        if seat is None or (until is not None and until(game)):
            break
        legal = game.legal_actions(seat)
        planned = script.get(seat, [])
        if planned and planned[0] in legal:
            action = planned.pop(0)
        elif game.phase == "claim":
            action = "pass"
        elif game.last_drawn is not None and f"discard {game.last_drawn}" in legal:
            action = f"discard {game.last_drawn}"
        else:
            action = next(a for a in legal if a.startswith("discard"))
        game.step(seat, action)
    return game.log


def acted(seat: int, n: int):
    """Return a stop condition: ``seat`` has at least ``n`` lines in the log."""
    return lambda game: len(seat_lines(game.log, seat)) >= n


def seat_lines(log: list[str], seat: int) -> list[str]:
    """The log lines of ``seat``'s own actions, tile names stripped to notation (``'discards 7z'``)."""
    prefix = f"seat {seat} "
    return [line[len(prefix):].split("(")[0] for line in log if line.startswith(prefix)]


# --- selective_ting ------------------------------------------------------------------------------
# Dealer 0 is dealt a kanchan tenpai (waits 7s: 4 live copies), draws 7z, later draws 5s:
# 123m 456m 99p 23456s then waits on 1s/4s/7s (11 live copies).
KANCHAN = {0: "123m456m99p234s68s"}
KANCHAN_DRAWS = "7z1z2z3z5s"


def test_selective_ting_declines_a_one_tile_wait_and_shangjias_a_three_sided_one():
    game = table({0: "selective_ting{min_live_waits=5}"}, KANCHAN, KANCHAN_DRAWS)
    own = seat_lines(drive(game, until=acted(0, 4)), 0)
    assert own[:4] == ["draws 7z", "discards 7z", "draws 5s", "上架 8s"]
    assert game.shangjia[0] and game.waits[0] == ["1s", "4s", "7s"]
    assert game.record()["s0_live_waits"] == 11


@pytest.mark.parametrize("seat_strategy", ["early_ting", "greedy", "selective_ting{give_up_turn=1}",
                                           "selective_ting{min_live_waits=4}"])
def test_early_shangjia_on_the_kanchan(seat_strategy):
    game = table({0: seat_strategy}, KANCHAN, KANCHAN_DRAWS)
    own = seat_lines(drive(game, until=acted(0, 2)), 0)
    assert own[:2] == ["draws 7z", "上架 7z"]
    assert game.waits[0] == ["7s"]


# --- thirteen_orphans ----------------------------------------------------------------------------
# Seat 1 is dealt 9 distinct 幺九/字 kinds (missing 4z 5z 6z 7z) and four plain tiles.
ORPHANS = {1: "19m19p19s123z5m5p5s4m"}


def test_thirteen_orphans_takes_a_shi_from_its_shangjia_and_refuses_another_seat():
    # seat 0 (上家 of seat 1) draws and discards 4z: 拾; then seat 2 draws and discards 5z: a 抢 that
    # would leave seat 1 two tiles from tenpai, so it passes
    draws = "4z5z"
    window_closed = lambda g: any(line.startswith("seat 3 draws") for line in g.log)  # noqa: E731
    game = table({1: "thirteen_orphans{min_distinct=9}"}, ORPHANS, draws)
    own = seat_lines(drive(game, until=window_closed), 1)
    assert own == ["拾 4z", "discards 4m"]
    assert game.frozen[1] == "4z"
    # the refusal was a choice: the same position with seat 1 scripted offers it 抢 on seat 2's 5z
    scripted = table({}, ORPHANS, draws)
    drive(scripted, {1: ["shi", "discard 4m"]},
          until=lambda g: g.to_act == 1 and g.phase == "claim" and g.log[-1].startswith("seat 2 discards 5z"))
    assert scripted.to_act == 1 and scripted.legal_actions(1) == ["pass", "qiang"]


def test_thirteen_orphans_spends_its_qiang_to_reach_tenpai():
    hands = {1: "19m19p19s12345z1m5m"}  # 11 kinds + pair 1m: missing 6z 7z
    game = table({1: "thirteen_orphans{min_distinct=9}"}, hands, "2m6m6z")
    own = seat_lines(drive(game, until=lambda g: g.shangjia[1]), 1)
    assert "抢 6z" in own
    assert game.shangjia[1] and game.waits[1] == ["7z"]


def test_thirteen_orphans_below_min_distinct_plays_greedy():
    hands = {1: "19m19p19s123z5m5p5s4m"}
    draws = "4z6m5z1m2m3m4m"
    chaser = table({1: "thirteen_orphans{min_distinct=10}"}, hands, draws)
    greedy = table({1: "greedy"}, hands, draws)
    assert drive(chaser, limit=40) == drive(greedy, limit=40)
    assert chaser.frozen[1] == ""


# --- defensive -----------------------------------------------------------------------------------
# Dealer 0 上架s at once; seat 1 then discards 5p, which seat 0 lets pass; seat 2, far from tenpai,
# holds 345p and isolated honors.
DEFENCE_HANDS = {0: "123m456m789m11p46s", 2: "345p28m389s1z2z3z5z6z"}
DEFENCE_DRAWS = "7z5p9m"


@pytest.mark.parametrize("strategy, discard", [("defensive{fold_shanten=2}", "5p"), ("greedy", None)])
def test_defensive_discards_the_tile_the_shangjia_player_let_pass(strategy, discard):
    game = table({2: strategy}, DEFENCE_HANDS, DEFENCE_DRAWS)
    log = drive(game, {0: ["shangjia 7z"]}, until=acted(2, 2))
    assert game.shangjia[0] and seat_lines(log, 1)[:2] == ["draws 5p", "discards 5p"]
    own = seat_lines(log, 2)
    assert own[0] == "draws 9m"
    if discard is None:
        assert own[1] != "discards 5p"
    else:
        assert own[1] == f"discards {discard}"


def test_defensive_plays_greedy_when_close_to_tenpai():
    hands = {0: "123m456m789m11p46s", 2: "345p22m789m567s39s"}  # seat 2 is 1-shanten
    folding = table({2: "defensive{fold_shanten=2}"}, hands, DEFENCE_DRAWS)
    greedy = table({2: "greedy"}, hands, DEFENCE_DRAWS)
    assert drive(folding, {0: ["shangjia 7z"]}, limit=40) == drive(greedy, {0: ["shangjia 7z"]}, limit=40)


# --- greedy's pong parameter -----------------------------------------------------------------------
# Seat 1 holds a pair of 5s; dealer 0 draws and discards 5s. With hand A a pong lowers the shanten
# (2 -> 1); with hand B (七对-shaped) it raises it (1 -> 2).
PONG_A = "123m456m11p55s9s2z3z"
PONG_B = "11p55s77s99s22m2z3z4z"


@pytest.mark.parametrize("hand, mode, pongs", [
    (PONG_A, "improves", True), (PONG_A, "always", True), (PONG_A, "never", False),
    (PONG_B, "improves", False), (PONG_B, "always", True), (PONG_B, "never", False),
])
def test_greedy_pong_parameter(hand, mode, pongs):
    game = table({1: f"greedy{{pong={mode}}}"}, {1: hand}, "5s")
    log = drive(game, until=acted(1, 2))
    assert ("碰 5s" in seat_lines(log, 1)) == pongs
    assert (("peng", "5s") in game.melds[1]) == pongs


# --- over many random hands --------------------------------------------------------------------------
def test_selective_ting_never_shangjias_a_thin_wait_before_its_give_up_turn():
    seats = ["selective_ting{min_live_waits=6,give_up_turn=9}", "greedy"] * 2
    frame = sim.simulate(1500, seed=3, seats=seats, progress=False)
    for k in (0, 2):
        ting = frame.filter(pl.col(f"s{k}_ting_turn") >= 0)
        assert ting.height > 300
        early = ting.filter(pl.col(f"s{k}_ting_turn") < 9)
        assert early.height > 0 and early[f"s{k}_live_waits"].min() >= 6


def test_early_ting_plays_exactly_like_greedy():
    greedy = sim.simulate(300, seed=4, seats=["greedy"] * 4, progress=False)
    early = sim.simulate(300, seed=4, seats=["early_ting", "greedy", "early_ting", "greedy"], progress=False)
    strategy_columns = [f"s{k}_strategy" for k in range(4)]
    assert early.drop(strategy_columns).equals(greedy.drop(strategy_columns))


def test_only_the_chasing_seat_takes_frozen_tiles_and_only_from_enough_yaojiu():
    seats = ["thirteen_orphans{min_distinct=8}", "greedy", "defensive", "random"]
    frame = sim.simulate(3000, seed=5, seats=seats, progress=False)
    chasers = frame.filter(pl.col("s0_frozen") > 0)
    assert chasers.height > 20
    assert chasers["s0_yaojiu_start"].min() >= 8
    assert frame.select([pl.col(f"s{k}_frozen").max() for k in (1, 2)]).row(0) == (0, 0)
    total = sum(frame[f"s{k}_delta"].cast(pl.Int64) for k in range(4))
    assert (total == 0).all()


# --- registry -------------------------------------------------------------------------------------------
def test_every_strategy_is_registered_with_its_parameters():
    assert {"greedy", "early_ting", "selective_ting", "thirteen_orphans", "defensive", "random"} <= set(REGISTRY)
    config = resolve_seats(["selective_ting{min_live_waits=3,give_up_turn=7}"] * 4)[0]
    assert config.label() == "selective_ting{min_live_waits=3,give_up_turn=7}"
    assert config.param_row()[2:4].tolist() == [3.0, 7.0]
    assert resolve_seats([{"name": "defensive", "fold_shanten": 3}] * 4)[0].label() == "defensive{fold_shanten=3}"


@pytest.mark.parametrize("seat, named", [
    ("no_such_bot", "unknown strategy 'no_such_bot'"),
    ("selective_ting{min_live=3}", "unknown parameter 'min_live'"),
    ("thirteen_orphans{min_distinct=many}", "bad value 'many'"),
    ("greedy{pong=sometimes}", "bad value 'sometimes'"),
])
def test_bad_strategy_or_parameter_is_a_one_line_error_listing_the_valid_ones(seat, named):
    with pytest.raises(ValueError) as error:
        sim.simulate(10, seats=[seat, "greedy", "greedy", "greedy"], progress=False)
    message = str(error.value)
    assert named in message and "valid:" in message and "\n" not in message


def test_defensive_danger_order_passed_then_all_visible_then_honors_terminals_middles():
    import numpy as np

    from sim.core import state as S
    from sim.tiles import kind
    from strategies.defensive import danger

    st = np.zeros(S.N_ST, dtype=np.int64)
    st[S.ST_TING + 0] = 1                                 # seat 0 has 上架
    st[S.ST_PASSED + 0] = np.int64(1) << kind("5p")       # ... and let 5p pass since
    seen = np.ones(34, dtype=np.int8)                     # seat 2 sees one copy of everything
    seen[kind("6p")] = 4                                  # ... and every copy of 6p
    order = ["5p", "6p", "7z", "1m", "8s", "5m"]
    scores = [danger(st, 2, kind(t), seen) for t in order]
    assert scores == sorted(scores) and len(set(scores)) == len(scores)
    seen[kind("7z")] = 3                                  # more copies visible: safer within a class
    assert danger(st, 2, kind("7z"), seen) < danger(st, 2, kind("6z"), seen)
    st[S.ST_TING + 1] = 1                                 # a second 上架 opponent, nothing passed yet
    assert danger(st, 2, kind("5p"), seen) > 0 and danger(st, 1, kind("5p"), seen) == 0
