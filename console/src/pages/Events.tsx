/** The events' upcoming dates with the spaces booked; each date opens its register. */
import { useState } from 'react';
import { useQuery } from '../api.ts';
import { todayIn } from '../clock.ts';
import { EventsQuery } from '../documents.ts';
import type { EventsQuery as Data } from '../gql/graphql.ts';
import { readableTypes, useLiveChanges } from '../live.ts';
import { useSession } from '../session.tsx';
import { Empty, ErrorText, Loading, PageHeader, Pager, formatLocal } from '../ui.tsx';
import { RegisterDialog } from './Register.tsx';

type Event = NonNullable<Data['events']>['nodes'][number];
type EventDate = Event['dates'][number];

export function Events() {
  const { me } = useSession();
  const [page, setPage] = useState(0);
  const query = useQuery(EventsQuery, { page, from: todayIn(me.companyTimezone) });
  const [open, setOpen] = useState<{ event: Event; date: EventDate }>();
  const data = query.data?.events;
  // Events and dates changed anywhere, and bookings on the dates shown, show here by themselves.
  const shownDates = new Set(data?.nodes.flatMap((event) => event.dates.map((d) => d.id)) ?? []);
  useLiveChanges(
    readableTypes(me.scopes, ['Event', 'EventDate', 'Booking']),
    (change) => change.type === 'Event' || change.type === 'EventDate' || change.related.some((dateId) => shownDates.has(dateId)),
    query.refresh,
  );
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Events" />
      <p className="lead">Upcoming dates of each event and class, with the spaces booked. Open a date's register to see who is booked, register a customer or take attendance.</p>
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
          eventId={open.event.id}
          dateId={open.date.id}
          title={`${open.event.name}, ${formatLocal(open.date.datetime)}`}
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
                  <td data-label="Left">
                    {date.cancelled ? <span className="badge bad">Cancelled</span> : date.spacesLeft === 0 ? <span className="badge bad">Full</span> : date.spacesLeft}
                  </td>
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
