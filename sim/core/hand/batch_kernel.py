"""Compiled batch shanten: ``shanten_many_k`` over many hands with the distance-class tables.

Same answers as ``sim.core.hand.kernel.shanten_k`` (all forms) on every valid hand, by another
route: each component's pattern is looked up once in a ``uint32`` entry (its distance class and
七对/十三幺 tallies), the regular form is two lookups in ``class_sums`` and one in ``regular_shanten``
(tables: ``sim.hand_tables.get_batch_tables()``, layout in ``sim.core.hand.batch_table_builder``),
and 七对 and 十三幺 come from the summed tallies.

A hand row is read as 64-bit words (unaligned loads; the SWAR helpers below assume a little-endian
machine, as x86-64 and arm64 are): the base-5 pattern indices, the tile total and the 0..4 range
check are a few word operations each instead of a loop over 34 counts.
"""
import numpy as np
from llvmlite import ir
from numba import njit
from numba.core import types
from numba.extending import intrinsic

from sim.core.hand.batch_table_builder import (
    CLASS_BITS, TALLY_MASK, TALLY_PAIRS, TALLY_QUAD_PAIRS, TALLY_QUAD_SINGLES, TALLY_SHIFT, TALLY_SINGLES,
    TALLY_YAOJIU_HELD, TALLY_YAOJIU_PAIRS,
)

ROW_BYTES = 34                                  # int8 counts per hand row
FIVE_POW_8 = np.uint64(5**8)                    # index step of a suit's ninth rank
EVEN_BYTES = np.uint64(0x00FF00FF00FF00FF)      # bytes 0, 2, 4, 6 of a word
EVEN_HALVES = np.uint64(0x0000FFFF0000FFFF)     # 16-bit lanes 0 and 2 of a word
LOW_HALF = np.uint64(0xFFFFFFFF)                # the low 32 bits
ONE_PER_BYTE = np.uint64(0x0101010101010101)    # 1 in every byte
HIGH_BITS = np.uint64(0x8080808080808080)       # bit 7 of every byte
UP_TO_127 = np.uint64(0x7B7B7B7B7B7B7B7B)       # 0x7B in every byte: a byte 0..4 plus this stays below 0x80
SHIFT_8 = np.uint64(8)
SHIFT_16 = np.uint64(16)
SHIFT_32 = np.uint64(32)
SHIFT_56 = np.uint64(56)
LOW_BYTE = np.uint64(255)
CLASS_MASK = np.uint64(CLASS_BITS)              # an entry's distance class
TALLIES_AT = np.uint64(TALLY_SHIFT)             # an entry's tallies start here
FIVE = np.uint64(5)
TWENTY_FIVE = np.uint64(25)
SIX_HUNDRED_TWENTY_FIVE = np.uint64(625)


@intrinsic
def load_word(typingctx, hands, byte_offset):
    """Return the uint64 whose bytes, low to high, are the 8 bytes of the C-contiguous int8/uint8 array
    ``hands`` starting at flat byte ``byte_offset`` (one unaligned load; no bounds check)."""
    if not (isinstance(hands, types.Array) and hands.dtype in (types.int8, types.uint8) and hands.layout == "C"):
        return None
    if not isinstance(byte_offset, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        array = context.make_array(signature.args[0])(context, builder, args[0])
        offset = context.cast(builder, args[1], signature.args[1], types.intp)
        start = builder.gep(builder.bitcast(array.data, ir.IntType(8).as_pointer()), [offset])
        return builder.load(builder.bitcast(start, ir.IntType(64).as_pointer()), align=1)

    return types.uint64(hands, byte_offset), codegen


@njit(cache=True, _nrt=False)
def base5_index(word):
    """Return the sum of byte r of ``word`` times 5**r (bytes 0..4): the table index of 8 counts.

    Pairs of bytes, then of 16-bit lanes, then the two halves are joined; no lane overflows
    (at most 24, 624, 390,624).
    """
    pairs = (word + (word >> SHIFT_8) * FIVE) & EVEN_BYTES
    quads = (pairs + (pairs >> SHIFT_16) * TWENTY_FIVE) & EVEN_HALVES
    return (quads + (quads >> SHIFT_32) * SIX_HUNDRED_TWENTY_FIVE) & LOW_HALF


@njit(cache=True, _nrt=False)
def has_byte_over_4(word):
    """Return True when some byte of ``word``, read unsigned, is above 4 (a count outside 0..4).

    A byte of 0..4 plus 0x7B stays below 0x80 without a carry; a byte of 5..0x84 reaches bit 7;
    a larger byte has bit 7 set itself. A carry only ever starts at a byte that is already caught.
    """
    return ((word + UP_TO_127) | word) & HIGH_BITS != 0


@njit(cache=True, _nrt=False)
def byte_sum(word):
    """Return the sum of the 8 bytes of ``word`` (valid while that sum is below 256)."""
    return (word * ONE_PER_BYTE) >> SHIFT_56


@njit(cache=True, _nrt=False)
def _tally(tallies, field):
    """Return one 4-bit tally field of summed tallies (field offsets ``TALLY_*``)."""
    return np.int64((tallies >> np.uint64(field)) & np.uint64(TALLY_MASK))


@njit(cache=True, _nrt=True)
def shanten_many_k(hands, melds, allow_quad, batch_tables):
    """Return (int8[N] shanten of each row of ``hands``, the first invalid row or -1).

    ``hands`` is C-contiguous ``int8[N, 34]``; a row is valid when every count is 0..4 and it holds
    ``3*(4-melds)+1`` or ``+2`` tiles. An invalid row is not evaluated (its output is 0). The shanten
    is the least over regular, 七对 (``allow_quad``: a quad is two pairs) and 十三幺, the last two only
    when ``melds == 0``, exactly as ``sim.core.hand.kernel.shanten_k`` with ``FORM_ALL``.
    """
    suit_entries = batch_tables.suit_entries
    honor_entries = batch_tables.honor_entries
    class_sums = batch_tables.class_sums
    regular_shanten = batch_tables.regular_shanten
    regular_by_class = regular_shanten[4 - melds]  # [class, honor class] regular shanten with 4 - melds sets
    fewest = np.uint64(3 * (4 - melds) + 1)
    pairs_field = TALLY_QUAD_PAIRS if allow_quad else TALLY_PAIRS
    singles_field = TALLY_QUAD_SINGLES if allow_quad else TALLY_SINGLES
    n = hands.shape[0]
    out = np.empty(n, np.int8)  # [hand] shanten, -1 = complete
    first_invalid = -1
    for row in range(n):
        at = row * ROW_BYTES
        # man 0-7, pin 0-7, sou 0-7 and (sou 8, honors 0-6) as words; man 8 and pin 8 as the top bytes of two more
        man = load_word(hands, at)
        pin = load_word(hands, at + 9)
        sou = load_word(hands, at + 18)
        sou8_honors = load_word(hands, at + 26)
        man8 = load_word(hands, at + 1) >> SHIFT_56
        pin8 = load_word(hands, at + 10) >> SHIFT_56
        ninths = man8 | (pin8 << SHIFT_8)
        out_of_range = (has_byte_over_4(man) | has_byte_over_4(pin) | has_byte_over_4(sou)
                        | has_byte_over_4(sou8_honors) | has_byte_over_4(ninths))
        tiles = byte_sum(man + pin + sou + sou8_honors) + man8 + pin8
        if out_of_range or tiles - fewest > np.uint64(1):
            if first_invalid < 0:
                first_invalid = row
            out[row] = 0
            continue
        entry_m = np.uint64(suit_entries[base5_index(man) + man8 * FIVE_POW_8])
        entry_p = np.uint64(suit_entries[base5_index(pin) + pin8 * FIVE_POW_8])
        entry_s = np.uint64(suit_entries[base5_index(sou) + (sou8_honors & LOW_BYTE) * FIVE_POW_8])
        entry_z = np.uint64(honor_entries[base5_index(sou8_honors >> SHIFT_8)])
        suits = class_sums[class_sums[entry_m & CLASS_MASK, entry_p & CLASS_MASK], entry_s & CLASS_MASK]
        best = np.int64(regular_by_class[suits, entry_z & CLASS_MASK])
        if melds == 0:
            tallies = ((entry_m >> TALLIES_AT) + (entry_p >> TALLIES_AT)
                       + (entry_s >> TALLIES_AT) + (entry_z >> TALLIES_AT))
            need = 7 - _tally(tallies, pairs_field)
            qidui = max(need, 2 * need - _tally(tallies, singles_field), 0) - 1
            shisanyao = 12 - _tally(tallies, TALLY_YAOJIU_HELD) + (_tally(tallies, TALLY_YAOJIU_PAIRS) == 0)
            best = min(best, qidui, shisanyao)
        out[row] = best
    return out, first_invalid
