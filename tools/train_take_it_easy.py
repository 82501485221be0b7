"""Train the strong Take It Easy bot's value tables (offline; numpy needed here, not in the page).

The shipped py/ludotheque/games/take_it_easy/data/weights.json was made by three runs. The first two
(about 10 and 11 minutes on a shared 2-core machine; greedy 1-ply evaluation 163.7, then 164.1 on
4000 rounds) trained the tables' first layout (commit 662ab87: F3 knew only whether each line was
empty, broken or showing which value, and there was no F4), with that commit's trainer:

    python3 tools/train_take_it_easy.py --heuristic-start --games 400000 --batch 500 \
        --alpha 0.04 --alpha-end 0.005 --lam 0.3 --seed 1 --eval-games 4000 --out /tmp/stage1.json
    python3 tools/train_take_it_easy.py --init /tmp/stage1.json --games 400000 --batch 500 \
        --alpha 0.006 --alpha-end 0.001 --lam 0.3 --seed 2 --eval-games 4000 --out /tmp/stage2.json

(/tmp/stage2.json is also `git show 662ab87:py/ludotheque/bots/data/take_it_easy_weights.json`).
The third run (19 minutes; greedy 164.5) starts from it, its F3 entries copied to every finer state
and F4 at 0 (--init reads both layouts):

    python3 tools/train_take_it_easy.py --init /tmp/stage2.json --games 2000000 --batch 500 \
        --alpha 0.01 --alpha-end 0.001 --lam 0.3 --seed 3 --eval-games 4000

    python3 tools/train_take_it_easy.py [--games 1000000] [--batch 1000] [--seed 1]
                                        [--out py/ludotheque/games/take_it_easy/data/weights.json]

TD(0) on afterstates with an n-tuple network (Szubert & Jaśkowski's 2048 recipe): many solo rounds
are played side by side, each placing the drawn tile where reward + V(afterstate) is largest; after
every placement the previous afterstate's value moves toward reward + V(new afterstate). The reward
of a placement is the points of the lines it completes, so V estimates the points still to come.
The tables and their indices are defined once, in ludotheque/games/take_it_easy/value.py
(`feature_indices`); this script computes the same indices with numpy for whole batches and checks
that they agree. Deterministic for a given seed (numpy's PCG64). The weights are written as int16
(1/SCALE points), zlib-compressed and base64-encoded in JSON, which the page reads with the stdlib.
"""
from __future__ import annotations

import argparse
import base64
import json
import sys
import time
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from ludotheque.games.take_it_easy import bots as tb  # noqa: E402
from ludotheque.games.take_it_easy.rules import CELL_LINES, LINE_DIRECTION, LINES, VALUES  # noqa: E402

SCALE = 64
NFEAT = 15 + 3 + 19 + 9
DUMMY = tb.TABLE_SIZE  # the slot of absent F3 entries (filled cells); always 0

TV = np.array([[t // 9, t // 3 % 3, t % 3] for t in range(27)], dtype=np.int64)
CL = np.array(CELL_LINES, dtype=np.int64)
LDIR = np.array(LINE_DIRECTION, dtype=np.int64)
LINE_IDS = np.arange(15)
OFF1 = np.array(tb.F1_OFFSET, dtype=np.int64)
OFF2 = np.array(tb.F2_OFFSET, dtype=np.int64)
OFF3 = np.array(tb.F3_OFFSET, dtype=np.int64)
POW = tb.F2_STATES ** np.arange(5)
LENGTH = np.array([len(cells) for cells in LINES], dtype=np.int64)
VALUE_IDS = np.arange(9).reshape(3, 3)  # 3 * direction + value
assert list(LINE_DIRECTION) == [d for d in range(3) for _ in range(5)]


def _luts() -> tuple[np.ndarray, ...]:
    """Per (line, filled, value mask): F1 status, F2 coarse state, F3 ask, value index, points."""
    shape = (15, 6, 8)
    status, coarse, ask, value, points = (np.zeros(shape, np.int64) for _ in range(5))
    value[:] = -1
    for i in range(15):
        length = len(LINES[i])
        for k in range(6):
            for mask in range(8):
                bits = bin(mask).count("1")
                if k == 0 or mask == 0:
                    continue
                if bits > 1:
                    status[i, k, mask], coarse[i, k, mask], ask[i, k, mask] = 1, 1, 1
                    continue
                if k > length:
                    continue
                x = mask.bit_length() - 1
                value[i, k, mask] = x
                status[i, k, mask] = 2 + x * length + k - 1
                coarse[i, k, mask] = 1 if k == length else 2 + 3 * x + min(length - k, 3) - 1
                ask[i, k, mask] = coarse[i, k, mask]
                if k == length:
                    points[i, k, mask] = VALUES[LINE_DIRECTION[i]][x] * length
    return status, coarse, ask, value, points


STATUS, COARSE, ASK, XVAL, POINTS = _luts()
ASK_TO_A = np.array(tb.ASK_A, dtype=np.int64)
FITMAT = np.array([[1 if all(a == 3 or a == x for a, x in zip((av, au, ad), TV[t])) else 0
                    for av in range(4) for au in range(4) for ad in range(4)] for t in range(27)],
                  dtype=np.int64)  # (27, 64)


def candidate_features(board, k, mask, present, tile):
    """For B games (board (B,19) with -1 for empty, line fill counts and value masks (B,15),
    unseen-tile presence (B,27) already without `tile`) and the tile to place (B,): the empty
    cells (B,K), the feature indices of every afterstate (B,K,NFEAT), and the points on each
    afterstate's board (B,K)."""
    B = board.shape[0]
    K = int((board[0] < 0).sum())
    empties = np.nonzero(board < 0)[1].reshape(B, K)
    lines = CL[empties]                                    # (B,K,3)
    ck = np.repeat(k[:, None, :], K, axis=1)
    cm = np.repeat(mask[:, None, :], K, axis=1)
    np.put_along_axis(ck, lines, np.take_along_axis(ck, lines, 2) + 1, 2)
    bits = (1 << TV[tile])[:, None, :]                     # (B,1,3)
    np.put_along_axis(cm, lines, np.take_along_axis(cm, lines, 2) | bits, 2)
    status = STATUS[LINE_IDS, ck, cm]
    coarse = COARSE[LINE_IDS, ck, cm]
    ask = ASK[LINE_IDS, ck, cm]
    xval = XVAL[LINE_IDS, ck, cm]
    points = POINTS[LINE_IDS, ck, cm].sum(-1)
    m = K - 1
    rem = np.stack([present.reshape(B, 3, 3, 3).sum((2, 3)), present.reshape(B, 3, 3, 3).sum((1, 3)),
                    present.reshape(B, 3, 3, 3).sum((1, 2))], axis=1)   # (B,3 dir,3 x)
    r = rem[np.arange(B)[:, None, None], LDIR[None, None, :], np.maximum(xval, 0)]
    r = np.where(status >= 2, r, 0)
    f1 = OFF1 + (status * tb.REM_SIZE + r) * tb.M_SIZE + m
    f2 = OFF2 + (coarse.reshape(B, K, 3, 5) * POW).sum(-1)
    q = ask[:, :, CL]                                       # (B,K,19,3)
    a = ASK_TO_A[q]
    fits = present @ FITMAT                                 # (B,64)
    fit = np.take_along_axis(fits, (a[..., 0] * 16 + a[..., 1] * 4 + a[..., 2]).reshape(B, -1),
                             1).reshape(B, K, 19)
    code = (q[..., 0] * tb.F2_STATES + q[..., 1]) * tb.F2_STATES + q[..., 2]
    f3 = OFF3 + ((code * 10 + np.minimum(fit, 9)) * 4 + m // 5)
    empty_after = (board < 0)[:, None, :] & (np.arange(19) != empties[:, :, None])
    f3 = np.where(empty_after, f3, DUMMY)
    missing = np.where(status >= 2, LENGTH - ck, 0)
    demand = ((xval[..., None] == np.arange(3)) * missing[..., None]).reshape(B, K, 3, 5, 3).sum(3)
    f4 = tb.F4_OFFSET + ((VALUE_IDS * tb.DEMAND_SIZE + np.minimum(demand, tb.DEMAND_SIZE - 1)) * tb.REM_SIZE
                         + rem[:, None]) * tb.M_SIZE + m
    return empties, np.concatenate([f1, f2, f3, f4.reshape(B, K, 9)], axis=2), points, ck, cm


def play_batch(weights, rng, B, alpha=0.0, lam=0.0, epsilon=0.0, visits=None, visit_rate=0.0, check=False):
    """Play B solo rounds side by side, greedily on `weights`; with alpha > 0, then learn from
    them: every afterstate's value moves toward its TD(lambda) return. Returns the scores (B,)."""
    order = np.argsort(rng.random((B, 27)), axis=1)[:, :19]
    board = -np.ones((B, 19), np.int64)
    k = np.zeros((B, 15), np.int64)
    mask = np.zeros((B, 15), np.int64)
    present = np.ones((B, 27), np.int64)
    score = np.zeros(B, np.int64)
    rows = np.arange(B)
    history = []  # per step: (features of the chosen afterstate, its value, the placement's reward)
    for step in range(19):
        tile = order[:, step]
        present[rows, tile] = 0
        empties, idx, points, ck, cm = candidate_features(board, k, mask, present, tile)
        if check and step in (3, 9, 15):
            _check_against_python(board, present, tile, empties, idx)
        values = weights[idx].sum(-1) if step < 18 else np.zeros(empties.shape)
        reward = points - score[:, None]
        choice = np.argmax(reward + values, axis=1)
        if epsilon > 0:
            explore = rng.random(B) < epsilon
            choice = np.where(explore, rng.integers(0, empties.shape[1], B), choice)
        history.append((idx[rows, choice], values[rows, choice], reward[rows, choice]))
        board[rows, empties[rows, choice]] = tile
        k, mask = ck[rows, choice], cm[rows, choice]
        score = points[rows, choice]
    if alpha > 0:
        _learn(weights, history, alpha, lam, visits, visit_rate)
    return score


def _learn(weights, history, alpha, lam, visits, visit_rate):
    """TD(lambda) returns of afterstates 0..17 (afterstate 18, the full board, is worth 0), then
    each entry moves by alpha (or visit_rate / its visits so far, while larger) times its mean
    error."""
    ret = np.zeros(history[0][1].shape)
    idxs, deltas = [], []
    for t in range(17, -1, -1):
        _, next_val, next_reward = history[t + 1]
        ret = next_reward + (1 - lam) * next_val + lam * ret
        idx, val, _ = history[t]
        idxs.append(idx)
        deltas.append(ret - val)
    idx = np.concatenate(idxs)
    delta = np.concatenate(deltas)
    flat = idx.ravel()
    sums = np.bincount(flat, weights=np.repeat(delta, idx.shape[1]), minlength=weights.size)
    counts = np.bincount(flat, minlength=weights.size)
    rate = alpha
    if visits is not None:
        visits += counts
        rate = np.maximum(alpha, visit_rate / np.maximum(visits, 1))
    weights += rate * sums / np.maximum(counts, 1)
    weights[DUMMY] = 0.0


def _check_against_python(board, present, tile, empties, idx):
    for b in range(min(3, board.shape[0])):
        pool = [t for t in range(27) if present[b, t]]
        for j, cell in enumerate(empties[b][:3]):
            after = [None if x < 0 else int(x) for x in board[b]]
            after[cell] = int(tile[b])
            want = sorted(tb.feature_indices(after, pool))
            got = sorted(int(i) for i in idx[b, j] if i != DUMMY)
            assert want == got, (after, pool, want, got)


def heuristic_start(weights, cautious: float = 1.5) -> None:
    """Fill the per-line tables with the medium bot's line potential (an open line is worth
    points * filled / (filled + cautious * missing) while enough matching tiles are unseen), so that
    learning starts from a sensible player instead of a random one."""
    for i, cells in enumerate(LINES):
        length, d = len(cells), LINE_DIRECTION[i]
        for x in range(3):
            points = VALUES[d][x] * length
            for filled in range(1, length):
                missing = length - filled
                status = 2 + x * length + filled - 1
                for r in range(missing, tb.REM_SIZE):
                    for m in range(missing, tb.M_SIZE):
                        weights[OFF1[i] + (status * tb.REM_SIZE + r) * tb.M_SIZE + m] = \
                            points * filled / (filled + cautious * missing)


V1_F3_SIZE = 125 * 10 * 4
V1_TABLE_SIZE = tb.F3_OFFSET[0] + 10 * V1_F3_SIZE


def load_init(path: Path) -> np.ndarray:
    """Weights (in points, with the DUMMY slot) from a file written here, or from one of the first
    layout (format 1 with V1_TABLE_SIZE entries: F3 asked only 0 broken, 1 empty, 2 + x of each
    line), whose F3 entries are copied to every coarse state showing the same ask."""
    doc = json.loads(path.read_text())
    if doc.get("table_size") == tb.F4_OFFSET:
        weights = np.zeros(tb.TABLE_SIZE + 1)
        raw = np.frombuffer(zlib.decompress(base64.b64decode(doc["int16le_zlib_b64"])), dtype="<i2")
        weights[:tb.F4_OFFSET] = raw.astype(np.float64) / doc["scale"]
        return weights
    if doc.get("table_size") != V1_TABLE_SIZE:
        return np.array(tb.load_weights(path), dtype=np.float64) / SCALE
    raw = np.frombuffer(zlib.decompress(base64.b64decode(doc["int16le_zlib_b64"])), dtype="<i2")
    old = raw.astype(np.float64) / doc["scale"]
    weights = np.zeros(tb.TABLE_SIZE + 1)
    weights[:tb.F3_OFFSET[0]] = old[:tb.F3_OFFSET[0]]
    v1_ask = np.array([1, 0] + [2 + x for x in range(3) for _ in range(3)])
    q = np.arange(tb.F2_STATES)
    code = (v1_ask[q][:, None, None] * 25 + v1_ask[q][None, :, None] * 5 + v1_ask[q][None, None, :]).ravel()
    rest = np.arange(40)
    v1_index = (code[:, None] * 40 + rest).ravel()  # F3 entry of the first layout for each new one
    for table in range(10):
        new_at = tb.F3_OFFSET[0] + table * tb.F3_SIZE
        old_at = tb.F3_OFFSET[0] + table * V1_F3_SIZE
        weights[new_at:new_at + tb.F3_SIZE] = old[old_at + v1_index]
    return weights


def save(weights, path: Path, meta: dict) -> None:
    q = np.clip(np.round(weights[:tb.TABLE_SIZE] * SCALE), -32768, 32767).astype("<i2")
    blob = base64.b64encode(zlib.compress(q.tobytes(), 9)).decode("ascii")
    doc = {"format": 1, "table_size": tb.TABLE_SIZE, "scale": SCALE, "meta": meta, "int16le_zlib_b64": blob}
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha", type=float, default=0.02)
    parser.add_argument("--alpha-end", type=float, default=0.002)
    parser.add_argument("--epsilon", type=float, default=0.0)
    parser.add_argument("--lam", type=float, default=0.5)
    parser.add_argument("--visit-rate", type=float, default=0.0,
                        help="per-entry rate max(alpha, VISIT_RATE / visits so far); 0: off")
    parser.add_argument("--eval-games", type=int, default=5000)
    parser.add_argument("--init", type=Path, help="start from these weights (JSON as written here)")
    parser.add_argument("--heuristic-start", action="store_true", help="start the line tables from the medium bot")
    parser.add_argument("--out", type=Path, default=ROOT / "py/ludotheque/games/take_it_easy/data/weights.json")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    weights = np.zeros(tb.TABLE_SIZE + 1)
    if args.init:
        weights[:] = load_init(args.init)
    elif args.heuristic_start:
        heuristic_start(weights)
    play_batch(weights, np.random.default_rng(0), 50, check=True)
    visits = np.zeros(weights.size) if args.visit_rate > 0 else None
    batches = args.games // args.batch
    started = time.time()
    recent = []
    for n in range(batches):
        frac = n / batches
        alpha = args.alpha * (args.alpha_end / args.alpha) ** frac
        scores = play_batch(weights, rng, args.batch, alpha=alpha, lam=args.lam, epsilon=args.epsilon,
                            visits=visits, visit_rate=args.visit_rate)
        recent.append(scores.mean())
        if (n + 1) % max(1, batches // 50) == 0 or n + 1 == batches:
            print(f"{(n + 1) * args.batch:>9} games  alpha {alpha:.4f}  training mean "
                  f"{np.mean(recent):6.2f}  [{time.time() - started:.0f} s]", flush=True)
            recent = []
    evaluation = play_batch(weights, np.random.default_rng(12345), args.eval_games)
    print(f"greedy evaluation on {args.eval_games} rounds: mean {evaluation.mean():.2f} "
          f"sd {evaluation.std():.1f}", flush=True)
    meta = {"games": batches * args.batch, "batch": args.batch, "seed": args.seed, "alpha": args.alpha,
            "alpha_end": args.alpha_end, "epsilon": args.epsilon, "lam": args.lam,
            "visit_rate": args.visit_rate, "seconds": round(time.time() - started),
            "eval_mean": round(float(evaluation.mean()), 2), "eval_games": args.eval_games}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save(weights, args.out, meta)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
