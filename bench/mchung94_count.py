#!/usr/bin/env python3
"""Counts a line of mchung94/pyramid-solver in pyramide's moves.

Usage: mchung94_count.py DECK < LINE   (DECK: the 52-card deck string, as
`pyramide deal --format mchung94` writes it; LINE: the solver's printed list,
or NIL). Prints its steps, and the moves the same line takes in pyramide's
count, or "none" twice for NIL.

The two count every action, draws and recycles too, and differ in one thing:
there the stock's top card is face up and pairs at once; in pyramide a card
of the stock is in play once turned, and a draw turns the next card (moving
the one turned before, if any, to the waste). So the line takes one draw more
each time it uses the stock's top card while pyramide has no card turned: at
the start of each pass, and after the turned card was removed. The line is
replayed card by card, and a card it names that is not in play stops the
count with an error.
"""
import re
import sys


def main() -> int:
    deck = [sys.argv[1][i:i + 2].upper() for i in range(0, len(sys.argv[1]), 2)]
    text = sys.stdin.read().strip()
    if text.upper() == "NIL":
        print("none none")
        return 0
    inner = text[1:-1] if text.startswith("(") and text.endswith(")") else text
    actions = re.findall(r'"(Draw|Recycle)"|\(("[^()]*")\)', inner)
    if not actions:
        print(f"mchung94_count: no line in {text[:60]!r}", file=sys.stderr)
        return 2
    pyramid = set(deck[:28])
    stock = deck[28:]  # its first card is the top, the first turned
    waste = []
    turned = False  # pyramide: is the stock's top card turned?
    extra = 0
    for draw_or_recycle, cards in actions:
        if draw_or_recycle == "Draw":
            if not stock:
                raise SystemExit("mchung94_count: a draw from an empty stock")
            extra += 0 if turned else 1
            waste.append(stock.pop(0))
            turned = bool(stock)
        elif draw_or_recycle == "Recycle":
            stock, waste, turned = waste, [], False
        else:
            for card in re.findall(r'"(..)"', cards):
                card = card.upper()
                if stock and stock[0] == card:
                    extra += 0 if turned else 1
                    stock.pop(0)
                    turned = False
                elif waste and waste[-1] == card:
                    waste.pop()
                elif card in pyramid:
                    pyramid.discard(card)
                else:
                    raise SystemExit(f"mchung94_count: {card} is not in play")
    if pyramid:
        raise SystemExit(f"mchung94_count: the line leaves {len(pyramid)} pyramid cards")
    print(len(actions), len(actions) + extra)
    return 0


if __name__ == "__main__":
    sys.exit(main())
