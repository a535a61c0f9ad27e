"""The batched environment's speed on one core, beside OpenSpiel's C++ ``oh_hell`` and the PettingZoo adapter,
counted the same way: agent steps (player decisions) a second, an observation and a mask made at every step.

    .venv/bin/python benchmarks/bench_vector.py [--game loo|nap] [--form three_card|five_card|irish] [--players N]
        [--batch 4096] [--seconds 2] [--rounds 1] [--seed 0] [--cpu N] [--skip-openspiel] [--skip-pettingzoo]
        [--compile-times]

For one form of a game (Three-card Loo with 5 players by default; ``--form five_card``, ``--form irish``,
``--game nap --players 4``) it measures, in one process pinned to one core with numba held to one thread:

1. OpenSpiel's C++ ``oh_hell`` at a table of the same size (``players``) and the same number of tricks
   (``num_tricks_fixed``: 3 for Three-card and Irish Loo, 5 for Five-card Loo and Nap), driven from a Python loop
   with uniform random legal actions. ``oh_hell`` has no observation tensor (``observation_tensor`` is
   unimplemented), so its information-state tensor (``state.information_state_tensor()``, 1,608 floats at five
   players and three tricks) is made at every decision, with ``state.legal_actions()`` (its form of the mask); only
   decisions (bids and cards) count as agent steps, not chance nodes.
2. The PettingZoo adapter (``loo_v0.env`` with the form's preset, ``nap_v0.env``), played as
   ``benchmarks/bench_envs.py`` plays it: ``env.last()`` (the observation and the mask) at every turn, a random
   legal action from the mask.
3. :class:`roundgames.envs.vector.BatchedGame` at ``--batch`` tables (4,096), every seat a learner (no built-in
   opponents) and ``autoreset`` on, so every table returns a learner's decision at every step: agent steps are
   ``batch x steps``. (a) ``env.step`` with a random legal action per table drawn with NumPy in Python
   (one draw a table, the ``floor(u * k)``-th of its ``k`` legal ids: :func:`uniform_legal`), the actions checked by the environment; (b) the benchmark's own
   ``@numba.njit(cache=True)`` loop calling the kernel's ``step_batch`` (``env.spec.kernel``) directly, each table's
   action uniform among its mask's set entries (xorshift64*). Each with the adapters' float32 observation and,
   separately, the compact uint8 one (``observation="uint8"``); every step writes every table's observation and
   mask either way.

Beside them: the bytes a table takes (``env.memory_per_table()``), and with ``--compile-times`` the first compile
(``BatchedGame(...).reset()`` and one ``step`` in a fresh process whose ``NUMBA_CACHE_DIR`` is an empty temporary
directory) and the load of that compiled code in a later process (the same directory; the target is under 2 s).
The targets (per core, at batch 4,096, compact observations: 2,000,000 agent steps/s for Three-card Loo at five,
1,000,000 for Five-card Loo at five and for Nap at four) are printed beside the figures, not asserted. Every figure
is the best of ``--rounds`` measurements of ``--seconds`` each, taken in turn; wall time, and in brackets the process's CPU time.
Not a test: it asserts nothing about speed.

The numba loop is compiled from a small module written for each kernel (``LOOP_SOURCE``, under the system's
temporary directory): numba caches a function by its file, and a loop that took ``step_batch`` as an argument or
closed over it would compile again in every process (the cache's key holds the dispatcher's identity). The module
holds a hash of the kernel's sources, so that an edited kernel is not run from a stale cache.
"""

from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")  # before numba is imported: one core is measured

import argparse
import hashlib
import importlib.util
import json
import platform
import random
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numba
import numpy as np

from bench_envs import play  # this script's folder is on the path: the adapters' loop, measured as there
from roundgames.envs.vector import BatchedGame

#: the forms measured, by (game, form): their name, the PettingZoo preset and oh_hell's tricks
FORMS: dict[tuple[str, str], tuple[str, str, int]] = {
    ("loo", "three_card"): ("Three-card Loo", "peel", 3),
    ("loo", "five_card"): ("Five-card Loo", "five-card", 5),
    ("loo", "irish"): ("Irish Loo", "irish", 3),
    ("nap", "nap"): ("Nap", "peel", 5),
}
DEFAULT_PLAYERS = {"loo": 5, "nap": 4}
#: agent steps a second per core at batch 4,096 with the compact observation, by (game, form) and players
TARGETS: dict[tuple[str, str, int], float] = {
    ("loo", "three_card", 5): 2_000_000,
    ("loo", "five_card", 5): 1_000_000,
    ("nap", "nap", 4): 1_000_000,
}
TARGET_BATCH = 4096

#: the benchmark's own compiled loop, written into a module per kernel (``{module}``: the kernel's; ``{digest}``:
#: a hash of its sources) so that numba's cache serves each kernel its own machine code
LOOP_SOURCE = '''"""Written by benchmarks/bench_vector.py: a random player's loop over {module}.step_batch (sources {digest})."""

import numba
import numpy as np

from {module} import step_batch


@numba.njit(cache=True)
def random_steps(state, static, seed, first, steps, x, actions, autoreset, obs, mask, seats, rewards, ended):
    """``steps`` steps of every table, each table's action uniform among its mask's set entries (xorshift64*
    from ``x``); returns the generator's state and the learners' decisions taken. ``autoreset`` is an argument,
    not the constant True: numba would compile ``step_batch`` again for a constant's own type (``Literal[bool]``)
    instead of calling the one the environment compiled."""
    tables, width = mask.shape
    decisions = 0
    for _ in range(steps):
        for b in range(tables):
            if seats[b] < 0:
                actions[b] = 0
                continue
            k = 0
            for a in range(width):
                k += mask[b, a]
            x ^= x >> np.uint64(12)
            x ^= x << np.uint64(25)
            x ^= x >> np.uint64(27)
            r = np.int64(((x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(33)) % np.uint64(k))
            for a in range(width):
                if mask[b, a]:
                    if r == 0:
                        actions[b] = a
                        break
                    r -= 1
            decisions += 1
        step_batch(state, static, seed, first, actions, autoreset, obs, mask, seats, rewards, ended)
    return x, decisions
'''


def kernel_digest(kernel: ModuleType) -> str:
    """A hash of the kernel module's source and of the roundgames modules its functions come from."""
    files = {kernel.__file__}
    for value in vars(kernel).values():
        name = getattr(value, "__name__", "") if isinstance(value, ModuleType) else ""
        name = name or getattr(getattr(value, "py_func", None), "__module__", "") or ""
        if name.startswith("roundgames"):
            files.add(sys.modules[name].__file__)
    digest = hashlib.sha256()
    for f in sorted(str(f) for f in files if f):
        digest.update(Path(f).read_bytes())
    return digest.hexdigest()[:16]


def loop_for(kernel: ModuleType) -> Callable[..., tuple[int, int]]:
    """The compiled random loop over ``kernel.step_batch`` (its module written once, then cached by numba)."""
    folder = Path(tempfile.gettempdir()) / "roundgames-bench-vector"
    folder.mkdir(exist_ok=True)
    name = "loop_" + kernel.__name__.replace(".", "_")
    path = folder / f"{name}.py"
    source = LOOP_SOURCE.format(module=kernel.__name__, digest=kernel_digest(kernel))
    if not path.exists() or path.read_text() != source:
        path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    loop: Callable[..., tuple[int, int]] = module.random_steps
    return loop


def timed(run: Callable[[float], int], seconds: float) -> tuple[float, float]:
    """``run(deadline)`` (it returns the agent steps taken): (steps a second of wall time, of CPU time)."""
    cpu = time.process_time()
    start = time.perf_counter()
    steps = run(start + seconds)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return steps / wall, steps / cpu if cpu > 0 else 0.0


def openspiel_case(players: int, tricks: int, seed: int) -> tuple[str, Callable[[float], int]]:
    import pyspiel

    params = {"players": players, "num_tricks_fixed": tricks}
    game = pyspiel.load_game("oh_hell", params)
    rng = random.Random(seed)

    def run(deadline: float) -> int:
        steps = 0
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()  # uniform here: the deal, the trump card, the dealer
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    state.information_state_tensor()
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    steps += 1
        return steps

    size = game.information_state_tensor_shape()[0]
    name = f"OpenSpiel oh_hell C++ {params}, Python loop, information_state_tensor ({size}) each decision"
    return name, run


def pettingzoo_case(game: str, preset: str, players: int, seed: int) -> tuple[str, Callable[[float], int]]:
    from roundgames.envs import loo_v0, nap_v0

    env = (loo_v0 if game == "loo" else nap_v0).env(players=players, preset=preset)
    rng = np.random.default_rng(seed)
    episodes = [0]

    def run(deadline: float) -> int:
        # bench_envs.py's loop (env.last() each turn, a random legal action), from the episodes played so far
        done, _deals, steps = play(env, rng, seed + episodes[0], deadline)
        episodes[0] += done
        return steps

    return f"PettingZoo {game}_v0.env(players={players}, preset={preset!r}), env.last() each turn", run


def batch_env(game: str, form: str | None, args: argparse.Namespace, observation: str) -> BatchedGame:
    return BatchedGame(game, form=form, batch=args.batch, players=args.players, seed=args.seed, observation=observation)


def uniform_legal(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """A uniform legal action per row of ``mask``, with one draw a row: the legal ids in row order
    (``np.nonzero``), each row's ``floor(u * k)``-th of its ``k`` (a draw per action id costs more than the step
    at Nap's 359 ids)."""
    rows, ids = np.nonzero(mask)
    counts = np.bincount(rows, minlength=len(mask))
    first = np.cumsum(counts) - counts
    pick = (rng.random(len(mask)) * counts).astype(np.int64)
    return ids[first + np.minimum(pick, np.maximum(counts - 1, 0))]


def numpy_case(env: BatchedGame, seed: int) -> Callable[[float], int]:
    rng = np.random.default_rng(seed)
    _obs, mask, _seat = env.reset()
    env.step(np.argmax(mask, axis=1))  # compiled (or loaded) before the timing

    def run(deadline: float) -> int:
        steps = 0
        mask = env.mask
        while time.perf_counter() < deadline:
            actions = uniform_legal(mask, rng)
            _obs, mask, _rewards, _ended, _seat = env.step(actions)
            steps += env.batch  # autoreset, no built-in seats: every table returns a learner's decision
        return steps

    return run


def numba_case(env: BatchedGame, seed: int) -> Callable[[float], int]:
    loop = loop_for(env.spec.kernel)
    env.reset()
    actions = np.zeros(env.batch, np.int64)
    x = [np.uint64((seed * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) % (1 << 64) or 1)]  # xorshift: not 0

    def steps(k: int) -> int:
        state, decisions = loop(
            env.state, env.static, np.uint64(env.seed), env.first_table, k, x[0], actions, True, env.obs,
            env.mask, env.seat, env.rewards, env.terminated,
        )  # fmt: skip
        x[0] = np.uint64(state)  # numba hands a uint64 back as a Python int: keep the argument's type fixed
        return int(decisions)

    steps(1)  # compiled (or loaded) before the timing
    start = time.perf_counter()
    steps(1)
    chunk = max(1, int(0.05 / max(time.perf_counter() - start, 1e-6)))  # about 50 ms a call

    def run(deadline: float) -> int:
        done = 0
        while time.perf_counter() < deadline:
            done += steps(chunk)
        return done

    return run


COMPILE_SNIPPET = """
import json, sys, time
t0 = time.perf_counter()
import numpy as np
from bench_envs import play  # this script's folder is on the path: the adapters' loop, measured as there
from roundgames.envs.vector import BatchedGame
t1 = time.perf_counter()
out = {"import": t1 - t0}
for kind in ("float32", "uint8"):
    t = time.perf_counter()
    env = BatchedGame(sys.argv[1], form=sys.argv[2] or None, batch=8, players=int(sys.argv[3]), observation=kind)
    obs, mask, seat = env.reset()
    env.step(np.argmax(mask, axis=1))
    out[kind] = time.perf_counter() - t
print(json.dumps(out))
"""


def compile_times(game: str, form: str, players: int) -> list[str]:
    """The first compile in a fresh process with an empty numba cache, then the load in a later one."""
    lines = []
    with tempfile.TemporaryDirectory(prefix="roundgames-numba-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("first compile (empty cache)", "load from the cache (a later process)"):
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", COMPILE_SNIPPET, game, form, str(players)],
                capture_output=True, text=True, env=env, check=False,
            )  # fmt: skip
            total = time.perf_counter() - start
            if done.returncode != 0:
                lines.append(f"{label}: failed: {done.stderr.strip().splitlines()[-1:]}")
                continue
            t = json.loads(done.stdout.strip().splitlines()[-1])
            target = "  (target: under 2 s)" if label.startswith("load") else ""
            lines.append(
                f"{label}: reset + step {t['float32']:.2f} s (float32), then {t['uint8']:.2f} s more (uint8); "
                f"import {t['import']:.2f} s; the whole process {total:.2f} s{target}"
            )
    return lines


def pin(cpu: int | None) -> int:
    """Pin this process to one core: ``cpu``, or the first it may run on."""
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[0] if cpu is None else cpu
    os.sched_setaffinity(0, {chosen})
    return chosen


def parse(argv: list[str] | None) -> argparse.Namespace | None:
    """The command line, checked (None after printing the error of a bad value)."""
    parser = argparse.ArgumentParser(
        description="The batched environment beside OpenSpiel's oh_hell and the PettingZoo adapter, on one core."
    )
    parser.add_argument("--game", choices=sorted(DEFAULT_PLAYERS), default="loo", help="the game (default loo)")
    parser.add_argument("--form", choices=["three_card", "five_card", "irish"], default=None, help="Loo's form")
    parser.add_argument("--players", type=int, default=None, help="seats at the table (default: Loo 5, Nap 4)")
    parser.add_argument("--batch", type=int, default=TARGET_BATCH, help=f"tables (default {TARGET_BATCH:,})")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds a measurement (default 2)")
    parser.add_argument("--rounds", type=int, default=1, help="measurements of each, the best kept (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and the random players (default 0)")
    parser.add_argument("--cpu", type=int, default=None, help="the core to pin to (default: the first allowed)")
    parser.add_argument("--skip-openspiel", action="store_true", help="leave out OpenSpiel's oh_hell")
    parser.add_argument("--skip-pettingzoo", action="store_true", help="leave out the PettingZoo adapter")
    parser.add_argument("--compile-times", action="store_true", help="also time the first compile and a cached load")
    args = parser.parse_args(argv)
    for flag, value in (("--seconds", args.seconds), ("--rounds", args.rounds), ("--batch", args.batch)):
        if not value > 0:
            print(f"{parser.prog}: error: {flag}: above 0, got {value}", file=sys.stderr)
            return None
    if args.game == "nap" and args.form not in (None, "nap"):
        print(f"{parser.prog}: error: --form: Nap has one form, got {args.form}", file=sys.stderr)
        return None
    args.form = args.form or ("three_card" if args.game == "loo" else "nap")
    args.players = args.players if args.players is not None else DEFAULT_PLAYERS[args.game]
    return args


def measure(
    args: argparse.Namespace, tricks: int, preset: str
) -> tuple[dict[str, tuple[float, float]], dict[str, int]]:
    """Every case's best rate (wall, CPU) by name, and the batch's bytes a table by observation kind."""
    cases: list[tuple[str, Callable[[float], int]]] = []
    if not args.skip_openspiel:
        cases.append(openspiel_case(args.players, tricks, args.seed))
    if not args.skip_pettingzoo:
        cases.append(pettingzoo_case(args.game, preset, args.players, args.seed))
    form = None if args.game == "nap" else args.form
    memory: dict[str, int] = {}
    for kind in ("float32", "uint8"):
        env = batch_env(args.game, form, args, kind)
        memory[kind] = env.memory_per_table()
        cases.append((f"BatchedGame {kind}, env.step, NumPy random actions", numpy_case(env, args.seed)))
        env = batch_env(args.game, form, args, kind)
        cases.append((f"BatchedGame {kind}, numba loop over step_batch", numba_case(env, args.seed)))
    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.rounds):
        for name, run in cases:
            rate = timed(run, args.seconds)
            if name not in best or rate[0] > best[name][0]:
                best[name] = rate
    return best, memory


def report_target(args: argparse.Namespace, title: str, best: dict[str, tuple[float, float]]) -> None:
    """The form's target beside the compact observation's two figures."""
    target = TARGETS.get((args.game, args.form, args.players))
    if target is None:
        print(f"target: none set for {title} at {args.players} players")
        return
    note = "" if args.batch == TARGET_BATCH else f" (measured at batch {args.batch:,}, not {TARGET_BATCH:,})"
    print(f"target: at least {target:,.0f} agent steps/s per core, batch {TARGET_BATCH:,}, uint8{note}")
    for how in ("env.step, NumPy random actions", "numba loop over step_batch"):
        got = best[f"BatchedGame uint8, {how}"][0]
        print(f"  uint8, {how}: {got:,.0f} ({got / target:.2f}x the target): {'met' if got >= target else 'not met'}")


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args is None:
        return 2
    title, preset, tricks = FORMS[(args.game, args.form)]
    cpu = pin(args.cpu)
    best, memory = measure(args, tricks, preset)
    command = shlex.join(sys.orig_argv) if argv is None else shlex.join([sys.executable, __file__, *argv])
    print(f"command: {command}")
    print(
        f"python {platform.python_version()}, numpy {np.__version__}, numba {numba.__version__} "
        f"(threads {numba.get_num_threads()}), {platform.machine()}, pinned to cpu {cpu}"
    )
    print(
        f"{title} ({args.game} {args.form}), {args.players} players; batch {args.batch:,}; best of {args.rounds} "
        f"of {args.seconds:g} s; agent steps a second of wall time (of CPU time)"
    )
    if args.skip_openspiel:
        print("OpenSpiel oh_hell: skipped (--skip-openspiel)")
    if args.skip_pettingzoo:
        print("PettingZoo: skipped (--skip-pettingzoo)")
    for name, (wall, cpu_rate) in best.items():
        print(f"{name:<112} {wall:>13,.0f} agent steps/s ({cpu_rate:,.0f})")
    print(f"memory per table: {memory['float32']:,} bytes (float32), {memory['uint8']:,} bytes (uint8)")
    report_target(args, title, best)
    if args.compile_times:
        for line in compile_times(args.game, "" if args.game == "nap" else args.form, args.players):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
