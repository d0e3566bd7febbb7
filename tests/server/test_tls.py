"""TLS (issue 12, defect 12): `tigerden serve --tls-cert --tls-key` and `--tls-ca` on the
client commands, with a certificate made here for 127.0.0.1 by the `cryptography` package."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
from pathlib import Path

import grpc
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from client.api import connect
from server.main import Tls, key_warning, start_server
from tests.client.test_cli import run
from tests.server.test_kill import serve


def make_certificate(folder: Path, name: str = "tigerden test") -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key, as PEM files."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / f"{name}.crt".replace(" ", "-"), folder / "server.key"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


async def test_a_tls_server_plays_with_a_client_that_trusts_its_certificate(
    tmp_path: Path,
) -> None:
    cert, key = make_certificate(tmp_path)
    running = await start_server(
        "127.0.0.1:0", tmp_path / "db.sqlite", tls=Tls.from_files(cert, key)
    )
    try:
        async with connect(f"127.0.0.1:{running.port}", cert.read_bytes()) as client:
            match = await client.create("doors")
            seat = await client.join(match.match_id, "ada")
            async for snapshot in seat.watch():
                assert snapshot.legal_moves or snapshot.to_act == 1
                break
        async with connect(f"127.0.0.1:{running.port}") as plaintext:  # no TLS: no answer
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                await plaintext.games()
            assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        other, _ = make_certificate(tmp_path, "someone else")
        async with connect(f"127.0.0.1:{running.port}", other.read_bytes()) as untrusting:
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                await untrusting.matches()
            assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
    finally:
        await running.stop(grace=0.1)


def test_serve_with_tls_flags_and_client_commands_with_tls_ca(tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)
    process, address = serve(tmp_path / "db.sqlite", "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        games = run("games", "--server", address, "--tls-ca", str(cert))
        assert games.returncode == 0, games.stderr
        assert "doors" in games.stdout
        listed = run("matches", "--server", address, "--tls-ca", str(cert))
        assert listed.returncode == 0, listed.stderr
        refused = run("matches", "--server", address)  # plaintext to a TLS server
        assert refused.returncode != 0
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_8g_a_world_readable_tls_key_is_warned_about(tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)
    key.chmod(0o644)
    db = tmp_path / "db.sqlite"
    process, _address = serve(db, "--tls-cert", str(cert), "--tls-key", str(key))
    process.terminate()
    process.wait(timeout=30)
    said = db.with_suffix(".log").read_text()
    assert f"the TLS key {key} can be read by other users" in said
    assert f"chmod 600 {key}" in said
    key.chmod(0o600)
    assert key_warning(key) is None


def test_serve_needs_both_tls_flags(tmp_path: Path) -> None:
    cert, _ = make_certificate(tmp_path)
    result = run("serve", "--port", "0", "--db", str(tmp_path / "db"), "--tls-cert", str(cert))
    assert result.returncode != 0
    assert "--tls-cert and --tls-key go together" in result.stderr


async def test_the_lobby_screen_reaches_a_tls_server(tmp_path: Path) -> None:
    from client.session import LobbySession
    from client.ui.lobby_state import LobbyState, ServerEntry

    cert, key = make_certificate(tmp_path)
    running = await start_server(
        "127.0.0.1:0", tmp_path / "db.sqlite", tls=Tls.from_files(cert, key)
    )
    session = LobbySession(LobbyState("ada"), tls_ca=cert.read_bytes())
    try:
        entry = ServerEntry("tls", f"127.0.0.1:{running.port}")
        session.connect(entry)
        for _ in range(100):
            if session.state.games:
                break
            await asyncio.sleep(0.05)
        assert {game.game_id for game in session.state.games} >= {"doors"}
    finally:
        await session.close()
        await running.stop(grace=0.1)
    assert "--tls-ca" in run("lobby", "--help").stdout
