"""The base class of an agent written as a Python class (docs/protocol.md, "An agent as a Python class").

    from system_shim import System   # the harness provides it when it runs your file

    class MyAgent(System):
        def observe(self, steps): ...
        def answer(self, question): return {"type": "unknown"}

stbench runs the file with `stbench eval FILE.py:MyAgent ...` (or `stbench run FILE.py:MyAgent CASE_DIR`): one
instance per case, in a fresh process. It calls start, then task and observe as the case unfolds, answer once per
question asked, and finish at the end. Every method has a default that does nothing (answer's answers unknown);
override the ones you need.
"""

import os
import pathlib


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
