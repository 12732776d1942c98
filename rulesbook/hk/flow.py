"""From hand to hand in Hong Kong (HK-FLOW-10, 11, 12; HK-ZH-4, 5): the next dealer, his streak and
the round wind after a hand, and the finding for a recorded hand that contradicts them.

``opts.dealer_rotation``: ``dealer_win`` (default: the dealer keeps on his win, also as one of
several winners), ``dealer_win_or_draw`` (also on a 流局, 冧莊), ``always`` (the deal passes after
every hand). ``streak`` carries no money (HK-PAY-5).
"""
from __future__ import annotations

from rulesbook.rotation import Next, next_hand

__all__ = ["Next", "next_hand"]


