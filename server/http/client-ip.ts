import { isIP } from "node:net";
import type { Request } from "express";

/**
 * The client's address, used for rate limits and security events. Express derives req.ip from
 * X-Forwarded-For only for the proxies TRUST_PROXY names; whatever it derives must still be a
 * syntactically valid IP address, otherwise the socket's own address is used (never free text).
 */
export function clientIp(req: Request): string {
  const socketAddress = normalise(req.socket.remoteAddress ?? "");
  const derived = normalise(req.ip ?? "");
  return isIP(derived) ? derived : isIP(socketAddress) ? socketAddress : "unknown";
}

function normalise(address: string): string {
  return address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}
