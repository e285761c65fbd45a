import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { BookEventMutation, EventRegisterQuery, EventsQuery } from '../documents.ts';
import type { EventsQuery as Data, PaymentChoice } from '../gql/graphql.ts';
import { can, useSession } from '../session.tsx';
import { Dialog, Empty, ErrorText, FormActions, Loading, PageHeader, Pager, formatLocal, money } from '../ui.tsx';
import { CustomerPicker } from './Appointments.tsx';

type Event = NonNullable<Data['events']>['nodes'][number];
type EventDate = Event['dates'][number];

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function Events() {
  const [page, setPage] = useState(0);
  const query = useQuery(EventsQuery, { page, from: today() });
  const [open, setOpen] = useState<{ event: Event; date: EventDate }>();
  const data = query.data?.events;
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Events" />
      <p className="lead">Upcoming dates of each event and class, with the spaces booked. Open a date to see its register and register a customer.</p>
      <ErrorText error={query.error} />
      {query.loading && !data && <Loading label="Loading events…" />}
      {data && data.nodes.length === 0 && <Empty>No events yet.</Empty>}
      {data && data.nodes.length > 0 && (
        <>
          <div className="cards two">
            {data.nodes.map((event) => (
              <EventCard key={event.id} event={event} onOpen={(date) => setOpen({ event, date })} />
            ))}
          </div>
          <Pager label="Event pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
      {open && (
        <RegisterDialog
          event={open.event}
          date={open.date}
          onClose={(changed) => {
            setOpen(undefined);
            if (changed) query.reload();
          }}
        />
      )}
    </section>
  );
}

const FIRST_DATES = 5;

function EventCard({ event, onOpen }: { event: Event; onOpen: (date: EventDate) => void }) {
  const [all, setAll] = useState(false);
  const dates = all ? event.dates : event.dates.slice(0, FIRST_DATES);
  return (
    <article className="card" aria-labelledby={`evt-${event.id}`}>
      <header className="card-head">
        <h2 id={`evt-${event.id}`}>{event.name}</h2>
        <span className="badge">{event.kind === 'ONE_OFF' ? 'one-off' : 'schedule'}</span>
      </header>
      {event.dates.length === 0 ? (
        <Empty>No upcoming dates.</Empty>
      ) : (
        <div className="table-wrap" role="region" aria-label={`Dates of ${event.name}`} tabIndex={0}>
          <table className="compact">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Capacity</th>
                <th scope="col">Booked</th>
                <th scope="col">Left</th>
                <th scope="col">
                  <span className="visually-hidden">Register</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {dates.map((date) => (
                <tr key={date.id}>
                  <td data-label="Date">{formatLocal(date.datetime)}</td>
                  <td data-label="Capacity">{date.capacity}</td>
                  <td data-label="Booked">
                    <meter min={0} max={date.capacity} value={date.spacesBooked} aria-label={`${date.spacesBooked} of ${date.capacity} booked`} />{' '}
                    {date.spacesBooked}
                  </td>
                  <td data-label="Left">{date.spacesLeft === 0 ? <span className="badge bad">Full</span> : date.spacesLeft}</td>
                  <td className="actions">
                    <button type="button" onClick={() => onOpen(date)} aria-label={`Register for ${event.name} on ${formatLocal(date.datetime)}`}>
                      Register
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {event.dates.length > FIRST_DATES && (
            <button type="button" className="link-button show-more" aria-expanded={all} onClick={() => setAll((a) => !a)}>
              {all ? 'Show fewer dates' : `Show all ${event.dates.length} dates`}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

function RegisterDialog({ event, date, onClose }: { event: Event; date: EventDate; onClose: (changed: boolean) => void }) {
  const { me } = useSession();
  const mayRead = can(me, 'events-register:read');
  const register = useQuery(EventRegisterQuery, { eventId: event.id, dateId: date.id }, { skip: !mayRead });
  const book = useMutation(BookEventMutation);
  const [customer, setCustomer] = useState<{ id: string; name: string }>();
  const [optionId, setOptionId] = useState(event.pricingOptions[0]?.id ?? '');
  const [spaces, setSpaces] = useState('1');
  const [payWith, setPayWith] = useState<PaymentChoice>('CARD');
  const [problem, setProblem] = useState<string>();
  const [changed, setChanged] = useState(false);
  const [done, setDone] = useState<string>();
  const ids = { option: useId(), spaces: useId(), pay: useId() };
  const current = register.data?.event?.date;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!customer) return setProblem('Choose the customer to register.');
    const n = Number(spaces);
    if (!Number.isInteger(n) || n < 1) return setProblem('Spaces: a whole number, 1 or more.');
    setProblem(undefined);
    const r = await book.run({
      input: {
        customerId: customer.id,
        eventDateId: date.id,
        pricingOptionId: optionId,
        spaces: n,
        payWith,
        boughtForId: null,
        packageId: null,
        voucherCode: null,
      },
    });
    if (r) {
      setChanged(true);
      setDone(`Registered ${customer.name} (${n} ${n === 1 ? 'space' : 'spaces'}).`);
      setCustomer(undefined);
      register.reload();
    }
  };
  return (
    <Dialog title={`${event.name}, ${formatLocal(date.datetime)}`} open onClose={() => onClose(changed)}>
      <div className="stack">
        <p>
          {current ? current.spacesBooked : date.spacesBooked} of {date.capacity} spaces booked · {current ? current.spacesLeft : date.spacesLeft}{' '}
          left
        </p>
        <h3>Booked on this date</h3>
        {!mayRead && <p className="hint">Your role cannot read the register of a date.</p>}
        <ErrorText error={register.error} />
        {register.loading && !register.data && <Loading label="Loading the register…" />}
        {current?.register && current.register.nodes.length === 0 && <Empty>Nobody is registered yet.</Empty>}
        {current?.register && current.register.nodes.length > 0 && (
          <ul className="list">
            {current.register.nodes.map((b) => (
              <li key={b.id}>
                {b.purchasedBy.firstName} {b.purchasedBy.lastName}
                {b.boughtFor && (
                  <>
                    {' '}
                    for {b.boughtFor.firstName} {b.boughtFor.lastName}
                  </>
                )}{' '}
                · {b.spaces} {b.spaces === 1 ? 'space' : 'spaces'}
                {b.isCancelled && <span className="badge bad">Cancelled</span>}
              </li>
            ))}
          </ul>
        )}
        <form className="stack" onSubmit={submit} noValidate aria-label="Register a customer">
          <h3>Register a customer</h3>
          {done && (
            <p className="notice" role="status">
              {done}
            </p>
          )}
          <CustomerPicker value={customer} onChange={setCustomer} />
          <div className="row">
            <div className="field">
              <label htmlFor={ids.option}>Pricing option</label>
              <select id={ids.option} value={optionId} onChange={(e) => setOptionId(e.target.value)}>
                {event.pricingOptions.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name} · {money(o.base100Price, o.currency)}
                    {o.credits ? ` or ${o.credits} ${o.credits === 1 ? 'credit' : 'credits'}` : ''}
                  </option>
                ))}
              </select>
            </div>
            <div className="field narrow">
              <label htmlFor={ids.spaces}>Spaces</label>
              <input id={ids.spaces} type="number" min={1} max={100} inputMode="numeric" value={spaces} onChange={(e) => setSpaces(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={ids.pay}>Pay with</label>
              <select id={ids.pay} value={payWith} onChange={(e) => setPayWith(e.target.value as PaymentChoice)}>
                <option value="CARD">Card</option>
                <option value="PASS">Pass credits</option>
              </select>
            </div>
          </div>
          <ErrorText error={problem ?? book.error} />
          <FormActions onCancel={() => onClose(changed)} busy={book.busy} disabled={book.busy || date.spacesLeft === 0} label="Register customer" busyLabel="Registering…" cancelLabel="Close" />
        </form>
      </div>
    </Dialog>
  );
}
