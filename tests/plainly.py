"""Whether a secret or a piece of personal data is in a text as a value of its own.

A saved memory file carries a random revision ("02468ba728de1722"), a hash its salt: four digits in a row
turn up inside them by chance (a PIN test failed once on "2468" in a revision), so "not in" would fail
one run in a few thousand. A digit string counts only where no letter or digit runs on either side of it.
"""

from __future__ import annotations

import re


def plainly(secret: str, text: str) -> bool:
    return re.search(rf"(?<![0-9A-Za-z+/$]){re.escape(secret)}(?![0-9A-Za-z+/$])", text) is not None
