"""Slow, independent plain-Python reference of the Sichuan wins and 番 (docs/rules/sichuan.md r37–r54), for the
tests only.

It shares no code with the kernels (``sim.variants.sichuan``): a hand is a ``Counter`` of kinds, a meld a
``(type, kind)`` pair, wins are found by listing every division of the concealed tiles into sets and one pair, and
the 番 of each division (and of the 七对 reading) are added up from the rules' text; the best total wins (r40),
a 七对 reading before a regular one at equal 番.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

PONG, MINGGANG, BUGANG, ANGANG = "pong", "minggang", "bugang", "angang"
TERMINAL_RANKS = {1, 9}
JIANG_RANKS = {2, 5, 8}


def rank(kind: int) -> int:
    """Return the rank 1..9 of a suit kind 0..26."""
    return kind % 9 + 1


def suit(kind: int) -> int:
    """Return the suit 0 万, 1 筒, 2 条 of a kind."""
    return kind // 9


def divisions(tiles: Counter) -> list[tuple[list[tuple[int, ...]], int]]:
    """Return every way to divide ``tiles`` into sets (triplets and runs, as tuples of kinds) and exactly one pair:
    a list of (sets, pair kind)."""
    found = []

    def split(rest: Counter, sets: list, pair):
        left = sorted(k for k, n in rest.items() if n > 0)
        if not left:
            if pair is not None:
                found.append((list(sets), pair))
            return
        k = left[0]  # the lowest tile must be in a pair, a triplet or the start of a run
        if pair is None and rest[k] >= 2:
            rest[k] -= 2
            split(rest, sets, k)
            rest[k] += 2
        if rest[k] >= 3:
            rest[k] -= 3
            split(rest, sets + [(k, k, k)], pair)
            rest[k] += 3
        if rank(k) <= 7 and rest[k + 1] > 0 and rest[k + 2] > 0:
            for j in (k, k + 1, k + 2):
                rest[j] -= 1
            split(rest, sets + [(k, k + 1, k + 2)], pair)
            for j in (k, k + 1, k + 2):
                rest[j] += 1

    split(Counter(tiles), [], None)
    return found


@dataclass
class Flags:
    """The flags the 番 depend on, by name, defaults of the flag table."""
    cap: int | None = 3
    zimo: str = "add_base"
    zimo_cap_order: str = "cap_then_add"
    tian_di_hu: str = "five"
    yaojiu_jiangdui: bool = False
    jiang_qidui: bool = False
    menqing_zhongzhang: bool = False
    longqidui: str = "gen"


def all_tiles(hand: Counter, melds) -> list[int]:
    """Return every tile of hand and melds as a list of kinds (a kong four, a 碰 three)."""
    tiles = [k for k, n in hand.items() for _ in range(n)]
    for kind_of_meld, k in melds:
        tiles += [k] * (3 if kind_of_meld == PONG else 4)
    return tiles


def void_ok(hand: Counter, melds, void, implicit: bool) -> bool:
    """Return True when the tiles obey the void rule (r15; r18 under implicit)."""
    suits = {suit(k) for k in all_tiles(hand, melds)}
    return len(suits) <= 2 if implicit else void not in suits


def readings(hand: Counter, melds) -> list[tuple[str, list]]:
    """Return the complete readings of a 3n+2 hand: ("qidui", []) and ("regular", groups) for each division, where
    groups are the sets, the melds and the pair as tuples of kinds."""
    out = []
    if not melds and sum(hand.values()) == 14 and all(n % 2 == 0 for n in hand.values()):
        out.append(("qidui", []))
    for sets, pair in divisions(hand):
        if len(sets) + len(melds) == 4:
            out.append(("regular", sets + [(k, k, k) for _, k in melds] + [(pair, pair)]))
    return out


def is_win(hand: Counter, melds, void, implicit=False) -> bool:
    """Return True when the hand is a legal win (r15, r18, r37, r38)."""
    return void_ok(hand, melds, void, implicit) and bool(readings(hand, melds))


def tile_fan(hand: Counter, melds, reading, flags: Flags) -> tuple[int, set[str], int]:
    """Return (番, names, 根) of one reading from the tiles alone (r42–r47)."""
    kind_of, groups = reading
    tiles = all_tiles(hand, melds)
    counts = Counter(tiles)
    gen = sum(1 for n in counts.values() if n == 4)
    names: set[str] = set()
    fan = gen
    jiang_tiles = flags.yaojiu_jiangdui and all(rank(k) in JIANG_RANKS for k in tiles)
    if kind_of == "qidui":
        names.add("qidui")
        fan += 2
        one_suit = len({suit(k) for k in tiles}) == 1
        if gen and flags.longqidui == "extra":  # the table of q1: 龙七对 4, 清龙七对 5 (= 2 + 2 + 1 already)
            fan = fan if one_suit else fan + 1
            names.update(() if one_suit else ("long_extra",))
        if jiang_tiles and flags.jiang_qidui:
            names.add("jiang")
            fan += 2
    else:
        sets = groups[:-1]
        if len(melds) == 4:
            names.add("jingou")
            fan += 2
        elif flags.yaojiu_jiangdui and all(TERMINAL_RANKS & {rank(k) for k in g} for g in groups):
            names.add("daiyaojiu")
            fan += 2
        elif all(len(set(s)) == 1 for s in sets):
            names.add("daduizi")
            fan += 1
        else:
            names.add("pinghu")
        if jiang_tiles and names & {"jingou", "daduizi"}:
            names.add("jiang")
            fan += 2
    if len({suit(k) for k in tiles}) == 1:
        names.add("qingyise")
        fan += 2
    return fan, names, gen


def best_tile_fan(hand: Counter, melds, flags: Flags) -> tuple[int, set[str], int]:
    """Return the best (番, names, 根) over the readings (r40), a 七对 reading first at equal 番."""
    best = None
    for reading in readings(hand, melds):
        scored = tile_fan(hand, melds, reading, flags)
        if best is None or scored[0] > best[0]:
            best = scored
    return best


def win_fan(hand: Counter, melds, flags: Flags, zimo=False, robbed=False, after_kong=False, kong_discard=False,
            last_tile=False, tianhu=False, dihu=False) -> tuple[int, set[str], int]:
    """Return (F, names, 根) of a win: the tiles' best 番 plus 门清/中张 (r53), the situational 番 (r48, r49, q3),
    自摸 under add_fan (r50) and 天胡/地胡 (r52)."""
    fan, names, gen = best_tile_fan(hand, melds, flags)
    names = set(names)
    if flags.menqing_zhongzhang:
        if all(t == ANGANG for t, _ in melds):
            names.add("menqing")
            fan += 1
        if not any(rank(k) in TERMINAL_RANKS for k in all_tiles(hand, melds)):
            names.add("zhongzhang")
            fan += 1
    situational = []
    if zimo and after_kong:
        situational.append("gangkai")
    if not zimo and kong_discard:
        situational.append("gangpao")
    if robbed:
        situational.append("qianggang")
    if last_tile and "gangkai" not in situational:
        situational.append("haidi")
    if zimo and flags.zimo == "add_fan":
        situational.append("zimo_fan")
    names |= set(situational)
    fan += len(situational)
    if (tianhu or dihu) and flags.tian_di_hu != "off":
        names.add("tianhu" if tianhu else "dihu")
        fan = {"five": max(fan, 5), "cap": flags.cap, "add": fan + (3 if tianhu else 2)}[flags.tian_di_hu]
    return fan, names, gen


def value(fan: int, flags: Flags) -> int:
    """Return V in 底 (r41)."""
    return 2 ** (fan if flags.cap is None else min(fan, flags.cap))


def zimo_pay(fan: int, flags: Flags) -> int:
    """Return what each payer of a 自摸 pays, in 底 (r60, q9)."""
    if flags.zimo != "add_base":
        return value(fan, flags)
    if flags.zimo_cap_order == "cap_then_add":
        return value(fan, flags) + 1
    return 2 ** fan + 1 if flags.cap is None else min(2 ** fan + 1, 2 ** flags.cap)
