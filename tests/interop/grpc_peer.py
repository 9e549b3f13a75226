"""a2a-sdk's gRPC stub asking an agent for its extended card over gRPC (issue 45).

Usage: grpc_peer.py TARGET API_KEY METADATA_NAME EXPECTED_CARD_JSON_FILE

TARGET is a gRPC channel target (host:port, plain text: HTTP/2 with prior knowledge).
The peer uses the SDK's generated stub (`a2a.types.a2a_pb2_grpc.A2AServiceStub`, from
`a2a-sdk[grpc]`) and calls `lf.a2a.v1.A2AService/GetExtendedAgentCard` three times, each
with the SDK's version metadata (`a2a-version`, as its GrpcTransport sends it):
  "none":  no credential;
  "wrong": METADATA_NAME set to a key the agent does not know;
  "key":   METADATA_NAME set to API_KEY.

A refusal is reported as its gRPC status: "code" (the StatusCode name), "message", and the
google.rpc.Status the SDK itself reads from `grpc-status-details-bin`
(`a2a.utils.grpc_status.status_from_call`, which also checks that the details agree with
the status line): each detail's type and, for google.rpc.ErrorInfo, reason and domain.
An answer is reported as "card" (MessageToDict of the SDK's AgentCard) and "same": whether
that message equals the expected card, the JSON file read into the SDK's AgentCard with
`json_format.ParseDict` (ProtoJSON, unknown fields refused), so every field is compared by
the proto's own rules.

Prints one JSON object: {"none": ..., "wrong": ..., "key": ..., "expected": the expected
card as MessageToDict}.
"""

import json
import sys

import grpc
from google.protobuf.json_format import MessageToDict, ParseDict
from google.rpc import error_details_pb2

from a2a.types import a2a_pb2, a2a_pb2_grpc
from a2a.utils.constants import PROTOCOL_VERSION_CURRENT, VERSION_HEADER
from a2a.utils.grpc_status import status_from_call


def status_of(error):
    """A refused call: its status line and the details the SDK decodes."""
    out = {"code": error.code().name, "message": error.details(), "details": []}
    status = status_from_call(error)
    if status is not None:
        for detail in status.details:
            entry = {"type": detail.TypeName()}
            if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                info = error_details_pb2.ErrorInfo()
                detail.Unpack(info)
                entry["reason"] = info.reason
                entry["domain"] = info.domain
            out["details"].append(entry)
    return out


def ask(stub, metadata, expected):
    metadata = [(VERSION_HEADER.lower(), PROTOCOL_VERSION_CURRENT)] + metadata
    try:
        card = stub.GetExtendedAgentCard(
            a2a_pb2.GetExtendedAgentCardRequest(), metadata=metadata, timeout=20
        )
    except grpc.RpcError as error:
        return {"error": status_of(error)}
    return {"card": MessageToDict(card), "same": card == expected}


def main():
    target, key, name, expected_file = sys.argv[1:5]
    with open(expected_file, encoding="utf-8") as f:
        expected = ParseDict(json.load(f), a2a_pb2.AgentCard())
    with grpc.insecure_channel(target) as channel:
        stub = a2a_pb2_grpc.A2AServiceStub(channel)
        result = {
            "none": ask(stub, [], expected),
            "wrong": ask(stub, [(name, "not-" + key)], expected),
            "key": ask(stub, [(name, key)], expected),
            "expected": MessageToDict(expected),
        }
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
