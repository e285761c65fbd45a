/**
 * The access token of an `Authorization` header, parsed strictly: the `Bearer` scheme (case-insensitive,
 * as every HTTP authentication scheme, RFC 7235), one or more spaces, and a JWS in compact form: three
 * segments of canonical base64url without padding (RFC 7515). Anything else is no token, so a token that
 * decodes alike in another spelling (a trailing `==`, other unused bits in a last character, whitespace,
 * a fourth segment) is refused before any decoding.
 */
const BEARER = /^Bearer +([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/i;

const canonical = (segment: string) => Buffer.from(segment, 'base64url').toString('base64url') === segment;

export function bearerToken(header: string): string | null {
  const match = BEARER.exec(header);
  if (!match || !match.slice(1).every(canonical)) return null;
  return `${match[1]}.${match[2]}.${match[3]}`;
}
