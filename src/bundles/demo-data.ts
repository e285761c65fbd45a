/**
 * A deterministic demo studio as an import bundle: a weekly timetable of yoga and pilates classes
 * around a reference date (past and future), customers who book them by card or with class passes,
 * facilitators with working hours and 1:1 appointments, videos, memberships and vouchers.
 * The same options always give the same bundle, byte for byte: every choice comes from a seeded
 * faker and every date from `today`, never from the clock.
 */
// The British English entry point (its faker falls back to en, then base), not the package's index: that one
// loads every locale, a few megabytes of modules for each process and each test file that imports this one.
import { faker } from '@faker-js/faker/locale/en_GB';
import type { Bundle } from './bundle.ts';
import { nextPeriodStart, periodStart } from '../domain/billing-periods.ts';
import { ID_PREFIXES, type IdKind } from '../domain/ids.ts';
import { addDays, isoWeekday, localToInstant } from '../domain/time.ts';
import type { Currency } from '../db/entities/access.ts';

export const DEMO_TODAY = '2026-11-21';

export interface DemoOptions {
  seed?: number;
  customers: number;
  /** Classes on the weekly timetable; by default enough for the bookings to fit. */
  events?: number;
  /** Weekly dates of each class, half before `today` and half after. */
  datesPerEvent?: number;
  /** Average class bookings per customer. */
  bookingsPerCustomer?: number;
  /** By default enough for the appointments to fit in their working hours. */
  facilitators?: number;
  /** Average 1:1 appointments per customer. */
  appointmentsPerCustomer?: number;
  /** Average class passes bought per customer. */
  passPurchasesPerCustomer?: number;
  /** Average videos bought per customer. */
  videoPurchasesPerCustomer?: number;
  /** Share of customers holding a membership mandate. */
  membershipShare?: number;
  /** The reference date `YYYY-MM-DD` that "past" and "upcoming" are measured from. */
  today?: string;
  timezone?: string;
  currency?: Currency;
}

type Customer = NonNullable<Bundle['customers']>[number];
type Event = NonNullable<Bundle['events']>[number];
type Transaction = NonNullable<Bundle['transactions']>[number];
type Booking = NonNullable<Transaction['bookings']>[number];
type Facilitator = NonNullable<Bundle['facilitators']>[number];
type Service = NonNullable<Bundle['services']>[number];
type Appointment = NonNullable<Bundle['appointments']>[number];
type Pass = NonNullable<Bundle['passes']>[number];
type PassPurchase = NonNullable<Bundle['passPurchases']>[number];
type Media = NonNullable<Bundle['media']>[number];
type VideoPurchase = NonNullable<Bundle['videoPurchases']>[number];
type Plan = NonNullable<Bundle['subscriptionPlans']>[number];
type Mandate = NonNullable<Bundle['mandates']>[number];
type Charge = NonNullable<Mandate['charges']>[number];
type Voucher = NonNullable<Bundle['vouchers']>[number];

const CLASS_STYLES = [
  ['Vinyasa Flow', 'A flowing, breath-led class linking postures into sequences. All levels welcome.'],
  ['Hatha Yoga', 'Classic postures held with care, with time for breathing and alignment.'],
  ['Yin Yoga', 'Long, quiet holds that open the hips and spine. Bring layers.'],
  ['Power Yoga', 'A strong, sweaty flow to build heat, strength and stamina.'],
  ['Mat Pilates', 'Core strength, posture and control on the mat, with small props.'],
  ['Reformer Pilates', 'Spring-loaded reformer work for strength and length. Grip socks required.'],
  ['Barre', 'Ballet-inspired conditioning: small movements, big burn.'],
  ['Pregnancy Yoga', 'Gentle, supportive practice for every trimester. Please tell us your due date.'],
  ['Restorative Yoga', 'Fully supported poses with bolsters and blankets to rest the nervous system.'],
  ['Ashtanga', 'The primary series, led. Some yoga experience recommended.'],
  ['Pilates for Beginners', 'The fundamentals of Pilates, step by step. No experience needed.'],
  ['Yoga Nidra', 'Guided deep relaxation lying down. Mats, blankets and eye pillows provided.'],
  ['Core Pilates', 'Thirty minutes of focused core work to finish your day.'],
  ['Meditation & Breathwork', 'Seated breathing practices and a guided meditation.'],
] as const;

/** Start times of the timetable, and what the class is called at that time. */
const CLASS_TIMES = [
  ['07:00', 'Sunrise'], ['08:00', 'Morning'], ['09:30', 'Morning'], ['12:30', 'Lunchtime'], ['17:30', 'After-work'],
  ['18:30', 'Evening'], ['19:45', 'Evening'],
] as const;

const SERVICES = [
  { name: 'Sports Massage', description: 'Deep tissue massage for training recovery.', bufferMinutes: 15,
    options: [['30 min', 30, 3500, 1], ['60 min', 60, 6000, 2], ['90 min', 90, 8500, 3]] },
  { name: 'Private Yoga', description: 'A one-to-one session shaped around your practice.', bufferMinutes: 10,
    options: [['60 min', 60, 7000, 2]] },
  { name: 'Reformer 1:1', description: 'A private reformer session with a senior teacher.', bufferMinutes: 10,
    options: [['55 min', 55, 6500, 2], ['Intro 30 min', 30, 3000, 1]] },
  { name: 'Physio Assessment', description: 'Assessment and treatment plan with our physiotherapist.', bufferMinutes: 15,
    options: [['45 min', 45, 5500, 2]] },
] as const;

const PASSES = [
  ['Intro offer: 3 classes', 3, 14, 2500],
  ['5 class pass', 5, 60, 5500],
  ['10 class pass', 10, 90, 9900],
  ['20 class pass', 20, 180, 18000],
] as const;

const VIDEOS = [
  ['Pilates basics', 'Six essential exercises, explained.', 800, 1, 30],
  ['20-minute morning flow', 'A short vinyasa to start the day.', 600, 1, 30],
  ['Yin for runners', 'Hips, hamstrings and calves.', 700, 1, 60],
  ['Breathwork for sleep', 'A calming evening practice.', 500, 1, null],
  ['Barre at home', 'A full barre class with a chair.', 900, 1, 30],
  ['Pregnancy yoga: second trimester', 'Safe, gentle, supportive.', 1000, 1, 90],
] as const;

/** Name, price, interval, minimum term in periods. */
const PLANS = [
  ['Unlimited monthly', 6500, 'MONTH', 3],
  ['Weekly flex (2 classes)', 1800, 'WEEK', 4],
  ['Annual membership', 65000, 'YEAR', 1],
] as const;

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const DAY = 86_400_000;

export function generateBundle(options: DemoOptions): Bundle {
  // The locale's one instance, seeded afresh at each call: the function is synchronous, so calls never interleave.
  faker.seed(options.seed ?? 1);
  const today = options.today ?? DEMO_TODAY;
  const timezone = options.timezone ?? 'Europe/London';
  const currency = options.currency ?? 'GBP';
  const customerCount = options.customers;
  const datesPerEvent = options.datesPerEvent ?? 16;
  const bookingsPerCustomer = options.bookingsPerCustomer ?? 6;
  const appointmentsPerCustomer = options.appointmentsPerCustomer ?? 0.5;
  const eventCount = options.events ?? Math.max(6, Math.ceil((customerCount * bookingsPerCustomer) / (datesPerEvent * 21 * 0.7)));
  const facilitatorCount = options.facilitators ?? Math.max(3, Math.ceil((customerCount * appointmentsPerCustomer) / 500));
  const todayMs = Date.parse(`${today}T00:00:00Z`);

  const int = (min: number, max: number) => faker.number.int({ min, max });
  const chance = (p: number) => faker.number.float() < p;
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  /** A count averaging `mean`: 0 to twice its whole part, plus one more with the fraction's probability. */
  const around = (mean: number) => {
    const whole = Math.floor(mean);
    return int(0, 2 * whole) + (chance(mean - whole) ? 1 : 0);
  };
  /** A time-ordered id like the service's own (src/domain/ids.ts), its random part from the seeded faker. */
  const id = (kind: IdKind, atMs: number) => {
    let time = '';
    let t = Math.max(0, Math.floor(atMs));
    for (let i = 0; i < 10; i++) {
      time = ID_ALPHABET[t % 32] + time;
      t = Math.floor(t / 32);
    }
    return ID_PREFIXES[kind] + time + faker.string.fromCharacters(ID_ALPHABET, 16);
  };
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  /** A local datetime on a date at a random minute between two hours (kept clear of 01:00-03:00, where clocks change). */
  const someTime = (date: string, fromHour = 7, toHour = 21) => `${date}T${hhmm(int(fromHour * 60, toHour * 60 - 1))}:00`;
  const instantOf = (local: string) => localToInstant(local, timezone).getTime();
  const isoInstant = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

  // ---- catalogue
  const vouchers: Voucher[] = [
    { id: id('voucher', todayMs - 400 * DAY), code: 'WELCOME10', description: '10% off your first pass', percentOff: 10, base100AmountOff: null,
      validFrom: addDays(today, -365), validUntil: addDays(today, 365), maxRedemptions: 1000, active: true },
    { id: id('voucher', todayMs - 400 * DAY), code: 'FRIEND5', description: 'Friend referral credit', percentOff: null, base100AmountOff: 500,
      validFrom: null, validUntil: null, maxRedemptions: null, active: true },
    { id: id('voucher', todayMs - 400 * DAY), code: 'SUMMER15', description: 'Summer sale (ended)', percentOff: 15, base100AmountOff: null,
      validFrom: addDays(today, -150), validUntil: addDays(today, -90), maxRedemptions: 200, active: false },
    { id: id('voucher', todayMs - 400 * DAY), code: 'NEWYEAR20', description: 'New year, new practice', percentOff: 20, base100AmountOff: null,
      validFrom: addDays(today, 40), validUntil: addDays(today, 70), maxRedemptions: 300, active: true },
  ];

  const passes: Pass[] = PASSES.map(([name, credits, validityDays, base100Price]) => ({
    id: id('pass', todayMs - 400 * DAY), name, credits, validityDays, base100Price, active: true,
  }));
  const media: Media[] = VIDEOS.map(([name, description, base100Price, credits, accessDays]) => ({
    id: id('media', todayMs - 300 * DAY), name, description, base100Price, credits, accessDays, active: true,
  }));
  const subscriptionPlans: Plan[] = PLANS.map(([name, base100Price, interval, minimumTermPeriods]) => ({
    id: id('plan', todayMs - 500 * DAY), name, base100Price, interval, active: true, currency, graceDays: 7, minimumTermPeriods,
  }));

  // ---- customers
  const emails = new Set<string>();
  const customers: Customer[] = [];
  for (let i = 0; i < customerCount; i++) {
    const firstname = faker.person.firstName();
    const lastname = faker.person.lastName();
    let email = faker.internet.email({ firstName: firstname, lastName: lastname, provider: pick(['example.com', 'example.org', 'example.net']) }).toLowerCase();
    if (emails.has(email)) email = email.replace('@', `${i}@`);
    emails.add(email);
    const createdAt = todayMs - int(30, 3 * 365) * DAY - int(0, 86_399) * 1000;
    customers.push({
      id: id('customer', createdAt), firstname, lastname, email,
      mobile: chance(0.85) ? `+447700900${String(int(0, 999)).padStart(3, '0')}` : null,
      archived: chance(0.03), deleted: chance(0.01), createdAt: isoInstant(createdAt),
    });
  }

  // ---- pass purchases: the credits that PASS payments draw on
  interface Wallet { purchase: PassPurchase; startsMs: number; expiresMs: number; left: number }
  const wallets = new Map<number, Wallet[]>();
  const passPurchases: PassPurchase[] = [];
  for (let c = 0; c < customerCount; c++) {
    for (let n = around(options.passPurchasesPerCustomer ?? 0.6); n > 0; n--) {
      const pass = pick(passes);
      const starts = addDays(today, -int(0, 200));
      const createdAt = instantOf(someTime(starts, 7, 12));
      const discount = chance(0.15) ? Math.round(pass.base100Price * 0.1) : 0;
      const purchase: PassPurchase = {
        id: id('passPurchase', createdAt), customerId: customers[c]!.id!, passId: pass.id!, creditsAllocated: pass.credits,
        creditsConsumed: 0, createdAt: isoInstant(createdAt), starts, expires: addDays(starts, pass.validityDays),
        isCancelled: false, isRefunded: false,
        payment: { currency, base100GrossPrice: pass.base100Price, base100Discount: discount, base100NetPrice: pass.base100Price - discount },
      };
      if (chance(0.02)) Object.assign(purchase, { isCancelled: true, isRefunded: true });
      passPurchases.push(purchase);
      if (purchase.isCancelled) continue;
      const list = wallets.get(c) ?? [];
      list.push({ purchase, startsMs: Date.parse(`${starts}T00:00:00Z`), expiresMs: Date.parse(`${purchase.expires}T23:59:59Z`), left: pass.credits });
      wallets.set(c, list);
    }
  }
  /** A pass purchase of the customer valid on the day with enough credits left, which then pays. */
  const payWithPass = (c: number, dayMs: number, credits: number, place: 'bookings' | 'other') => {
    const wallet = wallets.get(c)?.find((w) => w.startsMs <= dayMs && dayMs <= w.expiresMs && w.left >= credits);
    if (!wallet || (place === 'other' && !chance(0.3))) return undefined;
    wallet.left -= credits;
    wallet.purchase.creditsConsumed! += credits;
    return { method: 'PASS' as const, currency: 'CR' as const, creditsUsed: credits, packageId: wallet.purchase.id! };
  };

  // ---- the weekly timetable
  interface Slot { id: string; date: string; ms: number; capacity: number; free: number }
  interface Class { event: Event; slots: Slot[]; dropIn: string; dropInPrice: number; duo?: string; duoPrice: number }
  const firstWeek = addDays(today, -Math.floor(datesPerEvent / 2) * 7);
  const classes: Class[] = [];
  const events: Event[] = [];
  for (let e = 0; e < eventCount; e++) {
    const [style, description] = CLASS_STYLES[e % CLASS_STYLES.length]!;
    const weekday = 1 + ((e * 3 + Math.floor(e / CLASS_STYLES.length)) % 7);
    const [time, when] = weekday >= 6 ? (pick([['09:00', 'Weekend'], ['10:30', 'Weekend']] as const)) : pick(CLASS_TIMES);
    const duration = pick([45, 60, 60, 75, 90]);
    const capacity = pick([12, 14, 16, 20, 24, 30]);
    let first = firstWeek;
    while (isoWeekday(first) !== weekday) first = addDays(first, 1);
    const eventId = id('event', todayMs - 400 * DAY);
    const slots: Slot[] = [];
    const dates = [];
    for (let d = 0; d < datesPerEvent; d++) {
      const date = addDays(first, 7 * d);
      const datetime = `${date}T${time}:00`;
      const slot = { id: id('eventDate', instantOf(datetime)), date, ms: instantOf(datetime), capacity, free: capacity };
      slots.push(slot);
      dates.push({ id: slot.id, datetime, duration, capacity });
    }
    const dropInPrice = pick([1000, 1200, 1400, 1500]) + (duration > 60 ? 300 : 0);
    const dropIn = id('pricingOption', todayMs - 400 * DAY);
    const duo = e % 3 === 0 ? id('pricingOption', todayMs - 400 * DAY) : undefined;
    const duoPrice = Math.round(dropInPrice * 1.8);
    const pricingOptions = [{ id: dropIn, name: 'Drop-in', base100Price: dropInPrice, credits: 1 }];
    if (duo) pricingOptions.push({ id: duo, name: 'Bring a friend (2 spaces)', base100Price: duoPrice, credits: 2 });
    const event: Event = {
      id: eventId, name: `${when} ${style}`, description: `${description} ${WEEKDAYS[weekday]}s at ${time}.`, kind: 'SCHEDULE', timezone,
      dates, pricingOptions,
    };
    events.push(event);
    classes.push({ event, slots, dropIn, dropInPrice, duo, duoPrice });
  }

  // ---- class bookings, one transaction each; an attendee holds at most one live booking per date
  const transactions: Transaction[] = [];
  const attending = new Set<string>();
  for (let c = 0; c < customerCount && classes.length; c++) {
    const favourites = Array.from({ length: int(1, 3) }, () => pick(classes));
    for (let n = around(bookingsPerCustomer); n > 0; n--) {
      const cls = chance(0.8) ? pick(favourites) : pick(classes);
      const withFriend = cls.duo !== undefined && chance(0.05);
      const spaces = withFriend ? 2 : 1;
      const boughtForId = !withFriend && chance(0.04) ? pick(customers).id! : null;
      const attendee = boughtForId ?? customers[c]!.id!;
      const cancelled = chance(0.06);
      let slot: Slot | undefined;
      for (let tries = 0; tries < 4 && !slot; tries++) {
        const candidate = pick(cls.slots);
        if (candidate.free >= spaces && (cancelled || !attending.has(`${candidate.id} ${attendee}`))) slot = candidate;
      }
      if (!slot) continue;
      if (!cancelled) {
        slot.free -= spaces;
        attending.add(`${slot.id} ${attendee}`);
      }
      const purchaseDay = slot.ms < todayMs ? addDays(slot.date, -int(0, 10)) : addDays(today, -int(0, 20));
      const purchaseDate = purchaseDay < slot.date ? someTime(purchaseDay, 7, 22) : someTime(slot.date, 5, 6);
      const option = withFriend ? { id: cls.duo!, price: cls.duoPrice, credits: 2 } : { id: cls.dropIn, price: cls.dropInPrice, credits: 1 };
      const pass = cancelled ? undefined : payWithPass(c, slot.ms, option.credits, 'bookings');
      const net = chance(0.1) ? Math.round(option.price * 0.9) : option.price;
      const booking: Booking = {
        id: id('booking', instantOf(purchaseDate)), eventDateId: slot.id, pricingOptionId: option.id, spaces, boughtForId,
        isCancelled: cancelled, isRefunded: cancelled && chance(0.7),
        // Past classes had their register taken.
        attended: !cancelled && slot.ms < todayMs ? chance(0.92) : null,
        payment: pass ?? { method: 'CARD', currency, base100GrossPrice: option.price, base100NetPrice: net },
      };
      transactions.push({ id: id('transaction', instantOf(purchaseDate)), customerId: customers[c]!.id!, purchaseDate, bookings: [booking] });
    }
  }

  // ---- facilitators, their working hours, services and appointments
  const facilitators: Facilitator[] = [];
  const schedule: { facilitatorId: string; date: string; windows: { start: number; end: number }[] }[] = [];
  const rangeStart = addDays(today, -90);
  const rangeDays = 150;
  for (let f = 0; f < facilitatorCount; f++) {
    const early = chance(0.5);
    const weekly = [1, 2, 3, 4, 5].flatMap((weekday) =>
      early ? [{ weekday, start: '08:00', end: '12:30' }, { weekday, start: '13:30', end: '17:00' }] : [{ weekday, start: '11:00', end: '19:30' }],
    );
    const overrides: NonNullable<Facilitator['dateOverrides']> = [];
    const holiday = new Set<string>();
    for (const date of [`${today.slice(0, 4)}-12-25`, `${today.slice(0, 4)}-12-26`]) {
      overrides.push({ date, windows: [] });
      holiday.add(date);
    }
    for (let k = 0; k < 3; k++) {
      const date = addDays(today, int(-60, 60));
      if (holiday.has(date) || isoWeekday(date) > 5) continue;
      holiday.add(date);
      overrides.push(chance(0.5) ? { date, windows: [] } : { date, windows: [{ start: '10:00', end: '14:00' }] });
    }
    overrides.sort((a, b) => (a.date < b.date ? -1 : 1));
    const facilitator: Facilitator = {
      id: id('facilitator', todayMs - 500 * DAY), name: `${faker.person.firstName()} ${faker.person.lastName()}`, timezone, weeklyWindows: weekly, dateOverrides: overrides,
    };
    facilitators.push(facilitator);
    for (let d = 0; d < rangeDays; d++) {
      const date = addDays(rangeStart, d);
      const override = overrides.find((o) => o.date === date);
      const windows = (override ? override.windows : weekly.filter((w) => w.weekday === isoWeekday(date))).map((w) => ({
        start: Number(w.start.slice(0, 2)) * 60 + Number(w.start.slice(3)),
        end: Number(w.end.slice(0, 2)) * 60 + Number(w.end.slice(3)),
      }));
      if (windows.length) schedule.push({ facilitatorId: facilitator.id!, date, windows });
    }
  }

  const services: Service[] = SERVICES.map((s) => ({
    id: id('service', todayMs - 500 * DAY), name: s.name, description: s.description, bufferMinutes: s.bufferMinutes, active: true, deleted: false,
    options: s.options.map(([name, durationMinutes, base100Price, credits]) => ({ name, durationMinutes, base100Price, credits, active: true, deleted: false })),
  }));

  // Appointments fill working windows back to back, each holding its length plus the service's
  // buffer, so no two of one facilitator ever overlap.
  interface Opening { facilitatorId: string; datetime: string; service: Service; option: NonNullable<Service['options']>[number] }
  const openings: Opening[] = [];
  for (const day of schedule) {
    for (const window of day.windows) {
      let at = window.start + pick([0, 0, 15, 30]);
      for (;;) {
        const service = pick(services);
        const option = pick(service.options!);
        const end = at + option.durationMinutes + service.bufferMinutes!;
        if (end > window.end) break;
        openings.push({ facilitatorId: day.facilitatorId, datetime: `${day.date}T${hhmm(at)}:00`, service, option });
        at = end + pick([0, 0, 0, 15, 30, 60]);
      }
    }
  }
  const wanted = Math.min(openings.length, Math.round(customerCount * appointmentsPerCustomer));
  const chosen = faker.helpers.shuffle(openings).slice(0, wanted);
  chosen.sort((a, b) => (a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : a.facilitatorId < b.facilitatorId ? -1 : 1));
  const appointments: Appointment[] = chosen.map((o) => {
    const c = int(0, customerCount - 1);
    const startsMs = instantOf(o.datetime);
    const past = startsMs < todayMs;
    const status = chance(0.08) ? 'CANCELLED' : past ? (chance(0.05) ? 'NO_SHOW' : 'COMPLETED') : 'SCHEDULED';
    const pass = status === 'CANCELLED' ? undefined : payWithPass(c, startsMs, o.option.credits, 'other');
    const createdAt = startsMs - int(1, 21) * DAY - int(0, 8) * 3_600_000;
    return {
      id: id('appointment', createdAt), customerId: customers[c]!.id!, serviceId: o.service.id!, optionName: o.option.name,
      facilitatorId: o.facilitatorId, datetime: o.datetime, status,
      notes: chance(0.2) ? pick(['First visit', 'Lower back pain', 'Prefers a firm pressure', 'Marathon in three weeks', 'Returning after injury']) : '',
      createdAt: isoInstant(createdAt),
      payment: pass
        ? { ...pass, status: 'PAID' as const }
        : { method: 'CARD' as const, currency, base100PricePaid: o.option.base100Price, status: past || chance(0.7) ? ('PAID' as const) : ('PENDING' as const) },
    };
  });

  // ---- videos and memberships
  const videoPurchases: VideoPurchase[] = [];
  for (let c = 0; c < customerCount; c++) {
    for (let n = around(options.videoPurchasesPerCustomer ?? 0.3); n > 0; n--) {
      const video = pick(media);
      const createdAt = todayMs - int(0, 180) * DAY + int(8, 21) * 3_600_000;
      const day = new Date(createdAt).toISOString().slice(0, 10);
      const pass = payWithPass(c, createdAt, video.credits, 'other');
      videoPurchases.push({
        id: id('media', createdAt), customerId: customers[c]!.id!, mediaId: video.id!, createdAt: isoInstant(createdAt),
        expiresOn: video.accessDays ? addDays(day, video.accessDays) : null, isCancelled: false, isRefunded: false,
        payment: pass ?? { method: 'CARD', currency, base100Price: video.base100Price },
      });
    }
  }

  const mandates: Mandate[] = [];
  const membershipShare = options.membershipShare ?? 0.1;
  for (let c = 0; c < customerCount; c++) {
    if (!chance(membershipShare)) continue;
    const plan = pick(subscriptionPlans);
    const startDay = addDays(today, -int(1, 400));
    const createdAt = instantOf(someTime(startDay));
    let state: Mandate['state'] = chance(0.85) ? 'ACTIVE' : chance(0.6) ? 'PAUSED' : 'SUSPENDED';
    // The periods started so far, as renewals made them (docs/subscriptions.md); the last three were charged.
    const starts: string[] = [];
    for (let n = 0; periodStart(startDay, plan.interval, n) <= today; n++) starts.push(periodStart(startDay, plan.interval, n));
    // A suspended mandate's latest charge failed more than its grace ago; a paused one was paused before its latest period.
    const failedAt = state === 'SUSPENDED' ? starts.findLastIndex((start) => addDays(start, 7) <= today) : -1;
    if (state === 'SUSPENDED' && failedAt < 0) state = 'ACTIVE';
    const chargedUntil = state === 'SUSPENDED' ? failedAt + 1 : state === 'PAUSED' ? starts.length - 1 : starts.length;
    const charge = (start: string, status: Charge['status']): Charge => {
      const at = instantOf(someTime(start, 5, 6));
      return {
        id: id('charge', at), periodStart: start, periodEnd: addDays(nextPeriodStart(startDay, plan.interval, start), -1), base100Amount: plan.base100Price,
        currency, status, createdAt: isoInstant(at), settledAt: status === 'PENDING' ? null : isoInstant(at + 2 * 3_600_000),
      };
    };
    const charges = starts.slice(Math.max(0, chargedUntil - 3), chargedUntil).map((start, i, charged) =>
      i < charged.length - 1 ? charge(start, 'PAID') : charge(start, state === 'SUSPENDED' ? 'FAILED' : addDays(start, 2) >= today ? 'PENDING' : 'PAID'),
    );
    const latest = starts.at(-1)!;
    mandates.push({
      id: id('mandate', createdAt), customerId: customers[c]!.id!, planId: plan.id!, state, createdAt: isoInstant(createdAt), grace: 7,
      earliestCancellationDate: periodStart(startDay, plan.interval, plan.minimumTermPeriods!), renewalDate: nextPeriodStart(startDay, plan.interval, today),
      anchorDate: startDay, endsOn: null, cancelledAt: null,
      pausedAt: state === 'PAUSED' ? isoInstant(Math.max(createdAt, instantOf(someTime(addDays(latest, -1))))) : null,
      charges,
    });
  }

  // Collections in id order, which is creation order, as an export writes them.
  const byId = <T extends { id?: string }>(records: T[]) => records.sort((a, b) => (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0));
  return {
    format: 1,
    customers: byId(customers), events: byId(events), transactions: byId(transactions), facilitators: byId(facilitators),
    services: byId(services), appointments: byId(appointments), passes: byId(passes), passPurchases: byId(passPurchases), media: byId(media),
    videoPurchases: byId(videoPurchases), subscriptionPlans: byId(subscriptionPlans), mandates: byId(mandates), vouchers: byId(vouchers),
  };
}

/** How many records a bundle holds, nested ones included (event dates, bookings, windows, options...). */
export function countRecords(bundle: Bundle): number {
  let n = 0;
  for (const e of bundle.events ?? []) n += 1 + (e.dates?.length ?? 0) + (e.pricingOptions?.length ?? 0);
  for (const t of bundle.transactions ?? []) n += 1 + (t.bookings?.length ?? 0);
  for (const f of bundle.facilitators ?? []) n += 1 + (f.weeklyWindows?.length ?? 0) + (f.dateOverrides?.length ?? 0);
  for (const s of bundle.services ?? []) n += 1 + (s.options?.length ?? 0);
  for (const list of [bundle.customers, bundle.waitlistEntries, bundle.appointments, bundle.passes, bundle.passPurchases, bundle.media,
    bundle.videoPurchases, bundle.subscriptionPlans, bundle.mandates, bundle.vouchers]) n += list?.length ?? 0;
  for (const m of bundle.mandates ?? []) n += m.charges?.length ?? 0;
  return n;
}
