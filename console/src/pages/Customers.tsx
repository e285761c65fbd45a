import { useEffect, useId, useState } from 'react';
import { useQuery } from '../api.ts';
import { CustomerQuery, CustomersQuery } from '../documents.ts';
import { Link } from '../router.tsx';
import { Empty, ErrorText, Loading, PageHeader, Pager, formatDate, formatDateTime, formatLocal } from '../ui.tsx';

const PAGE_SIZE = 25;

export function Customers() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const searchId = useId();
  // Search as one types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(0);
    }, 250);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useQuery(CustomersQuery, { search: search || null, page, pageSize: PAGE_SIZE });
  const data = query.data?.customers;
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Customers" />
      <form
        role="search"
        className="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(text.trim());
          setPage(0);
        }}
      >
        <label htmlFor={searchId}>Search customers</label>
        <input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Name or email" />
        <button type="submit">Search</button>
      </form>
      <ErrorText error={query.error} />
      {query.loading && !data && <Loading label="Loading customers…" />}
      {data && data.nodes.length === 0 && <Empty>{search ? `No customer matches “${search}”.` : 'No customers yet.'}</Empty>}
      {data && data.nodes.length > 0 && (
        <>
          <div className="table-wrap" role="region" aria-label="Customers table" tabIndex={0} aria-busy={query.loading}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Mobile</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.nodes.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" data-label="Name">
                      <Link to={`/customers/${encodeURIComponent(c.id)}`}>
                        {c.lastName}, {c.firstName}
                      </Link>
                    </th>
                    <td data-label="Email">{c.email}</td>
                    <td data-label="Mobile">{c.mobile ?? '—'}</td>
                    <td data-label="Status">{c.archived ? <span className="badge">Archived</span> : <span className="badge good">Active</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Customer pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

export function CustomerProfile({ id }: { id: string }) {
  const query = useQuery(CustomerQuery, { id });
  const customer = query.data?.customer;
  return (
    <section aria-labelledby="page-title">
      <p className="breadcrumb">
        <Link to="/customers">← Customers</Link>
      </p>
      <PageHeader title={customer ? `${customer.firstName} ${customer.lastName}` : 'Customer'} />
      <ErrorText error={query.error} />
      {query.loading && !query.data && <Loading label="Loading the customer…" />}
      {query.data && !customer && <Empty>There is no such customer in this studio.</Empty>}
      {customer && (
        <div className="profile">
          <dl className="details card">
            <div>
              <dt>Email</dt>
              <dd>{customer.email}</dd>
            </div>
            <div>
              <dt>Mobile</dt>
              <dd>{customer.mobile ?? '—'}</dd>
            </div>
            <div>
              <dt>Customer since</dt>
              <dd>{formatDateTime(customer.createdAt)}</dd>
            </div>
            <div>
              <dt>Id</dt>
              <dd className="mono">{customer.id}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{customer.archived ? 'Archived' : 'Active'}</dd>
            </div>
          </dl>

          <section className="card" aria-labelledby="bookings-title">
            <h2 id="bookings-title">Bookings</h2>
            {customer.transactions.nodes.length === 0 ? (
              <Empty>No bookings in the last three months.</Empty>
            ) : (
              <ul className="list">
                {customer.transactions.nodes.flatMap((t) =>
                  t.bookings.map((b) => (
                    <li key={b.id}>
                      <strong>{b.event.name}</strong> · {formatLocal(b.eventDate.datetime)} · {b.spaces} {b.spaces === 1 ? 'space' : 'spaces'}
                      {b.isCancelled && <span className="badge bad">Cancelled</span>}
                    </li>
                  )),
                )}
              </ul>
            )}
          </section>

          <section className="card" aria-labelledby="passes-title">
            <h2 id="passes-title">Passes</h2>
            {customer.passPurchases.nodes.length === 0 ? (
              <Empty>No passes.</Empty>
            ) : (
              <ul className="list">
                {customer.passPurchases.nodes.map((p) => (
                  <li key={p.id}>
                    <strong>{p.pass.name}</strong> · {p.creditsRemaining} of {p.creditsAllocated} credits left · {formatDate(p.starts)} to{' '}
                    {formatDate(p.expires)} <span className={p.status === 'ACTIVE' ? 'badge good' : 'badge'}>{p.status.toLowerCase()}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="card" aria-labelledby="appointments-title">
            <h2 id="appointments-title">Appointments</h2>
            {customer.appointments.nodes.length === 0 ? (
              <Empty>No appointments.</Empty>
            ) : (
              <ul className="list">
                {customer.appointments.nodes.map((a) => (
                  <li key={a.id}>
                    <strong>{a.service.name}</strong> ({a.optionName}) with {a.facilitator.name} · {formatLocal(a.datetime)} · {a.durationMinutes} min{' '}
                    <span className={a.status === 'CANCELLED' ? 'badge bad' : 'badge'}>{a.status.toLowerCase()}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="card" aria-labelledby="notes-title">
            <h2 id="notes-title">Notes</h2>
            {!customer.notes || customer.notes.nodes.length === 0 ? (
              <Empty>No notes.</Empty>
            ) : (
              <ul className="list">
                {customer.notes.nodes.map((n) => (
                  <li key={n.id}>
                    <p className="note-body">{n.body}</p>
                    <span className="sub">
                      {n.author ?? 'Staff'} · {formatDateTime(n.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
