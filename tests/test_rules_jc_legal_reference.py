"""Legal actions of the engine against a plain-Python reference of RULES §1.3–§1.5 (r14–r36), decision by decision.

Random hands are played through ``sim.game.Game`` with every seat driven from here (a seeded
policy that likes 上架, calls and kongs, so locked hands, 十三幺 commitments and kongs after
上架 all occur). Before every decision the engine's legal actions must equal the reference's;
after every face-up discard that opens no window, the reference must agree that nobody could
answer. Hand shapes come from ``sim.hand.waits`` (checked against its own reference elsewhere);
everything else — who may 碰/杠/拾/抢/胡, the 上架 choices, the r27 filter, the locked hand, the
kong policy after 上架, the frozen-tile 十三幺 waits — is recomputed here. At the end of each hand
its win money, kong money and 前包 are recomputed from the event log as well.
"""
import random
import re
from collections import Counter

import numpy as np
import pytest

from sim import hand, tiles
from sim.game import Game
from sim.rules import resolve_rules

YAOJIU = set(tiles.YAOJIU)


class Seat:
    """What the reference knows about one seat, read from the public Game views."""

    def __init__(self, views, seat, qiang_used, shi_taken):
        hands, frozen, melds, ting, waits = views
        self.hand = tiles.parse(hands[seat]).astype(np.int64)     # int64[34]: concealed counts
        self.frozen = tiles.parse(frozen[seat]).astype(np.int64)  # int64[34]: frozen 拾/抢 tiles
        self.melds = melds[seat]                                  # [(meld kind, tile name)]
        self.ting = ting[seat]
        self.waits = sorted(tiles.kind(w) for w in waits[seat])
        self.committed = bool(self.frozen.sum())
        self.qiang_used = qiang_used[seat]
        self.shi_taken = shi_taken[seat]

    def meld_copies(self, change=None):
        """int64[34]: tiles inside this seat's melds, optionally after ``change`` = (kind, tile) is laid down."""
        copies = np.zeros(34, dtype=np.int64)  # int64[34]: copies held in melds
        for kind, name in self.melds:
            copies[tiles.kind(name)] = 3 if kind == "peng" else 4
        if change is not None:
            copies[change[1]] = 4
        return copies


def ting_waits(config, seat, concealed, n_melds, meld_copies):
    """Reference 上架 waits (sorted kinds) of a 13-equivalent hand: r27 filter, forms by state, r35 for 十三幺."""
    if seat.committed:
        return shisanyao_waits(concealed, seat.frozen)
    return hand.waits(concealed, melds=n_melds, qidui_allow_quad=config.qidui_allow_quad,
                      drop_exhausted=not config.allow_empty_ting, exposed=meld_copies + seat.frozen)


def shisanyao_waits(concealed, frozen):
    """RULES §1.5 r29/r35: waits of a committed hand; the pair must be concealed, frozen kinds never win."""
    total = concealed + frozen
    if any(total[k] and k not in YAOJIU for k in range(34)) or total.max() > 2:
        return []
    pairs = [k for k in YAOJIU if total[k] == 2]
    missing = [k for k in YAOJIU if total[k] == 0]
    if any(frozen[k] for k in pairs) or len(pairs) > 1:
        return []
    if not pairs and not missing:
        return sorted(k for k in YAOJIU if not frozen[k])
    return missing if pairs and len(missing) == 1 else []


def kong_allowed_after_ting(config, seat, tile, kind):
    """RULES §1.3 r18 / A5: may a 上架 seat make this kong (kind: angang / bugang / gang)?"""
    policy = config.ting_kong_policy
    if policy == "none" or (policy == "concealed_only" and kind != "angang"):
        return False
    concealed = seat.hand.copy()
    concealed[tile] -= {"angang": 4, "bugang": 1, "gang": 3}[kind]
    n_melds = len(seat.melds) + (0 if kind == "bugang" else 1)
    after = ting_waits(config, seat, concealed, n_melds, seat.meld_copies((kind, tile)))
    return bool(after) if policy == "still_tenpai" else after == seat.waits


def reference_self(config, seat, last):
    """The reference set of self-phase actions of the seat to act (``last`` = kind just drawn or None)."""
    name = tiles.name
    if seat.ting:
        actions = {f"discard {name(last)}"}
        if last in seat.waits:
            actions.add("zimo")
        if not seat.committed:
            if seat.hand[last] == 4 and kong_allowed_after_ting(config, seat, last, "angang"):
                actions.add(f"angang {name(last)}")
            if ("peng", name(last)) in seat.melds and kong_allowed_after_ting(config, seat, last, "bugang"):
                actions.add(f"bugang {name(last)}")
        return actions
    held = [k for k in range(34) if seat.hand[k]]
    actions = {f"discard {name(k)}" for k in held}
    for k in held:
        concealed = seat.hand.copy()
        concealed[k] -= 1
        if ting_waits(config, seat, concealed, len(seat.melds), seat.meld_copies()):
            actions.add(f"shangjia {name(k)}")
    if last is not None and not seat.committed:
        actions |= {f"angang {name(k)}" for k in held if seat.hand[k] == 4}
        for kind, tile in seat.melds:
            k = tiles.kind(tile)
            if kind == "peng" and seat.hand[k] and (not config.bugang_only_on_draw or k == last):
                actions.add(f"bugang {name(k)}")
    return actions


def reference_claim(config, seat, seat_index, tile, source, window):
    """The reference answers of ``seat`` to ``tile`` offered by ``source`` (window: discard / bugang)."""
    answers = set()
    if seat.ting and tile in seat.waits:
        answers.add("hu")
    if window != "discard":
        return answers
    if not seat.committed and seat.hand[tile] >= 2 and not seat.ting:
        answers.add("peng")
    if not seat.committed and seat.hand[tile] == 3 and (
            not seat.ting or kong_allowed_after_ting(config, seat, tile, "gang")):
        answers.add("gang")
    if (not seat.ting and not seat.melds and tile in YAOJIU and not seat.hand[tile] and not seat.frozen[tile]
            and not seat.qiang_used):
        if config.allow_shi and source == (seat_index + 3) % 4:
            answers.add("shi")
        if config.allow_qiang and (not config.qiang_requires_shi or seat.shi_taken):
            answers.add("qiang")
    return answers


def choose(rng, legal, seat, chases_thirteen, follow=None):
    """A seeded policy that reaches every rule path: it wins when it can, likes 上架 and kongs, discards
    towards tenpai (fewest shanten), only the seat dealt for it chases 十三幺 with 拾/抢, and in the
    first go-around it usually discards ``follow`` (跟庄) when it can."""
    if follow is not None and f"discard {follow}" in legal and rng.random() < 0.8:
        return f"discard {follow}"
    call_odds = {"zimo": 0.9, "hu": 0.9, "gang": 0.6, "peng": 0.4,
                 "qiang": 0.9 if chases_thirteen else 0.03, "shi": 0.9 if chases_thirteen else 0.03}
    for wanted, p in call_odds.items():
        if wanted in legal and rng.random() < p:
            return wanted
    for prefix, p in (("angang", 0.8), ("bugang", 0.8), ("shangjia", 0.8)):
        options = [a for a in legal if a.startswith(prefix)]
        if options and rng.random() < p:
            return rng.choice(options)
    discards = [a for a in legal if a.startswith("discard")]
    if not discards:
        return "pass"
    if seat.ting or len(discards) == 1:
        return discards[0]

    def badness(action):
        k = tiles.kind(action.split()[1])
        if seat.committed:
            return (k in YAOJIU and seat.hand[k] + seat.frozen[k] == 1, rng.random())
        rest = seat.hand.copy()
        rest[k] -= 1
        return (hand.shanten(rest, melds=len(seat.melds)), rng.random())

    return min(discards, key=badness)


def clumpy_wall(rng, dealer, hand_index):
    """A random wall (int8[136]) rich in rule situations: about a third of the kinds lie as four adjacent
    copies (quads and triplets in hands, pongs and kongs in play), and every third hand one seat is
    dealt 11 distinct 幺九/字 kinds (十三幺 commitments that reach 上架)."""
    from sim.core.wall import deal_position

    left = [k for k in range(34) for _ in range(4)]
    wall = [-1] * 136
    if hand_index % 3 == 0:
        seat = hand_index % 4
        chosen = rng.sample(sorted(YAOJIU), 11) + rng.sample([k for k in range(34) if k not in YAOJIU], 2)
        for j, k in enumerate(chosen):
            wall[deal_position(dealer, seat, j)] = k
            left.remove(k)
    blocks = []
    for k in sorted(set(left)):
        copies = left.count(k)
        blocks += [[k] * copies] if rng.random() < 0.35 else [[k]] * copies
    rng.shuffle(blocks)
    if hand_index % 4 == 1:  # the four first front draws are one kind: a chance of 前包 (跟庄)
        quad = next(i for i, block in enumerate(blocks) if len(block) == 4)
        blocks.insert(0, blocks.pop(quad))
        front = [k for block in blocks for k in block]
        deal_gaps = wall[:52].count(-1)  # empty slots are filled in wall order: the deal, then the front
        sequence = iter(front[4:4 + deal_gaps] + front[:4] + front[4 + deal_gaps:])
        wall = [next(sequence) if k < 0 else k for k in wall]
        return np.array(wall, dtype=np.int8)
    sequence = iter(k for block in blocks for k in block)
    wall = [next(sequence) if k < 0 else k for k in wall]
    return np.array(wall, dtype=np.int8)


def ledger_from_log(config, log, dealer):
    """Plain-Python RULES §1.7–§1.8: (win money, kong money) per seat, recomputed from the hand's event log."""
    ting = [False] * 4
    kong, win = [0] * 4, [0] * 4
    kongs = []  # (declarer, units, bao payer or -1)
    winner = -1
    for line in log:
        words = line.split()
        if words[0] != "seat":
            continue
        seat, verb = int(words[1]), words[2]
        if verb == "上架":
            ting[seat] = True
        elif verb in ("暗杠", "补杠", "明杠"):
            units = config.angang_units if verb == "暗杠" else config.minggang_units
            feeder = int(re.findall(r"seat (\d)", line)[1]) if verb == "明杠" else -1
            bao = feeder if (config.diangang_bao and feeder >= 0 and not ting[feeder]) else -1
            kongs.append((seat, units, bao))
        elif verb in ("胡", "自摸", "抢杠胡"):
            winner = seat
            feeder = -1 if verb == "自摸" else int(re.findall(r"seat (\d)", line)[1])
            as_zimo = verb == "自摸" or (verb == "抢杠胡" and config.qianggang_mode == "zimo")
            for payer in range(4):
                if payer != seat:
                    weight = 2 if dealer in (payer, seat) else 1
                    amount = 2 * weight if as_zimo else weight + (weight if payer == feeder and not ting[feeder] else 0)
                    win[payer] -= amount
                    win[seat] += amount
    if winner >= 0:
        for declarer, units, bao in kongs:
            for payer in range(4):
                if payer != declarer and (bao < 0 or payer == bao):
                    amount = units * (3 if bao >= 0 else 1)
                    kong[payer] -= amount
                    kong[declarer] += amount
    return win, kong


def genzhuang_from_log(config, log, dealer):
    """Plain-Python RULES §1.9 r47–r49: True when the hand's log shows a 前包 (dealer + three followers)."""
    if not config.genzhuang:
        return False
    first, count, pending = None, 0, False
    for line in log:
        words = line.split()
        if words[0] != "seat" or words[2] in ("draws", "passes"):
            continue
        seat, verb = int(words[1]), words[2]
        if pending:
            return verb not in ("碰", "明杠", "拾", "抢", "胡")  # a claim on the 4th discard breaks it
        if verb == "暗杠" and (seat == dealer or not config.genzhuang_angang_breaks):
            continue
        if verb == "上架" and config.genzhuang_shangjia_breaks:
            return False
        if verb not in ("discards", "上架"):
            return False
        tile = words[3]
        if count == 0 and seat == dealer:
            first, count = tile, 1
        elif count and seat == (dealer + count) % 4 and tile == first:
            count += 1
        else:
            return False
        pending = count == 4
    return pending


def play_and_compare(config, seed, hand_index, seen_options):
    """Play one hand; assert engine == reference before every decision.

    Returns the decisions checked and counts into ``seen_options`` each option offered
    (``"ting angang"`` for a kong offered to a 上架 seat, etc.).
    """
    rng = random.Random(seed * 100_003 + hand_index)
    dealer = hand_index % 4
    game = Game(rules=config, wall=clumpy_wall(rng, dealer, hand_index), dealer=dealer)
    qiang_used, shi_taken = [False] * 4, [0] * 4
    window = None  # (tile, source, "discard" | "bugang" | "angang") of the open claim window
    answers = {}   # seat -> its answer in the open window
    checked = 0
    while game.phase != "over":
        seat_index = game.to_act
        views = (game.hands, game.frozen, game.melds, game.shangjia, game.waits)
        seats = [Seat(views, s, qiang_used, shi_taken) for s in range(4)]
        legal = set(game.legal_actions(seat_index))
        if game.phase == "self":
            last = game.last_drawn
            if not (seats[seat_index].ting and last is None):  # (a 上架 碰 exists only with ting_allow_pong)
                expected = reference_self(config, seats[seat_index], None if last is None else tiles.kind(last))
                assert legal == expected, (seed, hand_index, seat_index, game.hands[seat_index], game.log[-3:])
        else:
            tile, source, kind = window
            expected = reference_claim(config, seats[seat_index], seat_index, tile, source, kind) | {"pass"}
            if kind != "angang":
                assert legal == expected, (seed, hand_index, seat_index, game.hands[seat_index], game.log[-3:])
        checked += 1
        prefix = "ting " if seats[seat_index].ting else ("committed " if seats[seat_index].committed else "")
        seen_options.update({prefix + a.split()[0] for a in legal})
        chases = hand_index % 3 == 0 and seat_index == hand_index % 4
        follow = None
        if game.phase == "self" and sum(len(r) for r in game.rivers) < 4 and game.front_draws <= 4:
            dealer_river = game.rivers[dealer]
            follow = dealer_river[0] if dealer_river else (game.last_drawn if seat_index == dealer else None)
        action = choose(rng, sorted(legal), seats[seat_index], chases, follow)
        before = game.phase
        if before == "claim":
            answers[seat_index] = action
        game.step(seat_index, action)
        if before == "claim" and game.phase != "claim":  # the window resolved: who took a 拾 / 抢?
            frozen_after = game.frozen
            for s in range(4):
                if len(frozen_after[s]) > len(views[1][s]):
                    if answers[s] == "qiang":
                        qiang_used[s] = True
                    else:
                        shi_taken[s] += 1
            answers = {}
        if before == "self" and action.split()[0] in ("discard", "bugang", "angang"):
            tile = tiles.kind(action.split()[1])
            kind = {"discard": "discard", "bugang": "bugang", "angang": "angang"}[action.split()[0]]
            window = (tile, seat_index, kind)
            if game.phase != "claim" and kind != "angang":
                for other in range(4):  # the other seats' states before the step are unchanged by it
                    if other != seat_index:
                        assert not reference_claim(config, seats[other], other, tile, seat_index, kind), (
                            "a claim the engine did not offer", seed, hand_index, other, game.log[-3:])
    log = game.log
    win, kong = ledger_from_log(config, log, dealer)
    assert game.money["win"] == win and game.money["kong"] == kong, (seed, hand_index, log[-4:])
    genzhuang = genzhuang_from_log(config, log, dealer)
    assert game.record()["genzhuang"] == int(genzhuang), (seed, hand_index, log[:12])
    seen_options["genzhuang"] += genzhuang
    return checked


@pytest.mark.parametrize("overrides, hands", [
    ({}, 60),
    ({"ting_kong_policy": "still_tenpai", "bugang_only_on_draw": True, "allow_empty_ting": True,
      "diangang_bao": True}, 25),
    ({"ting_kong_policy": "concealed_only", "qiang_requires_shi": True, "qidui_allow_quad": False,
      "qianggang_mode": "zimo"}, 25),
    ({"ting_kong_policy": "none", "allow_shi": False, "minggang_units": 2, "angang_units": 3}, 15),
])
def test_engine_legal_actions_match_the_reference(overrides, hands):
    """RULES §1.3–§1.5 (r14–r36): the engine offers exactly the legal actions the rules allow; and
    RULES §1.7–§1.9 (r44–r49): each hand's win and kong money and its 前包 match the reference
    recomputed from its log."""
    config = resolve_rules(**overrides)
    seen = Counter()
    checked = sum(play_and_compare(config, 29, i, seen) for i in range(hands))
    assert checked > 20 * hands
    if not overrides:  # the default run visits every kind of decision the rules define
        wanted = {"peng", "gang", "shi", "qiang", "angang", "bugang", "shangjia", "ting gang",
                  "committed shangjia", "committed qiang", "committed discard", "ting hu", "ting zimo"}
        assert wanted <= set(seen), wanted - set(seen)
        assert seen["genzhuang"] > 0  # some hands had a 前包
