#!/usr/bin/env python3
"""Reference implementation of pyramide's seeded dealing (formats/deal.md).

Prints deal N in the one-line form, so another program can check that it
deals exactly as pyramide does:  reference_deal.py SEED [french|spanish]
With --daily, the first seed of a date's scan for the deal of the day (the
rating that follows needs pyramide):  reference_deal.py --daily DATE [VARIANT]
"""
import datetime
import sys

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        threshold = (1 << 64) % bound  # values under it would favour small results
        while True:
            r = self.next()
            if r >= threshold:
                return r % bound


def deck(kind):
    if kind == "spanish":
        return [r + s for s in "OCEB" for r in "A23456789SCR"]
    return [r + s for s in "SHDC" for r in "A23456789TJQK"]


def shuffled(kind, seed):
    cards = deck(kind)
    rng = SplitMix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def name_hash(name):
    h = 0xCBF29CE484222325
    for b in name.encode():
        h = ((h ^ b) * 0x100000001B3) & MASK
    return h


def daily_first_seed(date, variant="traditional"):
    days = (datetime.date.fromisoformat(date) - datetime.date(1970, 1, 1)).days
    return SplitMix64(name_hash(variant) ^ days).next() >> 11


def daily_band(date):
    return ["easy", "easy", "medium", "medium", "hard", "hard", "expert"][
        datetime.date.fromisoformat(date).weekday()]


if __name__ == "__main__" and sys.argv[1:2] == ["--daily"]:
    date = sys.argv[2]
    variant = sys.argv[3] if len(sys.argv) > 3 else "traditional"
    print(daily_first_seed(date, variant), daily_band(date))
elif __name__ == "__main__":
    seed = int(sys.argv[1])
    kind = sys.argv[2] if len(sys.argv) > 2 else "french"
    print(" ".join(shuffled(kind, seed)))
