"""Client side of the rearrange external-agent protocol (JSON-RPC 2.0, one message per line).

Dependency-free (Python 3.8+ standard library only). Subclass :class:`Agent`, implement :meth:`Agent.act`
(and :meth:`Agent.reset` if you keep state), then call :func:`run`::

    from rearrange_agent import Agent, run

    class MyAgent(Agent):
        def act(self, observation):
            return {"type": "done"}          # or the text form: "done()"

    if __name__ == "__main__":
        run(MyAgent())

Run it with ``rearrange run --agent cmd:"python3 my_agent.py"``. stdout carries the protocol: print
your own messages to stderr (``log()`` does), which the harness passes to its log.
The full protocol, message by message, is in docs/agents.md.
"""

import json
import sys
import traceback

PROTOCOL_VERSION = 1

# JSON-RPC 2.0 error codes
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INTERNAL_ERROR = -32603

_PROBES = {
    "rankPlacements": "rank_placements",
    "detectMisplaced": "detect_misplaced",
    "buildFunctionalGraph": "build_functional_graph",
    "answer": "answer",
}


class Agent:
    """Base class of an external agent. Override :meth:`act`; the rest is optional."""

    #: name and version reported to the harness in ``initialize``; the harness records the name in the run's
    #: results (unless ``--agent-opt name=…`` is given). Left None, the harness names the agent after its script.
    name = None
    version = "0"

    def reset(self, task, observation):
        """A new episode starts. ``task`` = {"id", "instruction", "seed"}; ``observation`` as in act()."""

    def act(self, observation):
        """Return the next action: a dict such as ``{"type": "pick", "object": "apple_1"}`` or text ``"pick(apple_1)"``.

        ``observation`` holds ``step``, ``stepsLeft``, ``agent`` {room, position, holding}, ``rooms`` (id, type,
        neighbors, explored), ``objects`` (id → category, label, room, kind, abilities, states, relation),
        ``updates`` (the objects of ``objects`` first observed or changed since the previous observation:
        all of them in the first one), ``newlyObserved``, ``lastAction``, ``lastFeedback`` {ok, error, message}
        and ``text`` (the same as prose).
        """
        raise NotImplementedError("implement act(observation)")

    def close(self):
        """The run is over; release resources."""

    # Optional probe abilities: define any of these in a subclass to offer it.
    # rank_placements(query) -> [candidate ids best first]; detect_misplaced(query) -> [object ids];
    # build_functional_graph(query) -> {"nodes": [...], "edges": [...]}; answer(question) -> {"kind": ...}


def log(*parts):
    """Prints to stderr, which the harness shows in its log (stdout is reserved for the protocol)."""
    print(*parts, file=sys.stderr, flush=True)


def _methods(agent):
    methods = ["initialize", "reset", "act", "close"]
    for rpc_name, py_name in _PROBES.items():
        if callable(getattr(agent, py_name, None)):
            methods.append(rpc_name)
    return methods


def _dispatch(agent, method, params):
    params = params or {}
    if method == "initialize":
        result = {"version": str(agent.version), "methods": _methods(agent), "protocolVersion": PROTOCOL_VERSION}
        if agent.name:
            result["name"] = str(agent.name)
        return result
    if method == "reset":
        agent.reset(params.get("task"), params.get("observation"))
        return None
    if method == "act":
        return agent.act(params.get("observation"))
    if method == "close":
        agent.close()
        return None
    py_name = _PROBES.get(method)
    handler = getattr(agent, py_name, None) if py_name else None
    if not callable(handler):
        raise _MethodNotFound(method)
    return handler(params)


class _MethodNotFound(Exception):
    pass


def _reply(out, message):
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()


def run(agent, stdin=None, stdout=None):
    """Serves ``agent`` on stdin/stdout until the harness closes stdin (or sends ``close``)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    # readline, not `for line in stdin`: answer each request as soon as its line arrives
    for line in iter(stdin.readline, ""):
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError as err:
            _reply(stdout, {"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": str(err)}})
            continue
        if not isinstance(message, dict) or not isinstance(message.get("method"), str):
            _reply(stdout, {"jsonrpc": "2.0", "id": None, "error": {"code": INVALID_REQUEST, "message": "expected a JSON-RPC request object"}})
            continue
        request_id = message.get("id")
        method = message["method"]
        try:
            result = _dispatch(agent, method, message.get("params"))
        except _MethodNotFound:
            if request_id is not None:
                _reply(stdout, {"jsonrpc": "2.0", "id": request_id, "error": {"code": METHOD_NOT_FOUND, "message": "method not found: " + method}})
            continue
        except Exception as err:  # the agent's own bug: report it, keep serving
            traceback.print_exc(file=sys.stderr)
            if request_id is not None:
                _reply(stdout, {"jsonrpc": "2.0", "id": request_id, "error": {"code": INTERNAL_ERROR, "message": "%s: %s" % (type(err).__name__, err)}})
            continue
        if request_id is not None:
            _reply(stdout, {"jsonrpc": "2.0", "id": request_id, "result": result})
        if method == "close":
            return
