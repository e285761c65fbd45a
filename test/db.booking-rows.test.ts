/**
 * A booking's row is built from the columns its statement read (src/db/loaders.ts `bookingRowsOf`): just the
 * properties of the selection, its event and event date only when read, each with only its own properties.
 */
import { describe, expect, it } from '@jest/globals';
import { bookingRowsOf, COLUMNS, ROW_COLUMNS, selectList, type FieldSelection } from '../src/db/loaders.ts';

type Tree = { [field: string]: Tree };
const selection = (tree: Tree): FieldSelection => new Map(Object.entries(tree).map(([field, below]) => [field, selection(below) as Map<string, unknown>])) as FieldSelection;

/** A raw row as a statement of every booking column answers it: each column's value is its own name. */
const raw: Record<string, unknown> = Object.fromEntries(
  [
    'id', 'transactionId', 'purchasedById', 'boughtForId', 'pricingOptionId', 'spaces', 'isCancelled', 'isRefunded', 'attended',
    'event_id', 'event_name', 'event_description', 'event_kind', 'event_timezone', 'event_archived', 'event_created_at', 'event_updated_at',
    'date_id', 'date_event_id', 'date_datetime', 'date_starts_at', 'date_tz', 'date_duration', 'date_capacity', 'date_spaces_booked', 'date_spaces_left',
    'currency', 'pass_purchase_id',
  ].map((column) => [column, column]),
);
Object.assign(raw, { with_event: true, with_date: true, payment_method: 'CARD', base100_gross_price: 1000, base100_net_price: 900, credits_used: null });

const keys = (value: unknown) => Object.keys(value as object).sort();

describe('a booking row holds what its selection read, and nothing else', () => {
  it.each<[string, Tree, string[], string[] | undefined, string[] | undefined]>([
    ['the nested page', { id: {}, spaces: {}, event: { name: {} }, eventDate: { datetime: {} } }, ['event', 'eventDate', 'id', 'spaces', 'transactionId'], ['name'], ['datetime']],
    ['the id alone', { id: {} }, ['id', 'transactionId'], undefined, undefined],
    ['a field the event follows by id', { event: { dates: {} } }, ['event', 'id', 'transactionId'], ['id'], undefined],
    ['the date and its event', { eventDate: { id: {}, event: {}, spacesLeft: {} } }, ['eventDate', 'id', 'transactionId'], undefined, ['eventId', 'id', 'spacesLeft']],
    ['the payer and the payment', { purchasedBy: {}, payment: { method: {} } }, ['id', 'payment', 'purchasedById', 'transactionId'], undefined, undefined],
  ])('%s', (_name, tree, bookingKeys, eventKeys, dateKeys) => {
    const row = bookingRowsOf(selectList(ROW_COLUMNS.booking, selection(tree)))(raw) as unknown as Record<string, unknown>;
    expect(keys(row)).toEqual(bookingKeys);
    expect(row.id).toBe('id');
    expect(row.event === undefined ? undefined : keys(row.event)).toEqual(eventKeys);
    expect(row.eventDate === undefined ? undefined : keys(row.eventDate)).toEqual(dateKeys);
    if (eventKeys) for (const key of eventKeys) expect((row.event as Record<string, unknown>)[key]).toBe(key === 'id' ? 'event_id' : `event_${key}`);
  });

  it('reads every property from the whole row, the payment as the vocabulary shapes it', () => {
    const row = bookingRowsOf(COLUMNS.booking)(raw);
    expect(keys(row)).toEqual(['attended', 'boughtForId', 'event', 'eventDate', 'id', 'isCancelled', 'isRefunded', 'payment', 'pricingOptionId', 'purchasedById', 'spaces', 'transactionId']);
    expect(row.event).toEqual({
      id: 'event_id', name: 'event_name', description: 'event_description', kind: 'event_kind', timezone: 'event_timezone',
      archived: 'event_archived', createdAt: 'event_created_at', updatedAt: 'event_updated_at',
    });
    expect(row.eventDate).toEqual({
      id: 'date_id', eventId: 'date_event_id', datetime: 'date_datetime', startsAt: 'date_starts_at', tz: 'date_tz', duration: 'date_duration',
      capacity: 'date_capacity', spacesBooked: 'date_spaces_booked', spacesLeft: 'date_spaces_left',
    });
    expect(row.payment).toEqual({ method: 'CARD', currency: 'currency', base100GrossPrice: 1000, base100NetPrice: 900, creditsUsed: 0, status: 'PAID', passPurchaseId: 'pass_purchase_id', settledAt: null, settlementMethod: null });
  });

  it('builds one builder per select list', () => {
    const columns = selectList(ROW_COLUMNS.booking, selection({ spaces: {} }));
    expect(bookingRowsOf(columns)).toBe(bookingRowsOf(columns));
  });
});
