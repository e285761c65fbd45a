/**
 * A day at the desk, added to a bundle: for each lane (one per browser walk, so walks do not meet), a
 * facilitator working every day with four appointments today (08:30 and an off-grid 10:07, both started by
 * noon, 14:00 and 16:30 still to come), a class this morning with two bookings whose register is to take,
 * and a regular customer, booked on the evening class (18:00) and at 16:30, who is sold things at the desk.
 * The service's clock is meant to stand at noon of `today`.
 */
import type { Bundle } from '../../src/bundles/bundle.ts';

export interface DeskLane {
  facilitator: { id: string; name: string };
  /** The 08:30 appointment (to complete), the 10:07 one (to mark no-show) and the 14:00 one (still to come). */
  completed: Person;
  noShow: Person;
  later: Person;
  /** The 09:30 class and who is booked on it. */
  className: string;
  attends: Person;
  absent: Person;
  /** Booked on the evening class and at 16:30 (an appointment to move and cancel); the customer the walk sells to. */
  regular: Person;
}

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

const EVENING = 'Evening Yin';

const person = (key: string, firstName: string, lastName: string): Person => ({
  id: `cust_desk_${key}`,
  firstName,
  lastName,
  email: `${firstName}.${lastName}@desk.example`.toLowerCase(),
});

export const DESK_LANES: DeskLane[] = [
  {
    facilitator: { id: 'fac_desk_maya', name: 'Maya Patel' },
    completed: person('ada', 'Ada', 'Lovelace'),
    noShow: person('grace', 'Grace', 'Hopper'),
    later: person('alan', 'Alan', 'Turing'),
    className: 'Late Morning Vinyasa',
    attends: person('joan', 'Joan', 'Clarke'),
    absent: person('tommy', 'Tommy', 'Flowers'),
    regular: person('hedy', 'Hedy', 'Lamarr'),
  },
  {
    facilitator: { id: 'fac_desk_sam', name: 'Sam Okafor' },
    completed: person('katherine', 'Katherine', 'Johnson'),
    noShow: person('dorothy', 'Dorothy', 'Vaughan'),
    later: person('mary', 'Mary', 'Jackson'),
    className: 'Mid-morning Mat Pilates',
    attends: person('annie', 'Annie', 'Easley'),
    absent: person('christine', 'Christine', 'Darden'),
    regular: person('margaret', 'Margaret', 'Hamilton'),
  },
];

/** `bundle` with the desk's day added (it must hold a service named `Sports Massage` with a `30 min` and a `60 min` option). */
export function withDeskDay(bundle: Bundle, today: string): Bundle {
  const massage = bundle.services?.find((s) => s.name === 'Sports Massage');
  if (!massage?.id) throw new Error('the bundle has no Sports Massage service');
  const at = (time: string) => `${today}T${time}:00`;
  const card = (price: number) => ({ method: 'CARD' as const, currency: 'GBP' as const, base100PricePaid: price, status: 'PENDING' as const });
  const booking = (id: string, dateId: string, pricingOptionId: string, customer: Person) => ({
    id: `txn_${id}`,
    customerId: customer.id,
    purchaseDate: `${today}T07:15:00`,
    bookings: [{ id: `booking_${id}`, eventDateId: dateId, pricingOptionId, payment: { method: 'CARD' as const, base100GrossPrice: 1400, base100NetPrice: 1400 } }],
  });
  const customers = DESK_LANES.flatMap((lane) => [lane.completed, lane.noShow, lane.later, lane.attends, lane.absent, lane.regular]).map((p) => ({
    id: p.id,
    firstname: p.firstName,
    lastname: p.lastName,
    email: p.email,
    mobile: null,
    createdAt: '2026-01-05T10:00:00Z',
  }));
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
  return {
    ...bundle,
    customers: [...(bundle.customers ?? []), ...customers],
    facilitators: [
      ...(bundle.facilitators ?? []),
      ...DESK_LANES.map((lane) => ({ ...lane.facilitator, timezone: 'Europe/London', weeklyWindows: everyDay, dateOverrides: [] })),
    ],
    appointments: [
      ...(bundle.appointments ?? []),
      ...DESK_LANES.flatMap((lane, i) => [
        { id: `appt_desk_${i}_a`, customerId: lane.completed.id, serviceId: massage.id!, optionName: '30 min', facilitatorId: lane.facilitator.id, datetime: at('08:30'), payment: card(3500) },
        { id: `appt_desk_${i}_b`, customerId: lane.noShow.id, serviceId: massage.id!, optionName: '60 min', facilitatorId: lane.facilitator.id, datetime: at('10:07'), payment: card(6000) },
        { id: `appt_desk_${i}_c`, customerId: lane.later.id, serviceId: massage.id!, optionName: '60 min', facilitatorId: lane.facilitator.id, datetime: at('14:00'), payment: card(6000) },
        {
          id: `appt_desk_${i}_d`, customerId: lane.regular.id, serviceId: massage.id!, optionName: '60 min', facilitatorId: lane.facilitator.id, datetime: at('16:30'),
          notes: 'Marathon on Sunday', payment: card(6000),
        },
      ]),
    ],
    events: [
      ...(bundle.events ?? []),
      ...DESK_LANES.map((lane, i) => ({
        id: `evt_desk_${i}`,
        name: lane.className,
        description: 'A class of the desk walk.',
        kind: 'SCHEDULE' as const,
        timezone: 'Europe/London',
        dates: [{ id: `date_desk_${i}`, datetime: at(i === 0 ? '09:30' : '11:00'), duration: 60, capacity: 12 }],
        pricingOptions: [{ id: `po-desk-${i}`, name: 'Drop-in', base100Price: 1400, credits: 1 }],
      })),
      {
        id: 'evt_desk_evening',
        name: EVENING,
        description: 'Long, quiet holds to end the day.',
        kind: 'SCHEDULE' as const,
        timezone: 'Europe/London',
        dates: [{ id: 'date_desk_evening', datetime: at('18:00'), duration: 75, capacity: 16 }],
        pricingOptions: [{ id: 'po-desk-evening', name: 'Drop-in', base100Price: 1400, credits: 1 }],
      },
    ],
    transactions: [
      ...(bundle.transactions ?? []),
      ...DESK_LANES.flatMap((lane, i) => [
        booking(`desk_${i}_came`, `date_desk_${i}`, `po-desk-${i}`, lane.attends),
        booking(`desk_${i}_absent`, `date_desk_${i}`, `po-desk-${i}`, lane.absent),
        booking(`desk_${i}_evening`, 'date_desk_evening', 'po-desk-evening', lane.regular),
      ]),
    ],
  };
}

export const DESK_EVENING_CLASS = EVENING;
