"""Generates the Python modules (messages, gRPC stubs and typing stubs) from proto/tigerden/v1.

`make proto` runs it in place; the test suite runs it into a temporary folder and compares, so
committed modules can never go stale. Kept beside the .proto files because only developers need
grpcio-tools and mypy-protobuf; the server imports the generated modules only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grpc_tools import protoc

PROTO_ROOT = Path(__file__).resolve().parent
PACKAGE_DIR = Path("tigerden") / "v1"
GENERATED_SUFFIXES = ("_pb2.py", "_pb2.pyi", "_pb2_grpc.py", "_pb2_grpc.pyi")


def proto_files() -> list[Path]:
    return sorted((PROTO_ROOT / PACKAGE_DIR).glob("*.proto"))


def generate(out: Path) -> None:
    """Writes every generated module for every .proto file under `out`/tigerden/v1."""
    (out / PACKAGE_DIR).mkdir(parents=True, exist_ok=True)
    plugin = Path(sys.executable).parent / "protoc-gen-mypy"
    grpc_plugin = Path(sys.executable).parent / "protoc-gen-mypy_grpc"
    args = [
        "grpc_tools.protoc",
        f"--proto_path={PROTO_ROOT}",
        f"--python_out={out}",
        f"--grpc_python_out={out}",
        f"--plugin=protoc-gen-mypy={plugin}",
        f"--plugin=protoc-gen-mypy_grpc={grpc_plugin}",
        f"--mypy_out={out}",
        f"--mypy_grpc_out={out}",
        *(str(path.relative_to(PROTO_ROOT)) for path in proto_files()),
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed; see the messages above")
    for package in (out / "tigerden", out / PACKAGE_DIR):
        (package / "__init__.py").touch()


def generated_files(root: Path) -> dict[str, bytes]:
    """The generated modules under `root`, by name, for comparison."""
    folder = root / PACKAGE_DIR
    return {
        path.name: path.read_bytes()
        for path in sorted(folder.iterdir())
        if path.name.endswith(GENERATED_SUFFIXES)
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=PROTO_ROOT, help="where to write")
    out = parser.parse_args().out
    if out == PROTO_ROOT:
        for name in generated_files(PROTO_ROOT):
            (PROTO_ROOT / PACKAGE_DIR / name).unlink()
    generate(out)
    print(f"generated {len(generated_files(out))} modules in {out / PACKAGE_DIR}")


if __name__ == "__main__":
    main()
