"""The base class of an agent written as a Python class (docs/protocol.md, "An agent as a Python class").

    from system_shim import System   # the harness provides it when it runs your file

    class MyAgent(System):
        def observe(self, steps): ...
        def answer(self, question): return {"type": "unknown"}

stbench runs the file with `stbench eval FILE.py:MyAgent ...` (or `stbench run FILE.py:MyAgent CASE_DIR`): one
instance per case, in a fresh process. It calls start, then task and observe as the case unfolds, answer once per
question asked, and finish at the end. Every method has a default that does nothing (answer's answers unknown);
override the ones you need.

A paid agent says what it spent with `self.report_cost(input_tokens=, output_tokens=, usd=)` after each model call,
from any method: the reports add up until the runner sends them with its next reply (after finish, on a last line),
and stbench sums them per case and per run (results.json `cost`; --case-usd and --max-usd cap them).
"""

import math
import numbers
import os
import pathlib


def _tokens(name, value):
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise ValueError(f"report_cost: {name} must be a whole number of at least 0, not {value!r}")
    return int(value)


def _dollars(value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value) or value < 0:
        raise ValueError(f"report_cost: usd must be a non-negative finite number, not {value!r}")
    return float(value)


def take_cost(agent):
    """The cost the agent reported since the last call, as the protocol's cost object, or None; forgets it."""
    cost = agent.__dict__.pop("_stbench_cost", None)
    return dict(cost) if cost is not None else None


class System:
    @property
    def state_dir(self) -> pathlib.Path:
        """This case's own folder for whatever the agent keeps: empty when the case begins, removed after it."""
        folder = os.environ.get("STBENCH_STATE_DIR")
        if not folder:
            raise RuntimeError(
                "STBENCH_STATE_DIR is not set: stbench sets it when it runs an agent;"
                " set it to a folder of your own to run one by hand"
            )
        return pathlib.Path(folder)

    def start(self, robot, system_prompt, channel):
        """The case begins: the robot's spec (a dict), the system prompt (text) and the channel ("rgb_pose")."""

    def task(self, index, text):
        """A task begins (index from 0): its brief, with the clock and how long the robot sat unobserved."""

    def observe(self, steps):
        """One frame: a list of one step with k, clock, pose, camera, velocity, status, subgoal and rgb (a JPEG path)."""

    def answer(self, question):
        """{qid, text, answer_type} -> one answer of that type, or unknown."""
        return {"type": "unknown"}

    def finish(self):
        """The case is over (the state folder goes after this)."""

    def report_cost(self, input_tokens=0, output_tokens=0, usd=0.0):
        """Add what the agent just spent (one model call's tokens and dollars, say); the runner sends the sum.

        Tokens are whole numbers, dollars a finite number, none negative; anything else raises ValueError (which
        breaks the case, naming the call). A case that passes --case-usd is stopped after the reply that says so.
        """
        add = {"input_tokens": _tokens("input_tokens", input_tokens),
               "output_tokens": _tokens("output_tokens", output_tokens),
               "usd": _dollars(usd)}
        cost = self.__dict__.setdefault("_stbench_cost", {"input_tokens": 0, "output_tokens": 0, "usd": 0.0})
        for key, value in add.items():
            cost[key] += value
