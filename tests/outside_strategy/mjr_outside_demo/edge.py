"""The kernel of ``edge_legal``: which end of the legal action codes it takes (tests edit ``END``)."""
from numba import njit

END = 0  # 0: the legal action of the lowest code; 1: of the highest


@njit(cache=True)
def edge_action(mask):
    """Return the legal ACT_* code at the ``END`` end of ``mask`` (bool[N_ACTIONS])."""
    if END == 0:
        for action in range(mask.shape[0]):
            if mask[action]:
                return action
    for action in range(mask.shape[0] - 1, -1, -1):
        if mask[action]:
            return action
    return -1
