"""gRPC health checking and server reflection are served, from the descriptors."""

from __future__ import annotations

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from client.api import Server


async def test_health_reports_serving_for_each_service(client: Server) -> None:
    stub = health_pb2_grpc.HealthStub(client.channel)
    for service in ("", "tigerden.v1.LobbyService", "tigerden.v1.MatchService"):
        response = await stub.Check(health_pb2.HealthCheckRequest(service=service))
        assert response.status == health_pb2.HealthCheckResponse.SERVING


async def test_reflection_lists_the_services(client: Server) -> None:
    stub = reflection_pb2_grpc.ServerReflectionStub(client.channel)
    call = stub.ServerReflectionInfo()
    await call.write(reflection_pb2.ServerReflectionRequest(list_services=""))
    response = await call.read()
    await call.done_writing()
    names = {service.name for service in response.list_services_response.service}
    assert {"tigerden.v1.LobbyService", "tigerden.v1.MatchService"} <= names
    assert "grpc.health.v1.Health" in names


async def test_oversized_messages_are_refused(client: Server) -> None:
    from tigerden.v1 import lobby_pb2

    huge = lobby_pb2.CreateMatchRequest(game_id="doors", options={"x": "y" * 100_000})
    try:
        await client.lobby.CreateMatch(huge)
    except grpc.aio.AioRpcError as error:
        assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    else:
        raise AssertionError("a 100 kB request was accepted")
