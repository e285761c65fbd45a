/**
 * The ids an import bundle gives its records, where they live, and the same bundle with every one of
 * them replaced by a fresh id of the same prefix, each reference following its record. Ids are unique
 * across companies, so a bundle exported from one company imports into another of the same database
 * only with new ids (`importBundle(..., { newIds: true })`, `admin import --new-ids`).
 *
 * This runs before the bundle is checked: it rewrites what it recognises and leaves anything else as it
 * is, for the import to judge.
 */
import { newId, type IdKind } from '../domain/ids.ts';

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => value !== null && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A kind of record in the bundle: its collection (and the list inside each record it is nested in), its ids and its table. */
interface Holder {
  collection: string;
  nested?: string;
  kind: IdKind;
  table: string;
}

const HOLDERS: Holder[] = [
  { collection: 'customers', kind: 'customer', table: 'customer' },
  { collection: 'events', kind: 'event', table: 'event' },
  { collection: 'events', nested: 'dates', kind: 'eventDate', table: 'event_date' },
  { collection: 'events', nested: 'pricingOptions', kind: 'pricingOption', table: 'pricing_option' },
  { collection: 'transactions', kind: 'transaction', table: 'event_transaction' },
  { collection: 'transactions', nested: 'bookings', kind: 'booking', table: 'booking' },
  { collection: 'waitlistEntries', kind: 'waitlistEntry', table: 'waitlist_entry' },
  { collection: 'facilitators', kind: 'facilitator', table: 'facilitator' },
  { collection: 'services', kind: 'service', table: 'service' },
  { collection: 'appointments', kind: 'appointment', table: 'appointment' },
  { collection: 'passes', kind: 'pass', table: 'pass_template' },
  { collection: 'passPurchases', kind: 'passPurchase', table: 'pass_purchase' },
  { collection: 'media', kind: 'media', table: 'media' },
  { collection: 'videoPurchases', kind: 'media', table: 'video_purchase' },
  { collection: 'subscriptionPlans', kind: 'plan', table: 'subscription_plan' },
  { collection: 'mandates', kind: 'mandate', table: 'mandate' },
  { collection: 'mandates', nested: 'charges', kind: 'charge', table: 'subscription_charge' },
  { collection: 'vouchers', kind: 'voucher', table: 'voucher' },
];

/** The fields that name another record, wherever they appear (`packageId` inside payments, `bookingId` of a promoted waitlist entry). */
const REFERENCES = [
  'customerId', 'boughtForId', 'eventDateId', 'pricingOptionId', 'serviceId', 'facilitatorId', 'passId', 'mediaId', 'planId', 'packageId', 'bookingId',
];

/** Every record of `holder` in the bundle. */
function recordsOf(bundle: Loose, holder: Holder): Loose[] {
  const outer = list(bundle[holder.collection]).filter(isRecord);
  return holder.nested ? outer.flatMap((record) => list(record[holder.nested!]).filter(isRecord)) : outer;
}

/** The ids the bundle gives, by table. */
export function bundleIds(bundle: unknown): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  if (!isRecord(bundle)) return ids;
  for (const holder of HOLDERS) {
    const given = recordsOf(bundle, holder).map((record) => record.id).filter((id): id is string => typeof id === 'string');
    if (given.length) ids.set(holder.table, [...(ids.get(holder.table) ?? []), ...given]);
  }
  return ids;
}

/** A copy of `value` whose reference fields, at any depth, are renamed by `renamed`. */
function withReferences(value: unknown, renamed: (id: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => withReferences(item, renamed));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      REFERENCES.includes(key) && typeof field === 'string' ? renamed(field) : withReferences(field, renamed),
    ]),
  );
}

/**
 * The bundle with a new id for every record that gives one; references to those records follow them,
 * references to records outside the bundle (the company's own) stay as they are. `given` tells the id
 * the bundle gave to a new one, so that problems can be told in the bundle's own ids.
 */
export function withNewIds(bundle: unknown): { bundle: unknown; given: (id: string) => string } {
  if (!isRecord(bundle)) return { bundle, given: (id) => id };
  const fresh = new Map<string, string>();
  for (const holder of HOLDERS) {
    for (const record of recordsOf(bundle, holder)) {
      if (typeof record.id === 'string' && !fresh.has(record.id)) fresh.set(record.id, newId(holder.kind));
    }
  }
  const copy = withReferences(bundle, (id) => fresh.get(id) ?? id) as Loose;
  for (const holder of HOLDERS) {
    for (const record of recordsOf(copy, holder)) {
      if (typeof record.id === 'string') record.id = fresh.get(record.id)!;
    }
  }
  const original = new Map([...fresh].map(([id, renewed]) => [renewed, id]));
  return { bundle: copy, given: (id) => original.get(id) ?? id };
}
