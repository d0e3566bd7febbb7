/**
 * The wire: gRPC-Web (the only gRPC a browser can speak) to the web port of `tigerden serve`,
 * which runs each call on the same grpc.aio service handlers, behind the same guard, that a
 * terminal client's calls reach (server/direct.py).
 * Seat and host tokens live in localStorage so that a reload, a phone waking up or a new tab
 * takes the seat back; nothing here frees a seat when the tab closes.
 */
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { LobbyService } from "./gen/tigerden/v1/lobby_pb";
import { MatchService } from "./gen/tigerden/v1/match_pb";

const transport = createGrpcWebTransport({ baseUrl: location.origin });

export const lobby: Client<typeof LobbyService> = createClient(LobbyService, transport);
export const match: Client<typeof MatchService> = createClient(MatchService, transport);

/** The metadata that makes a call a seat's (or the host's). */
export function bearer(token: string): { headers: Record<string, string> } {
  return { headers: { authorization: `Bearer ${token}` } };
}

export interface SeatToken {
  seat: number;
  token: string;
}

const SEAT_KEY = "tigerden.seat.";
const HOST_KEY = "tigerden.host.";

export function seatToken(matchId: string): SeatToken | undefined {
  const raw = localStorage.getItem(SEAT_KEY + matchId);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as SeatToken;
    return typeof parsed.token === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function keepSeat(matchId: string, held: SeatToken): void {
  localStorage.setItem(SEAT_KEY + matchId, JSON.stringify(held));
}

export function forgetSeat(matchId: string): void {
  localStorage.removeItem(SEAT_KEY + matchId);
}

export function hostToken(matchId: string): string | undefined {
  return localStorage.getItem(HOST_KEY + matchId) ?? undefined;
}

export function keepHost(matchId: string, token: string): void {
  localStorage.setItem(HOST_KEY + matchId, token);
}

export function playerName(): string {
  return localStorage.getItem("tigerden.name") ?? "";
}

export function keepPlayerName(name: string): void {
  localStorage.setItem("tigerden.name", name);
}

/** The `google.rpc.ErrorInfo.reason` the server attached to a failed call ("" if none). */
export function errorReason(error: unknown): string {
  if (!(error instanceof ConnectError)) return "";
  for (const detail of error.details) {
    if (!("type" in detail) || !(detail.value instanceof Uint8Array)) continue;
    if (!detail.type.endsWith("google.rpc.ErrorInfo")) continue;
    const reader = new BinaryReader(detail.value);
    while (reader.pos < reader.len) {
      const [field, wireType] = reader.tag();
      if (field === 1 && wireType === 2) return reader.string();
      reader.skip(wireType);
    }
  }
  return "";
}

/** What a person reads about a failed call: the server's message. */
export function errorText(error: unknown): string {
  if (error instanceof ConnectError) return error.rawMessage || Code[error.code];
  return String(error);
}

export function isCode(error: unknown, code: Code): boolean {
  return error instanceof ConnectError && error.code === code;
}

export { Code, ConnectError };
