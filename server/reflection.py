"""Server reflection under both names tools ask for: `grpc.reflection.v1` and `v1alpha`.

grpcio-reflection ships only `v1alpha`; tools that speak only `v1` (newer grpcurl, Postman,
grpcui) got UNIMPLEMENTED. The two protocols are the same messages under another package name,
so `v1` is served by the same servicer: its descriptor is the `v1alpha` file renamed (added to
the default pool so reflection can describe itself), and its bytes decode as `v1alpha`
messages because the field numbers are the same.
"""

from __future__ import annotations

from collections.abc import Iterable

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection, reflection_pb2

ALPHA = "grpc.reflection.v1alpha"
V1 = "grpc.reflection.v1"
V1_SERVICE = f"{V1}.ServerReflection"
V1_FILE = "grpc/reflection/v1/reflection.proto"


def _add_v1_descriptor() -> None:
    """Adds grpc/reflection/v1/reflection.proto to the default pool (once)."""
    pool = descriptor_pool.Default()
    try:
        pool.FindFileByName(V1_FILE)
        return
    except KeyError:
        pass
    proto = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(proto)
    proto.name, proto.package = V1_FILE, V1
    proto.options.Clear()
    old, new = f".{ALPHA}.", f".{V1}."
    for message in proto.message_type:
        for field in message.field:
            if field.HasField("type_name"):
                field.type_name = field.type_name.replace(old, new)
    for service in proto.service:
        for method in service.method:
            method.input_type = method.input_type.replace(old, new)
            method.output_type = method.output_type.replace(old, new)
    pool.Add(proto)


def serve_reflection(service_names: Iterable[str], server: grpc.aio.Server) -> None:
    """Serves reflection for `service_names` (and for itself) as v1alpha and v1."""
    _add_v1_descriptor()
    names = (*service_names, reflection.SERVICE_NAME, V1_SERVICE)
    servicer = reflection.aio.ReflectionServicer(names)  # type: ignore[attr-defined]
    server.add_generic_rpc_handlers(
        [
            grpc.method_handlers_generic_handler(
                service,
                {
                    "ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(
                        servicer.ServerReflectionInfo,
                        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
                        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
                    )
                },
            )
            for service in (reflection.SERVICE_NAME, V1_SERVICE)
        ]
    )
