/**
 * Prefixed identifiers. Every stored id is `<prefix><suffix>`: the suffix is a ULID-style string
 * (48-bit millisecond time + 80 random bits, Crockford base32, lower case), so ids sort by creation
 * time and cannot be guessed. Surfaces that name a record differently (v1 `reg_` for a `booking_`)
 * swap the prefix over the same suffix.
 */
import { randomFillSync } from 'node:crypto';

export const ID_PREFIXES = {
  company: 'co_',
  client: 'm2m_',
  v1Key: 'key_',
  customer: 'cust_',
  transaction: 'txn_',
  booking: 'booking_',
  event: 'evt_',
  eventDate: 'date_',
  pricingOption: 'po-',
  appointment: 'appt_',
  service: 'svc_',
  facilitator: 'fac_',
  passPurchase: 'package_',
  pass: 'pass_',
  media: 'media_',
  mandate: 'mandate_',
  plan: 'plan_',
  charge: 'chg_',
  voucher: 'vch_',
  note: 'note_',
  answer: 'qa_',
  webhook: 'whk_',
  webhookEvent: 'whe_',
  consoleUser: 'cu_',
  waitlistEntry: 'wait_',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const random = new Uint8Array(10);

/** A 26-character time-ordered random suffix. */
export function idSuffix(now = Date.now()): string {
  let out = '';
  let time = now;
  for (let i = 9; i >= 0; i--) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  randomFillSync(random);
  // 80 random bits -> 16 base32 characters, 5 bits at a time.
  let buffer = 0;
  let bits = 0;
  for (const byte of random) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
  }
  return out;
}

export function newId(kind: IdKind, now?: number): string {
  return ID_PREFIXES[kind] + idSuffix(now);
}

/** The suffix rules of the import bundle: 1-64 characters of `[A-Za-z0-9_-]` after the prefix. */
export function hasPrefix(id: string, kind: IdKind): boolean {
  const prefix = ID_PREFIXES[kind];
  return id.startsWith(prefix) && /^[A-Za-z0-9_-]{1,64}$/.test(id.slice(prefix.length));
}

/** Renders a stored id under another surface's prefix (`booking_x` -> `reg_x`). */
export function withPrefix(id: string, from: string, to: string): string {
  return id.startsWith(from) ? to + id.slice(from.length) : id;
}
