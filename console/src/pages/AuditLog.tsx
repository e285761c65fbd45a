/** The audit log: changes and denials by default, reads one click away, filtered and paged on the server. */
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '../api.ts';
import { AuditFilterOptionsQuery, AuditLogQuery } from '../documents.ts';
import type { AuditFilter, AuditLogQuery as Data } from '../gql/graphql.ts';
import { useSession } from '../session.tsx';
import { Dialog, Empty, ErrorText, Loading, PageHeader, Pager, formatDateTime } from '../ui.tsx';

type Entry = Data['auditLog']['items'][number];

interface Form {
  clientId: string;
  userId: string;
  surface: string;
  method: string;
  deniedOnly: boolean;
  resource: string;
  from: string;
  to: string;
}

const EMPTY: Form = { clientId: '', userId: '', surface: '', method: '', deniedOnly: false, resource: '', from: '', to: '' };
const PAGE_SIZE = 50;

/** A local calendar date as the instant its day starts (`to` dates: the next day, so the day is included). */
function dayStart(date: string, plusDays = 0): string | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays).toISOString();
}

function toFilter(form: Form, withReads: boolean): AuditFilter {
  return {
    clientId: form.clientId || null,
    userId: form.userId || null,
    surface: form.surface || null,
    method: form.method || null,
    deniedOnly: form.deniedOnly || null,
    changesAndDenials: withReads ? null : true,
    resource: form.resource.trim() || null,
    from: dayStart(form.from),
    to: dayStart(form.to, 1),
  };
}

export function AuditLog() {
  const { me } = useSession();
  const [draft, setDraft] = useState<Form>(EMPTY);
  const [applied, setApplied] = useState<Form>(EMPTY);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<Entry>();
  // The console's own page loads are most of the log: reads are left out until asked for.
  const [withReads, setWithReads] = useState(false);
  const filter = toFilter(applied, withReads);
  const log = useQuery(AuditLogQuery, { filter, page, pageSize: PAGE_SIZE });
  // Everyone the log can name, by name: readers pick a client or a user, never type an id.
  const actors = useQuery(AuditFilterOptionsQuery);
  const clients = (actors.data?.auditActors ?? []).filter((a) => a.kind === 'API_CLIENT');
  const users = (actors.data?.auditActors ?? []).filter((a) => a.kind === 'CONSOLE_USER');
  const ids = { client: useId(), user: useId(), surface: useId(), method: useId(), resource: useId(), from: useId(), to: useId(), denied: useId() };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPage(0);
  };
  const csv = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== null && value !== undefined) csv.set(key, String(value));
  csv.set('csrf', me.csrfToken);
  const data = log.data?.auditLog;
  const retention = data?.retentionDays ?? 90;

  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Audit log">
        <a className="button" href={`/admin/audit.csv?${csv.toString()}`} download>
          Export CSV
        </a>
      </PageHeader>
      <p className="lead">
        Every call to the APIs and the console, who made it and what it touched. Entries are kept for {retention} days, then deleted.
      </p>
      <form className="filters" onSubmit={apply} aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor={ids.client}>API client</label>
          <select id={ids.client} value={draft.clientId} onChange={(e) => set('clientId', e.target.value)} disabled={!actors.data} aria-busy={!actors.data}>
            <option value="">{actors.data ? 'Any client' : 'Loading clients…'}</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.id})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.user}>Console user</label>
          <select id={ids.user} value={draft.userId} onChange={(e) => set('userId', e.target.value)} disabled={!actors.data} aria-busy={!actors.data}>
            <option value="">{actors.data ? 'Any user' : 'Loading users…'}</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </div>
        <ErrorText error={actors.error} />
        <div className="field">
          <label htmlFor={ids.surface}>Surface</label>
          <select id={ids.surface} value={draft.surface} onChange={(e) => set('surface', e.target.value)}>
            <option value="">Any surface</option>
            <option value="m2m">M2M REST</option>
            <option value="v1">v1 REST</option>
            <option value="graphql">GraphQL</option>
            <option value="console">Console</option>
            <option value="cli">Admin command line</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.method}>Method</label>
          <select id={ids.method} value={draft.method} onChange={(e) => set('method', e.target.value)}>
            <option value="">Any method</option>
            {['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.resource}>Resource</label>
          <input id={ids.resource} value={draft.resource} onChange={(e) => set('resource', e.target.value)} placeholder="customers" />
        </div>
        <div className="field">
          <label htmlFor={ids.from}>From</label>
          <input id={ids.from} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>To</label>
          <input id={ids.to} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
        </div>
        <label className="check inline" htmlFor={ids.denied}>
          <input id={ids.denied} type="checkbox" checked={draft.deniedOnly} onChange={(e) => set('deniedOnly', e.target.checked)} />
          <span>Denials only</span>
        </label>
        <div className="filter-actions">
          <button type="submit" className="primary">
            Apply filters
          </button>
          <button
            type="button"
            onClick={() => {
              setDraft(EMPTY);
              setApplied(EMPTY);
              setPage(0);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <div className="reads-toggle">
        <p className="hint" aria-live="polite">
          {withReads ? 'Showing every call, reads included.' : 'Showing changes and denials: reads that were let through are left out.'}
        </p>
        <label className="check">
          <input
            type="checkbox"
            checked={withReads}
            onChange={(e) => {
              setWithReads(e.target.checked);
              setPage(0);
            }}
          />
          <span>Show reads too</span>
        </label>
      </div>
      <ErrorText error={log.error} />
      {log.loading && !data && <Loading label="Loading the audit log…" />}
      {data && data.items.length === 0 && <Empty>No entries match these filters.</Empty>}
      {data && data.items.length > 0 && (
        <>
          <div className="table-wrap" role="region" aria-label="Audit entries" tabIndex={0} aria-busy={log.loading}>
            <table className="audit">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Surface</th>
                  <th scope="col">Call</th>
                  <th scope="col">Resource</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr key={entry.id} className={entry.status >= 400 ? 'denied' : undefined}>
                    <td data-label="When">{formatDateTime(entry.at)}</td>
                    <td data-label="Who">
                      <Who entry={entry} />
                    </td>
                    <td data-label="Surface">{entry.surface}</td>
                    <td data-label="Call" className="mono">
                      {entry.method} {entry.path}
                    </td>
                    <td data-label="Resource">
                      {entry.resourceType ?? '—'}
                      {entry.operation && <span className="sub">{entry.operation}</span>}
                      {entry.targets.length > 0 && <span className="sub mono">{entry.targets.join(', ')}</span>}
                    </td>
                    <td data-label="Status">
                      <span className={entry.status >= 400 ? 'badge bad' : 'badge good'}>{entry.status}</span>
                      {entry.errorCode && <span className="sub">{entry.errorCode}</span>}
                      {entry.missingScope && <span className="sub">needs {entry.missingScope}</span>}
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        onClick={() => setOpen(entry)}
                        aria-label={`Details of ${entry.method} ${entry.path} at ${formatDateTime(entry.at)}`}
                      >
                        Details
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Audit log pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
      {open && (
        <Dialog title="Audit entry" open onClose={() => setOpen(undefined)}>
          <dl className="details">
            {(
              [
                ['Id', open.id],
                ['When', formatDateTime(open.at)],
                ['Surface', open.surface],
                ['Actor', open.actor],
                ['API client', open.clientName],
                ['Client id', open.clientId],
                ['Console user', open.userEmail],
                ['Console user id', open.userId],
                ['Method', open.method],
                ['Path', open.path],
                ['Resource', open.resourceType],
                ['Operation', open.operation],
                ['Action', open.action],
                ['Status', String(open.status)],
                ['Error code', open.errorCode],
                ['Records changed', open.targets.join(', ')],
                ['Missing scope', open.missingScope],
                ['Request id', open.requestId],
              ] as const
            ).map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd className="mono">{value || '—'}</dd>
              </div>
            ))}
          </dl>
          <div className="dialog-actions">
            <button type="button" className="primary" onClick={() => setOpen(undefined)}>
              Close
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** Who made a call: a console user by email, an API client by name, each with its id beside it. */
function Who({ entry }: { entry: Entry }) {
  if (entry.userEmail)
    return (
      <>
        {entry.userEmail}
        {entry.userId && <span className="sub mono">{entry.userId}</span>}
      </>
    );
  if (entry.clientId)
    return (
      <>
        {entry.clientName ?? <em>a deleted client</em>}
        <span className="sub mono">{entry.clientId}</span>
      </>
    );
  return <>{entry.actor}</>;
}
