/**
 * The plain rows the read path answers with (src/db/loaders.ts, src/db/lists.ts). Their fields carry the
 * GraphQL field names, so most fields resolve by property; instants are ISO strings (`…T10:00:00.000Z`),
 * local datetimes `YYYY-MM-DDTHH:MM:SS` in the zone beside them, dates `YYYY-MM-DD`. References are ids.
 * A row read for a GraphQL selection has only the properties that selection needs (src/db/loaders.ts
 * `RowColumns`).
 */

export interface CompanyRow {
  id: string;
  name: string;
  timezone: string;
  currency: string;
}

export interface CustomerRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
}

export interface NoteRow {
  id: string;
  customerId: string;
  body: string;
  author: string | null;
  createdAt: string;
  /** The appointment whose booking notes it holds. */
  appointmentId: string | null;
}

export interface AnswerRow {
  id: string;
  customerId: string;
  questionnaire: string;
  question: string;
  answer: string;
  answeredAt: string;
}

/** What a customer owes in one currency (GraphQL `AmountOwed`), and the ids of the records it is owed on. */
export interface AmountOwedRow {
  customerId: string;
  currency: string;
  base100Amount: number;
  appointmentIds: string[];
  chargeIds: string[];
}

/** How a booking, appointment or video purchase was paid (GraphQL `Payment`). */
export interface PaymentRow {
  method: 'CARD' | 'PASS';
  currency: string;
  base100GrossPrice: number;
  base100NetPrice: number;
  creditsUsed: number;
  status: 'PAID' | 'PENDING' | 'FAILED';
  passPurchaseId: string | null;
  /** How the money was taken when marked at the desk (appointments); null otherwise. */
  settlementMethod: 'CARD' | 'CASH' | 'OTHER' | null;
  settledAt: string | null;
}

export interface TransactionRow {
  id: string;
  customerId: string;
  purchasedAt: string;
  /** Local to the company's timezone. */
  purchaseDate: string;
  tz: string;
  /** Set by the page that read it when its bookings were read with it (src/pipeline/lists-with-parents.ts). */
  bookings?: BookingRow[];
}

export interface EventRow {
  id: string;
  name: string;
  description: string;
  kind: 'ONE_OFF' | 'SCHEDULE';
  timezone: string;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EventDateRow {
  id: string;
  eventId: string;
  /** Local to the event's timezone, `tz`. */
  datetime: string;
  startsAt: string;
  tz: string;
  duration: number;
  capacity: number;
  spacesBooked: number;
  spacesLeft: number;
  cancelled: boolean;
}

export interface PricingOptionRow {
  id: string;
  eventId: string;
  name: string;
  base100Price: number;
  credits: number;
}

export interface BookingRow {
  id: string;
  transactionId: string;
  /** The payer: the transaction's customer. */
  purchasedById: string;
  boughtForId: string | null;
  pricingOptionId: string;
  spaces: number;
  isCancelled: boolean;
  isRefunded: boolean;
  event: EventRow;
  eventDate: EventDateRow;
  payment: PaymentRow;
  /** Null until attendance is taken. */
  attended: boolean | null;
}

export interface FacilitatorRow {
  id: string;
  name: string;
  timezone: string;
}

export interface WeeklyWindowRow {
  facilitatorId: string;
  weekday: number;
  /** `HH:MM` */
  start: string;
  end: string;
}

export interface DateOverrideRow {
  facilitatorId: string;
  date: string;
  windows: { start: string; end: string }[];
}

export interface ServiceRow {
  id: string;
  name: string;
  description: string;
  bufferMinutes: number;
  active: boolean;
  deleted: boolean;
}

export interface ServiceOptionRow {
  serviceId: string;
  name: string;
  durationMinutes: number;
  base100Price: number;
  credits: number;
  active: boolean;
}

export interface AppointmentRow {
  id: string;
  status: string;
  customerId: string;
  serviceId: string;
  optionName: string;
  facilitatorId: string;
  /** Local to `tz`. */
  datetime: string;
  startsAt: string;
  tz: string;
  durationMinutes: number;
  notes: string;
  /** Local to `tz`. */
  createdAt: string;
  payment: PaymentRow;
}

export interface PassRow {
  id: string;
  name: string;
  description: string;
  credits: number;
  validityDays: number;
  base100Price: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface PassPurchaseRow {
  id: string;
  passId: string;
  customerId: string;
  creditsAllocated: number;
  creditsConsumed: number;
  creditsRemaining: number;
  createdAt: string;
  starts: string;
  expires: string;
  isCancelled: boolean;
  isRefunded: boolean;
  paymentDetails: { currency: string; base100GrossPrice: number; base100Discount: number; base100NetPrice: number };
}

export interface MediaRow {
  id: string;
  name: string;
  description: string;
  base100Price: number;
  credits: number;
  accessDays: number | null;
  active: boolean;
}

export interface VideoPurchaseRow {
  id: string;
  mediaId: string;
  customerId: string;
  createdAt: string;
  expiresOn: string | null;
  isCancelled: boolean;
  isRefunded: boolean;
  payment: PaymentRow;
}

export interface PlanRow {
  id: string;
  name: string;
  description: string;
  base100Price: number;
  currency: string;
  interval: 'WEEK' | 'MONTH' | 'YEAR';
  active: boolean;
  graceDays: number;
  minimumTermPeriods: number;
}

export interface MandateRow {
  id: string;
  planId: string;
  customerId: string;
  state: 'ACTIVE' | 'PAUSED' | 'SUSPENDED' | 'CANCELLED';
  createdAt: string;
  grace: number;
  earliestCancellationDate: string;
  renewalDate: string;
  anchorDate: string;
  endsOn: string | null;
  cancelledAt: string | null;
  pausedAt: string | null;
}

export interface ChargeRow {
  id: string;
  mandateId: string;
  periodStart: string;
  periodEnd: string;
  base100Amount: number;
  currency: string;
  status: 'PAID' | 'PENDING' | 'FAILED';
  createdAt: string;
  settledAt: string | null;
  settlementMethod: 'CARD' | 'CASH' | 'OTHER' | null;
}

export interface VoucherRow {
  id: string;
  code: string;
  description: string;
  percentOff: number | null;
  base100AmountOff: number | null;
  validFrom: string | null;
  validUntil: string | null;
  maxRedemptions: number | null;
  redemptions: number;
  active: boolean;
}

/** A page of rows; `total` is counted only when the client selects it. */
/** An appointment that is not cancelled: its start (ms since the epoch), length, and the buffer it was booked with. */
export interface BusyPeriod {
  startsAt: number;
  durationMinutes: number;
  bufferMinutes: number;
}

/**
 * One page of a list: page from 0, and how many rows a page holds (checked by src/domain/paging.ts); or,
 * with `after`, the rows that follow the row with that sort key (a keyset page: `page` is 0 then).
 */
export interface PageRequest {
  page: number;
  pageSize: number;
  /** The sort key of the row the page starts after, each part as PostgreSQL writes it as text. */
  after?: readonly string[];
  /** Whether the caller reads `hasNextPage` and `endKey`: one row more is read to know. */
  lookAhead?: boolean;
}

export interface RowPage<T> {
  nodes: T[];
  total: () => Promise<number> | number;
  page: number;
  pageSize: number;
  /** With `lookAhead`: whether a row follows the page, and the sort key of its last row. */
  hasNextPage?: boolean;
  endKey?: readonly string[];
}

export type AppointmentPageRow = RowPage<AppointmentRow>;
export type TransactionPageRow = RowPage<TransactionRow>;
export type BookingPageRow = RowPage<BookingRow>;
export type EventPageRow = RowPage<EventRow>;
export type EventDatePageRow = RowPage<EventDateRow>;
export type PassPageRow = RowPage<PassRow>;
export type PassPurchasePageRow = RowPage<PassPurchaseRow>;
export type MediaPageRow = RowPage<MediaRow>;
export type VideoPurchasePageRow = RowPage<VideoPurchaseRow>;
export type PlanPageRow = RowPage<PlanRow>;
export type MandatePageRow = RowPage<MandateRow>;
export type ChargePageRow = RowPage<ChargeRow>;
export type VoucherPageRow = RowPage<VoucherRow>;
export type CustomerPageRow = RowPage<CustomerRow>;
export type NotePageRow = RowPage<NoteRow>;
export type AnswerPageRow = RowPage<AnswerRow>;
