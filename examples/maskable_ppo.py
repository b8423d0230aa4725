"""A masked-policy baseline: sb3-contrib's MaskablePPO on the Starmine solo and on It's Mine!
against ``normal`` (``asobi[learn]``: sb3-contrib, with torch).

    .venv/bin/python examples/maskable_ppo.py                          # about 7 min of CPU
    .venv/bin/python examples/maskable_ppo.py --steps 122880 --out docs/rl   # docs/rl.md
    .venv/bin/python examples/maskable_ppo.py --tasks itsmine-normal --seed 1

**The tasks.** ``starmine-solo`` is Starmine Rummy Pocket's solo contest (ソロ用ルール):
``gymnasium.make("asobi/starmine-v0", options={"players": 1})``, 1186 choices, about 25 a
game, the reward at the end the contest's evaluation (0 on a failed launch, 打上げ失敗).
``itsmine-normal`` is It's Mine! from seat 0 against asobi's ``normal`` bot (the greedy
heuristic): 502 choices, about 30 a game, the reward at the end +1 for a win, -1 for a loss,
0 for a tie.

**The wrapper.** The Gymnasium environment already has the method MaskablePPO asks for,
``action_masks()``; sb3-contrib finds it through any wrappers (``get_wrapper_attr``), so
its ``ActionMasker`` is not needed. What the library's ``MlpPolicy`` cannot take is the
dict observation, so :func:`make_env` keeps only the vector with Gymnasium's own wrappers
(``FilterObservation`` then ``FlattenObservation``); the mask reaches the policy through
``action_masks()`` alone, and masked-out actions get probability 0. Every environment here
is made with ``illegal="raise"``: an illegal choice raises the game's ``IllegalAction``
instead of costing -1, so a run that finishes never sent one.

**Training.** MaskablePPO with the library's defaults (two hidden layers of 64 for the
policy and for the value, Adam at 3e-4, 10 epochs of minibatches of 64, clip 0.2, γ 0.99,
GAE λ 0.95), one environment, ``--rollout`` steps a rollout. The Starmine scores (0..30)
are divided by 10 for training only, so that the value loss does not swamp the gradient
clipping; every figure reported is the game's own return.

**Evaluation.** Before training and after every ``--steps`` / ``--evals`` steps (rounded
up to whole rollouts), the policy plays the same ``--eval-episodes`` held-out games (seeds
from 2**30; training games are drawn from the training environment's own generator),
taking its most likely legal action. Two fixed lines to read the curve against, on the same
games: a uniformly random legal policy, and asobi's ``normal`` bot playing the learning
seat (in Starmine solo, the greedy bot; in It's Mine!, the same bot as the opponent, a
mirror match). For each: the mean return with its standard error and a share: failed
launches in Starmine, wins in It's Mine!.

**Output** in ``--out``: ``maskable_ppo.json`` (the settings, every evaluation, the CPU
seconds), ``maskable_ppo.csv`` (one row an evaluation) and ``maskable_ppo.png`` (the
learning curves). One seed gives the same figures on one machine: the library seeds torch,
numpy and the training environment from ``--seed``, torch runs on one thread on the CPU,
and the evaluation games and the random policy are seeded too. Only the CPU times differ.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import gymnasium
import matplotlib
import numpy as np
import torch
from gymnasium.wrappers import FilterObservation, FlattenObservation, TransformReward
from sb3_contrib import MaskablePPO

import asobi.adapters.gymnasium_env  # noqa: F401  (registers asobi/<game>-v0)
from asobi.adapters.gymnasium_env import AsobiEnv, gym_id
from asobi.core.bots import Bot, choose_for, make_bot, mix_seeds

matplotlib.use("Agg")  # files only, no display
from matplotlib import pyplot  # after the backend is chosen

EVAL_SEED_BASE = 2**30  # held-out games: seeds 2**30, 2**30 + 1, ...
REFERENCE_BOT = "normal"


@dataclass(frozen=True)
class Task:
    """One environment to learn, and how to read its returns."""

    name: str
    game: str
    kwargs: dict[str, Any]
    reward_scale: float  # training rewards only: keeps the value loss near 1
    share: str  # what the share of evaluation games counts
    counts: Callable[[float], bool]  # whether a game's return counts towards the share
    metric: str  # the y axis: what the mean return is


TASKS = {
    task.name: task
    for task in (
        Task(
            "starmine-solo",
            "starmine",
            {"options": {"players": 1}},
            reward_scale=0.1,
            share="failed launches",
            counts=lambda score: score == 0.0,
            metric="mean score (solo evaluation)",
        ),
        Task(
            "itsmine-normal",
            "itsmine",
            {"opponents": REFERENCE_BOT},
            reward_scale=1.0,
            share="wins",
            counts=lambda place: place > 0.0,
            metric=f"mean return vs {REFERENCE_BOT} (+1 win, -1 loss)",
        ),
    )
}


def make_env(task: Task, reward_scale: float = 1.0) -> gymnasium.Env[Any, Any]:
    """The task's environment as MaskablePPO takes it: the observation vector alone (the
    mask comes from ``action_masks()``), illegal choices raising."""
    env: gymnasium.Env[Any, Any] = gymnasium.make(gym_id(task.game), illegal="raise", **task.kwargs)
    env = FlattenObservation(FilterObservation(env, ["observation"]))
    if reward_scale != 1.0:
        env = TransformReward(env, lambda reward: float(reward) * reward_scale)
    return env


def asobi_env(env: gymnasium.Env[Any, Any]) -> AsobiEnv:
    inner = env.unwrapped
    assert isinstance(inner, AsobiEnv)
    return inner


# --- the policies evaluated ------------------------------------------------------------
Policy = Callable[[gymnasium.Env[Any, Any], Any], int]
"""A choice for the learning seat, from the (wrapped) environment and its observation."""


def ppo_policy(model: MaskablePPO) -> Policy:
    def choose(env: gymnasium.Env[Any, Any], observation: Any) -> int:
        mask = asobi_env(env).action_masks()
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    return choose


def random_policy(seed: int) -> Policy:
    rng = np.random.default_rng([seed, 1])

    def choose(env: gymnasium.Env[Any, Any], observation: Any) -> int:
        return int(rng.choice(np.flatnonzero(asobi_env(env).action_masks())))

    return choose


def bot_policy(name: str, seed: int) -> Policy:
    """asobi's bot ``name`` in the learning seat, its action turned into the choice index."""
    bots: dict[int, Bot] = {}  # a new bot each game, keyed by the game's seed

    def choose(env: gymnasium.Env[Any, Any], observation: Any) -> int:
        inner = asobi_env(env)
        table = inner.table
        game = table.match.record.seed
        if game not in bots:
            bots.clear()
            bots[game] = make_bot(name, table.spec.id, seed=mix_seeds(seed, game, inner.seat))
        return table.coding.space.index(choose_for(bots[game], table.state, inner.seat))

    return choose


@dataclass(frozen=True)
class Evaluation:
    policy: str
    timesteps: int  # training steps before it (0 for the fixed lines)
    mean: float
    sem: float  # the standard error of the mean
    share: float  # of the games: failed launches (Starmine), wins (It's Mine!)


def evaluate(
    task: Task, name: str, policy: Policy, episodes: int, timesteps: int = 0
) -> Evaluation:
    """The policy's returns on the held-out games (every policy plays the same deals)."""
    env = make_env(task)
    returns = []
    for game in range(EVAL_SEED_BASE, EVAL_SEED_BASE + episodes):
        observation, _ = env.reset(seed=game)
        while True:
            observation, reward, terminated, truncated, _ = env.step(policy(env, observation))
            if terminated or truncated:
                returns.append(float(reward))
                break
    r = np.asarray(returns)
    sem = float(r.std(ddof=1) / math.sqrt(len(r))) if len(r) > 1 else 0.0
    share = float(np.mean([task.counts(x) for x in returns]))
    return Evaluation(name, timesteps, float(r.mean()), sem, share)


# --- one run ---------------------------------------------------------------------------
@dataclass
class Curve:
    """One task's run: the learning curve, the fixed lines and the CPU it took."""

    task: str
    steps: int
    seed: int
    rollout: int
    eval_episodes: int
    baselines: list[Evaluation] = field(default_factory=list)  # random, the bot
    curve: list[Evaluation] = field(default_factory=list)  # the policy, 0 steps first
    train_cpu_seconds: float = 0.0
    eval_cpu_seconds: float = 0.0

    def figures(self) -> dict[str, Any]:
        """Everything but the CPU times: what one seed must reproduce."""
        figures = asdict(self)
        del figures["train_cpu_seconds"], figures["eval_cpu_seconds"]
        return figures


def train(
    task: Task,
    steps: int,
    seed: int = 0,
    rollout: int = 1024,
    evals: int = 10,
    eval_episodes: int = 200,
    log: Callable[[str], None] = print,
) -> Curve:
    """Train MaskablePPO on ``task`` for ``steps`` steps (whole rollouts), evaluating
    before and ``evals`` times along the way."""
    torch.set_num_threads(1)  # one core, and the same sums in the same order every run
    run = Curve(task.name, steps, seed, rollout, eval_episodes)
    started = time.process_time()
    run.baselines.append(evaluate(task, "random", random_policy(seed), eval_episodes))
    run.baselines.append(
        evaluate(task, REFERENCE_BOT, bot_policy(REFERENCE_BOT, seed), eval_episodes)
    )
    model = MaskablePPO(
        "MlpPolicy",
        make_env(task, task.reward_scale),
        n_steps=rollout,
        batch_size=min(64, rollout),
        seed=seed,
        device="cpu",
    )
    run.curve.append(evaluate(task, "MaskablePPO", ppo_policy(model), eval_episodes))
    for line in (*run.baselines, run.curve[0]):
        log(f"{task.name}: {line.policy:<12} {line.mean:7.3f} ± {line.sem:.3f}")
    run.eval_cpu_seconds = time.process_time() - started

    every = rollout * max(1, math.ceil(steps / evals / rollout))
    while model.num_timesteps < steps:
        started = time.process_time()
        model.learn(min(every, steps - model.num_timesteps), reset_num_timesteps=False)
        run.train_cpu_seconds += time.process_time() - started
        started = time.process_time()
        done = evaluate(task, "MaskablePPO", ppo_policy(model), eval_episodes, model.num_timesteps)
        run.eval_cpu_seconds += time.process_time() - started
        run.curve.append(done)
        log(
            f"{task.name}: {done.timesteps:>8} steps {done.mean:7.3f} ± {done.sem:.3f}, "
            f"{task.share} {done.share:6.1%} ({run.train_cpu_seconds:.0f} s CPU training)"
        )
    return run


# --- the files -------------------------------------------------------------------------
def write(runs: Sequence[Curve], out: Path, command: str) -> list[Path]:
    """``maskable_ppo.json``, ``.csv`` and ``.png`` in ``out``; their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / f"maskable_ppo.{ext}" for ext in ("json", "csv", "png")]
    document = {"command": command, "runs": [asdict(run) for run in runs]}
    paths[0].write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    with paths[1].open("w", newline="") as file:
        rows = csv.writer(file)
        rows.writerow(["task", "policy", "timesteps", "mean", "sem", "share", "share_of"])
        for run in runs:
            for e in (*run.baselines, *run.curve):
                share = TASKS[run.task].share
                rows.writerow([run.task, e.policy, e.timesteps, e.mean, e.sem, e.share, share])
    plot(runs, paths[2])
    return paths


def plot(runs: Sequence[Curve], path: Path) -> None:
    figure, axes = pyplot.subplots(1, len(runs), figsize=(6 * len(runs), 4.2), squeeze=False)
    for ax, run in zip(axes[0], runs, strict=True):
        task = TASKS[run.task]
        x = np.array([e.timesteps for e in run.curve])
        y = np.array([e.mean for e in run.curve])
        sem = np.array([e.sem for e in run.curve])
        ax.plot(x, y, marker="o", label="MaskablePPO (most likely legal action)")
        ax.fill_between(x, y - sem, y + sem, alpha=0.25)
        for line, style in zip(run.baselines, ("--", ":"), strict=True):
            name = "random legal" if line.policy == "random" else f"asobi {line.policy} bot"
            ax.axhline(line.mean, linestyle=style, color="grey", label=name)
        ax.set_title(f"{task.name} (seed {run.seed}, {run.eval_episodes} games a point)")
        ax.set_xlabel("training steps")
        ax.set_ylabel(task.metric)
        ax.grid(alpha=0.3)
        ax.legend(loc="best", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)


def main(argv: Sequence[str] | None = None) -> list[Curve]:
    parser = argparse.ArgumentParser(
        description="MaskablePPO (sb3-contrib) on the Starmine solo and on It's Mine! against "
        "normal: learning curves against a random legal policy and the normal bot."
    )
    parser.add_argument("--steps", type=int, default=20_480, help="training steps per task")
    parser.add_argument("--seed", type=int, default=0, help="the network, training, sampling")
    parser.add_argument("--out", type=Path, default=Path("maskable_ppo"), help="directory")
    parser.add_argument(
        "--tasks", nargs="+", choices=sorted(TASKS), default=list(TASKS), help="what to learn"
    )
    parser.add_argument("--rollout", type=int, default=1024, help="steps per PPO update")
    parser.add_argument("--evals", type=int, default=10, help="evaluations along the way")
    parser.add_argument("--eval-episodes", type=int, default=200, help="held-out games")
    args = parser.parse_args(argv)
    if args.steps < 1 or args.rollout < 2 or args.evals < 1 or args.eval_episodes < 2:
        parser.error("--steps and --evals must be at least 1, --rollout and --eval-episodes 2")
    command = " ".join(["examples/maskable_ppo.py", *(sys.argv[1:] if argv is None else argv)])
    runs: list[Curve] = []
    for name in args.tasks:
        runs.append(
            train(
                TASKS[name],
                args.steps,
                seed=args.seed,
                rollout=args.rollout,
                evals=args.evals,
                eval_episodes=args.eval_episodes,
            )
        )
        paths = write(runs, args.out, command)  # after each task: a long run keeps what it did
    for path in paths:
        print(f"wrote {path}")
    for run in runs:
        print(
            f"{run.task}: {run.curve[-1].timesteps} steps in {run.train_cpu_seconds:.0f} s CPU "
            f"(+{run.eval_cpu_seconds:.0f} s evaluating)"
        )
    return runs


if __name__ == "__main__":
    main()
