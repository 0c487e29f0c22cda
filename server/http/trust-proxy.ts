import { isIP } from 'node:net';

// Which senders may say who the client is (X-Forwarded-For, -Proto, -Host): a number of proxy hops in front of the
// server, or the proxies' own addresses. Never every sender, or anyone could name any address and walk past the
// sign-in throttle with a new one each time.
export type TrustProxy = false | number | readonly string[];

// proxy-addr's names for whole ranges, which a deployment on one machine or a private network may use.
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

// TRUST_PROXY: unset or `0` trusts no one; `1`, `2`... trusts that many hops (the address the nearest trusted proxy
// saw is the client's); `10.0.0.5, 10.0.1.0/24` trusts those proxies only. Anything else stops the server.
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY takes a number of proxy hops (1, 2) or the proxies' addresses (10.0.0.5, 10.0.1.0/24), not ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}.`,
    );
  }
  return entries;
}
