#!/usr/bin/env python3
"""A minimal external system for the stbench stream protocol (docs/protocol.md).

It remembers the last frame's base position and how far the robot has driven, answers place questions with
where the robot is now, number questions with the distance driven so far, and unknown to everything else.
Run it with:  stbench run "cmd:python3 checks/harness/examples/minimal_system.py" BUILD/private/<cid>
"""
import json
import math
import sys

last = None      # the last step's base position (x, y)
driven = 0.0     # metres driven since the case began

for line in sys.stdin:                      # one JSON message per line
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "finish":
        break
    if kind == "observe":
        x, y, _z = msg["step"]["pose"]["pos"]
        if last is not None:
            dx, dy = x - last[0], y - last[1]
            driven += math.sqrt(dx * dx + dy * dy)
        last = (x, y)
    if kind == "ask":
        answers = []
        for q in msg["questions"]:
            if q["answer_type"] == "place" and last is not None:
                a = {"type": "place", "x": last[0], "y": last[1]}
            elif q["answer_type"] == "number":
                a = {"type": "number", "value": driven}
            else:
                a = {"type": "unknown"}
            answers.append({"qid": q["qid"], "answer": a})
        reply = {"answers": answers}
    else:
        reply = {"type": "next"}            # start, task, observe: ask for the next message
    print(json.dumps(reply), flush=True)    # one reply per line, flushed; logs go to stderr
