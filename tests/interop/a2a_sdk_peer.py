"""The official Python A2A SDK (a2a-sdk) as an independent peer for a2a-card's card model.

Usage: a2a_sdk_peer.py MODE FILE

  check-v1     FILE is a v1.0 card written by a2a-card. Parse it strictly (unknown fields
               rejected) into the SDK's protobuf AgentCard and check that the SDK writes back
               the same JSON (ProtoJSON). Exit 1 with the differences otherwise.
  write-v1     Parse FILE (a v1.0 card) with the SDK and print it as the SDK serves it.
  write-v1-proto-names
               The same, with proto field names (supported_interfaces), as
               MessageToJson(preserving_proto_field_name=True) writes it.
  check-v03    FILE is a v0.3 rendering written by a2a-card. Validate it with the SDK's v0.3
               pydantic model, then convert it with the SDK to v1.0 and print that.
  migrate-v03  FILE is a v0.3 card: print the SDK's own v1.0 conversion of it.
"""

import json
import sys

from google.protobuf.json_format import MessageToDict, ParseDict

from a2a.compat.v0_3 import types as types_v03
from a2a.compat.v0_3.conversions import to_core_agent_card
from a2a.types import a2a_pb2


def differences(ours, theirs, path=""):
    """Paths where two JSON values differ (numbers compare by value: 1 == 1.0)."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        out = []
        for key in sorted(set(ours) | set(theirs)):
            out += differences(ours.get(key), theirs.get(key), f"{path}/{key}")
        return out
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        out = []
        for i, (a, b) in enumerate(zip(ours, theirs)):
            out += differences(a, b, f"{path}/{i}")
        return out
    # The spec (section 8.4) keeps REQUIRED fields even when empty, such as `"scopes": {}` of
    # a flow; protobuf's MessageToDict drops every empty map. That one difference is allowed.
    if theirs is None and ours in ({}, [], ""):
        return []
    return [] if ours == theirs else [f"{path}: a2a-card {ours!r} vs a2a-sdk {theirs!r}"]


def parse_v1(doc):
    card = a2a_pb2.AgentCard()
    ParseDict(doc, card)  # strict: unknown fields raise
    return card


def main():
    mode, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if mode == "check-v1":
        theirs = MessageToDict(parse_v1(doc))
        diff = differences(doc, theirs)
        if diff:
            print("\n".join(diff))
            return 1
        print("same")
        return 0
    if mode == "write-v1":
        print(json.dumps(MessageToDict(parse_v1(doc))))
        return 0
    if mode == "write-v1-proto-names":
        print(json.dumps(MessageToDict(parse_v1(doc), preserving_proto_field_name=True)))
        return 0
    if mode == "check-v03":
        compat = types_v03.AgentCard.model_validate(doc)
        print(json.dumps(MessageToDict(to_core_agent_card(compat))))
        return 0
    if mode == "migrate-v03":
        compat = types_v03.AgentCard.model_validate(doc)
        print(json.dumps(MessageToDict(to_core_agent_card(compat))))
        return 0
    print(f"unknown mode {mode}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
