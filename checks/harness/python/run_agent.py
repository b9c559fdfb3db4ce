"""Runs an agent written as a Python class over the stream protocol (docs/protocol.md, "An agent as a Python class").

    python3 run_agent.py FILE CLASS           one case: JSON messages on stdin, one reply per line on stdout
    python3 run_agent.py --check FILE CLASS   only import FILE and check that CLASS subclasses System (exit 0 or 2)

stbench runs it for a SYSTEM given as FILE.py:Class, a fresh process per case. It imports FILE (its folder first
on sys.path, as when Python runs a script), makes one instance of CLASS, and turns each message into a call:
start(robot, system_prompt, channel), task(index, text), observe([step]), answer(question) per question asked, and
finish(). Whatever the agent writes to stdout (print, C code, child processes) goes to stderr; only the replies go
to the real stdout. What the agent reported with System.report_cost since the last reply goes with the next one
(`"cost"`), and what it reported during finish on a last line {"type":"cost","cost":{...}}. An exception in the agent's code, or an answer that is not a dict, ends the process (exit 1)
with the traceback and a last line saying what failed, which the harness quotes as the case's broken reason.
"""

import importlib.util
import json
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message, code=1):
    sys.stderr.write("run_agent: " + message + "\n")
    sys.stderr.flush()
    sys.exit(code)


def call(what, fn, *args):
    """fn(*args); an exception is the agent's fault: its traceback, then what raised, and exit 1."""
    try:
        return fn(*args)
    except Exception as e:
        traceback.print_exc()
        fail(f"{what} raised {type(e).__name__}: {e}")


def load(path, name):
    """The agent's class, checked: defined in the file and a subclass of system_shim.System."""
    sys.path.insert(0, HERE)
    from system_shim import System  # the harness's own, whatever the agent's folder holds

    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec = importlib.util.spec_from_file_location("stbench_agent", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["stbench_agent"] = module
    call(f"importing {path}", spec.loader.exec_module, module)
    cls = getattr(module, name, None)
    if not isinstance(cls, type):
        fail(f"{path} defines no class {name}", 2)
    if not issubclass(cls, System):
        fail(f"{name} in {path} does not subclass System (class {name}(System), from system_shim import System)", 2)
    return cls


def plain(value):
    """numpy numbers and arrays as plain numbers and lists; anything else JSON cannot hold is an error."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"a {type(value).__name__} is not JSON")


def answer_of(agent, name, question):
    what = f"{name}.answer() on question {question['qid']}"
    a = call(what, agent.answer, dict(question))
    if not isinstance(a, dict):
        fail(f'{what} returned {type(a).__name__}, not an answer dict such as {{"type": "unknown"}}')
    try:
        json.dumps(a, default=plain)
    except (TypeError, ValueError) as e:
        fail(f"{what} returned what JSON cannot hold: {e}")
    return a


def main(args):
    check = args[:1] == ["--check"]
    if check:
        args = args[1:]
    if len(args) != 2:
        fail("usage: run_agent.py [--check] FILE CLASS", 2)
    path, name = args
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")  # the protocol's stdout
    os.dup2(2, 1)  # everything else written to stdout, by anyone, goes to stderr
    sys.stdout = sys.stderr
    cls = load(path, name)
    if check:
        return
    from system_shim import take_cost

    agent = call(f"{name}()", cls)
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "start":
            call(f"{name}.start()", agent.start, msg["robot"], msg["system_prompt"], msg["channel"])
        elif kind == "task":
            call(f"{name}.task()", agent.task, msg["index"], msg["text"])
        elif kind == "observe":
            call(f"{name}.observe() at k={msg['step']['k']}", agent.observe, [msg["step"]])
        elif kind == "ask":
            answers = [{"qid": q["qid"], "answer": answer_of(agent, name, q)} for q in msg["questions"]]
        elif kind == "finish":
            call(f"{name}.finish()", agent.finish)
            cost = take_cost(agent)
            if cost is not None:
                replies.write(json.dumps({"type": "cost", "cost": cost}) + "\n")
                replies.flush()
            return
        else:
            fail(f"unknown message type {kind!r}")
        reply = {"answers": answers} if kind == "ask" else {"type": "next"}
        cost = take_cost(agent)
        if cost is not None:
            reply["cost"] = cost
        replies.write(json.dumps(reply, default=plain) + "\n")
        replies.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
