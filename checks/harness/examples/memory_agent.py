"""An agent as a Python class (docs/protocol.md, "An agent as a Python class"): it keeps what it saw in a file in
its state folder and answers from that file.

    stbench eval checks/harness/examples/memory_agent.py:MemoryAgent --data BUILD --out RUN

Each frame it appends the step's k and base position to state_dir/steps.jsonl. Asked a question, it reads the file
back: a number question gets the distance driven so far, a place question the last base position, any other
question unknown.
"""

import json
import math

from system_shim import System  # the harness provides it when it runs this file


class MemoryAgent(System):
    def observe(self, steps):
        with (self.state_dir / "steps.jsonl").open("a", encoding="utf-8") as f:
            for step in steps:
                f.write(json.dumps({"k": step["k"], "base": step["pose"]["pos"]}) + "\n")

    def answer(self, question):
        log = self.state_dir / "steps.jsonl"
        lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
        bases = [json.loads(line)["base"] for line in lines]
        if question["answer_type"] == "number":
            driven = sum(math.dist(a[:2], b[:2]) for a, b in zip(bases, bases[1:]))
            return {"type": "number", "value": driven}
        if question["answer_type"] == "place" and bases:
            x, y, _z = bases[-1]
            return {"type": "place", "x": x, "y": y}
        return {"type": "unknown"}
