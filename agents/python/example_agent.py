"""Example external agent: searches the house and calls done().

It does not know the goal (ordinary agents see only the instruction), so it shows the protocol rather than
solving tasks: it explores the nearest unexplored room (breadth-first over the doors), opens every closed
container it has seen to look inside, and calls done() when there is nothing left to search.

    rearrange run --agent cmd:"python3 agents/python/example_agent.py"
"""

import os
import sys
from collections import deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rearrange_agent import Agent, log, run  # noqa: E402


class ExampleAgent(Agent):
    name = "python-example"
    version = "1"

    def reset(self, task, observation):
        self.instruction = task.get("instruction", "") if task else ""
        self.opened = set()
        self.near = None
        log("episode", task.get("id") if task else "?", "-", self.instruction)

    def act(self, observation):
        feedback = observation.get("lastFeedback")
        last = observation.get("lastAction")
        reached = feedback and (feedback.get("ok") or feedback.get("error") == "additional_step")
        if last and reached and last.get("type") == "navigate":
            self.near = last.get("target")
        elif last and last.get("type") in ("explore",):
            self.near = None

        room = self.nearest_unexplored(observation)
        if room is not None:
            return {"type": "explore", "room": room}

        for obj in sorted(observation["objects"].values(), key=lambda o: (o["room"] != observation["agent"]["room"], o["id"])):
            if "openable" not in obj["abilities"] or obj["states"].get("open") or obj["id"] in self.opened:
                continue
            if self.near != obj["id"]:
                return {"type": "navigate", "target": obj["id"]}
            self.opened.add(obj["id"])
            return "open(%s)" % obj["id"]  # the text form works too
        return {"type": "done"}

    @staticmethod
    def nearest_unexplored(observation):
        rooms = {r["id"]: r for r in observation["rooms"]}
        start = observation["agent"]["room"]
        seen = {start}
        queue = deque([start])
        while queue:
            room_id = queue.popleft()
            if not rooms[room_id]["explored"]:
                return room_id
            for n in rooms[room_id]["neighbors"]:
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
        return None

    def rank_placements(self, query):
        """Probe: keeps the given order (a floor for the ranking probe)."""
        return list(query.get("candidates", []))


if __name__ == "__main__":
    run(ExampleAgent())
