#!/usr/bin/env python3
"""Paired reading of two duplicate matches played on the same seeds.

Usage: python3 bench/paired-games.py CAND.jsonl[,CAND2.jsonl...] [BASE.jsonl[,BASE2.jsonl...]]
       (a part with * is a pattern, its files in name order: 'bench/results/t300/r*/1-rule.jsonl.gz')

CAND are the `ddz ladder --out-dir` games files of a candidate A against B; BASE (optional) those
of B against itself on the same seeds and deal counts, file for file (or of another candidate
against the same B on the same deals: the paired difference is then the one candidate's gain over
the other, the "WP 0.5 + difference" figure meaningless). Files ending in .gz are read through
gzip (bench/results/). A match's game seeds depend
only on its seed and the game's index (`Match`), so a game in which the candidate never decides
otherwise than B is move for move the baseline's game. Prints A's WP and ADP per deal with 95%
intervals (as `ddz ladder` computes them: the deal is the unit; ADP is +-2 * 2^(bombs + rockets)
a game, spring left out), and with BASE the games identical to the baseline's and the paired
difference of A's WP and ADP per deal (candidate minus baseline; the baseline's expected WP is 0.5
by symmetry), whose interval holds only the noise of the games that differ.
"""
import glob
import gzip
import json
import math
import sys


def load(files):
    deals = []
    names = []
    for part in files.split(','):
        found = sorted(glob.glob(part)) if '*' in part else [part]
        if not found:
            sys.exit(f"{part}: no file matches")
        names += found
    for f in names:
        with (gzip.open(f, 'rt', encoding='utf-8') if f.endswith('.gz') else open(f, encoding='utf-8')) as fh:
            games = sorted((json.loads(line) for line in fh if line.strip()), key=lambda r: r['game'])
        for k in range(0, len(games), 2):
            a, b = games[k], games[k + 1]
            if a['game'] % 2 != 1 or b['game'] != a['game'] + 1:
                sys.exit(f"{f}: games come in pairs, A as landlord (odd game) then A as farmers")
            # odd game: A is the landlord (seat 0); even game: A are the farmers
            wa = 1.0 if a['result']['winner'] == 'landlord' else 0.0
            wb = 1.0 if b['result']['winner'] == 'farmers' else 0.0
            pa = (2.0 if wa else -2.0) * 2 ** (a['result']['bombs'] + a['result']['rockets'])
            pb = (2.0 if wb else -2.0) * 2 ** (b['result']['bombs'] + b['result']['rockets'])
            deals.append(((wa + wb) / 2, (pa + pb) / 2, a['deal'], (a['actions'], b['actions']), wa, wb))
    return deals


def ci(v):
    n = len(v)
    m = sum(v) / n
    s = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1)) if n > 1 else float('nan')
    h = 1.959963984540054 * s / math.sqrt(n)
    return m, m - h, m + h


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    c = load(sys.argv[1])
    print("candidate: %d deals  WP %.4f [%.4f, %.4f]" % ((len(c),) + ci([d[0] for d in c])))
    print("           ADP %+.3f [%+.3f, %+.3f]" % ci([d[1] for d in c]))
    print("           WP landlord %.3f, farmers %.3f" % (sum(d[4] for d in c) / len(c), sum(d[5] for d in c) / len(c)))
    if len(sys.argv) == 3:
        b = load(sys.argv[2])
        if len(b) != len(c) or any(x[2] != y[2] for x, y in zip(c, b)):
            sys.exit("the baseline's deals are not the candidate's: same seeds and deal counts, file for file")
        same = sum((x[3][0] == y[3][0]) + (x[3][1] == y[3][1]) for x, y in zip(c, b))
        print("baseline:  WP %.4f [%.4f, %.4f]" % ci([d[0] for d in b]))
        print("games move for move the baseline's: %d of %d" % (same, 2 * len(c)))
        m, lo, hi = ci([x[0] - y[0] for x, y in zip(c, b)])
        print("paired WP difference %+.4f [%+.4f, %+.4f] (WP %.4f [%.4f, %.4f])" % (m, lo, hi, 0.5 + m, 0.5 + lo, 0.5 + hi))
        print("paired ADP difference %+.3f [%+.3f, %+.3f]" % ci([x[1] - y[1] for x, y in zip(c, b)]))


if __name__ == '__main__':
    main()
