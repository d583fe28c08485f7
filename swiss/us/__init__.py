"""US Chess pairings (Official Rules of Chess, 7th edition, rules 27-29 and 28L).

`pair(state, options)` pairs the next round; `pair_with_log` also gives the
pairing-logic log, one line per board; `swiss.us.check.check` lists the findings
of any proposed pairing.  The director's variations are `USOptions`.
"""

from __future__ import annotations

from swiss.us.options import USOptions
from swiss.us.pairing import USPairing, order_boards, pair, pair_with_log

__all__ = ["USOptions", "USPairing", "order_boards", "pair", "pair_with_log"]
