/**
 * Phone search (docs/customers.md): a number typed at the desk finds the customer whose mobile ends with the
 * same national digits, however either was written (`+44 7700 900620`, `07700900620`, `(0)7700-900620`), and a
 * trailing fragment (`900620`) finds every mobile ending so.
 *
 * A company holds a timezone and a currency, not a country: the country calling code and trunk prefix of a
 * national number come from the company's timezone (COUNTRY_OF_ZONE), the United Kingdom's (+44, trunk 0)
 * for a zone not listed.
 */

interface Dialling {
  /** Country calling code, without `+`. */
  code: string;
  /** What a national number starts with before its national digits ('' where none is dialled). */
  trunk: string;
}

const UK: Dialling = { code: '44', trunk: '0' };

/** The countries of the studios this service serves (GBP, EUR and USD), by the IANA zones they use. */
const COUNTRY_OF_ZONE: Record<string, Dialling> = {
  'Europe/London': UK, 'Europe/Belfast': UK, 'Europe/Guernsey': UK, 'Europe/Jersey': UK, 'Europe/Isle_of_Man': UK,
  'Europe/Dublin': { code: '353', trunk: '0' },
  'Europe/Paris': { code: '33', trunk: '0' },
  'Europe/Berlin': { code: '49', trunk: '0' },
  'Europe/Amsterdam': { code: '31', trunk: '0' },
  'Europe/Brussels': { code: '32', trunk: '0' },
  'Europe/Vienna': { code: '43', trunk: '0' },
  'Europe/Helsinki': { code: '358', trunk: '0' },
  'Europe/Lisbon': { code: '351', trunk: '' },
  'Europe/Madrid': { code: '34', trunk: '' },
  'Europe/Rome': { code: '39', trunk: '' },
  'Europe/Athens': { code: '30', trunk: '' },
  'Europe/Luxembourg': { code: '352', trunk: '' },
  'Europe/Tallinn': { code: '372', trunk: '' },
  'Europe/Riga': { code: '371', trunk: '' },
  'Europe/Vilnius': { code: '370', trunk: '0' },
  'Europe/Bratislava': { code: '421', trunk: '0' },
  'Europe/Ljubljana': { code: '386', trunk: '0' },
  'Europe/Zagreb': { code: '385', trunk: '0' },
  'Europe/Malta': { code: '356', trunk: '' },
  'Asia/Nicosia': { code: '357', trunk: '' },
};

/** North American zones dial +1, with 1 as the trunk prefix of a long-distance national number. */
const NORTH_AMERICA: Dialling = { code: '1', trunk: '1' };

export function diallingOf(timezone: string): Dialling {
  return COUNTRY_OF_ZONE[timezone] ?? (/^(America|US|Canada|Pacific\/Honolulu)/.test(timezone) ? NORTH_AMERICA : UK);
}

/** Fewer digits than this are not looked for in phone numbers: `12` would match a tenth of all mobiles. */
export const MIN_PHONE_DIGITS = 4;

/** A number typed without its country code is national (its trunk prefix dropped) when this many digits follow the prefix; shorter, a fragment. */
const MIN_NATIONAL_DIGITS = 7;

/** What a search must look like to be read as a phone number: digits with spacing and punctuation people type. */
const PHONE_LIKE = /^\+?[\d\s().\-/]+$/;

/**
 * The digits a mobile must end with to match `search`, or null when it is not a phone number: an
 * international number (`+44…`, `0044…`) loses its calling code when it is the company's, a national one its
 * trunk prefix (when at least MIN_NATIONAL_DIGITS follow it), and anything else is a trailing fragment taken
 * as it is (`0620`).
 */
export function phoneDigitsOf(search: string, timezone: string): string | null {
  const text = search.trim();
  if (!PHONE_LIKE.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return null;
  const { code, trunk } = diallingOf(timezone);
  const international = text.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) {
    // Another country's number is matched whole (stored as written, with its code).
    digits = international.startsWith(code) ? international.slice(code.length) : international;
  } else if (trunk && digits.startsWith(trunk) && digits.length - trunk.length >= MIN_NATIONAL_DIGITS) {
    digits = digits.slice(trunk.length);
  }
  // "(0)" written inside an international number: +44 (0)7700 900620.
  if (international !== null && trunk && /\(\s*0\s*\)/.test(text) && digits.startsWith(trunk)) digits = digits.slice(trunk.length);
  return digits.length >= MIN_PHONE_DIGITS ? digits : null;
}

/** The prefix of the phone index's key (CUSTOMER_PHONE_KEY: reversed digits) that a mobile ending in `digits` has. */
export const phoneKeyPrefix = (digits: string): string => [...digits].reverse().join('');
