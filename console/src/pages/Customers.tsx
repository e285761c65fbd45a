/** The customers: searched by name, email or phone, paged, each opening their page; a new one (a walk-in) added here. */
import { useEffect, useId, useState } from 'react';
import { useQuery } from '../api.ts';
import { CustomersQuery } from '../documents.ts';
import { Link, navigate } from '../router.tsx';
import { NewCustomerDialog } from './CustomerForms.tsx';
import { Empty, ErrorText, Loading, PageHeader, Pager } from '../ui.tsx';

const PAGE_SIZE = 25;

export function Customers() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
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
      <PageHeader title="Customers">
        <button type="button" className="primary" onClick={() => setAdding(true)}>
          New customer
        </button>
      </PageHeader>
      {adding && (
        <NewCustomerDialog
          onClose={(created) => {
            setAdding(false);
            if (created) navigate(`/customers/${encodeURIComponent(created.id)}`);
          }}
        />
      )}
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
        <input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Name, email or phone" />
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
