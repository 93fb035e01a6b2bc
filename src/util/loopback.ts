// Loopback hosts: where an API key may go over plain http (the remote client) and where the server
// may run without auth (chem serve --no-auth). Host names as written or as URL.hostname gives them
// (IPv6 in brackets, IPv4-mapped addresses in hex: [::ffff:7f00:1]).
import { isIP } from 'node:net';

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return isIP(h) === 6 && (h === '::1' || /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(h));
}
