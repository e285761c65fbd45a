import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import {
  DeleteWebhookEndpointMutation,
  RedeliverWebhookEventMutation,
  RevealWebhookSecretMutation,
  RotateWebhookSecretMutation,
  SendTestWebhookMutation,
  SetWebhookEndpointEnabledMutation,
  SetWebhookEndpointMutation,
  WebhooksQuery,
} from '../documents.ts';
import type { WebhookEventKind, WebhooksQuery as Data } from '../gql/graphql.ts';
import { Dialog, Empty, ErrorText, FormActions, Loading, PageHeader, SecretStep, formatDateTime } from '../ui.tsx';

type Endpoint = NonNullable<Data['webhookEndpoints']>[number];
type Delivery = NonNullable<Data['webhookDeliveries']>[number];

/** Every kind, by product line; a kind the schema gains and this page does not describe fails the type check. */
const ABOUT: Record<WebhookEventKind, string> = {
  REGISTRATION_CREATED: 'A customer registered for an event or class.',
  REGISTRATION_CANCELLED: 'A registration was cancelled.',
  EVENT_PURCHASED: 'A customer bought a ticket to a one-off event.',
  PASS_PURCHASED: 'A customer bought a class pass or bundle.',
  VIDEO_PURCHASED: 'A customer bought access to a video.',
  APPOINTMENT_BOOKED: 'An appointment was booked.',
  APPOINTMENT_RESCHEDULED: 'An appointment moved to another time or facilitator.',
  APPOINTMENT_CANCELLED: 'An appointment was cancelled.',
  APPOINTMENT_COMPLETED: 'An appointment was marked completed.',
  APPOINTMENT_NO_SHOW: 'An appointment was marked a no-show.',
  SUBSCRIPTION_STARTED: 'A customer started a subscription.',
  SUBSCRIPTION_PAUSED: 'A subscription was paused.',
  SUBSCRIPTION_RESUMED: 'A paused subscription was resumed.',
  SUBSCRIPTION_SUSPENDED: 'A subscription was suspended for an unpaid charge.',
  SUBSCRIPTION_REACTIVATED: 'A suspended subscription is active again, its charges paid.',
  SUBSCRIPTION_RENEWED: 'A new period started and was charged.',
  SUBSCRIPTION_CANCELLED: 'A subscription was cancelled; it ends later.',
  SUBSCRIPTION_ENDED: 'A cancelled subscription reached its end date.',
  CUSTOMER_CREATED: 'A customer was created.',
  CUSTOMER_UPDATED: "A customer's details changed.",
  CUSTOMER_DELETED: 'A customer was deleted.',
  WAITLIST_PROMOTED: 'A waiting customer was booked when spaces freed up.',
};
const GROUPS: readonly { name: string; prefix: RegExp }[] = [
  { name: 'Classes and events', prefix: /^(REGISTRATION|EVENT|WAITLIST)_/ },
  { name: 'Passes and videos', prefix: /^(PASS|VIDEO)_/ },
  { name: 'Appointments', prefix: /^APPOINTMENT_/ },
  { name: 'Subscriptions', prefix: /^SUBSCRIPTION_/ },
  { name: 'Customers', prefix: /^CUSTOMER_/ },
];
/** `APPOINTMENT_NO_SHOW` as receivers see it: `appointment.no_show`. */
const dotted = (kind: WebhookEventKind) => kind.toLowerCase().replace('_', '.');
const KINDS = (Object.keys(ABOUT) as WebhookEventKind[]).map((kind) => ({ kind, name: dotted(kind), about: ABOUT[kind] }));
const kindName = (kind: WebhookEventKind) => KINDS.find((k) => k.kind === kind)?.name ?? kind;

export function Webhooks() {
  const query = useQuery(WebhooksQuery, { limit: 50 });
  const endpoints = query.data?.webhookEndpoints ?? [];
  const deliveries = query.data?.webhookDeliveries ?? [];
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Webhooks">
        <button type="button" onClick={query.reload} disabled={query.loading}>
          Refresh
        </button>
      </PageHeader>
      <p className="lead">
        The studio POSTs signed notifications to these HTTPS endpoints. Receivers verify <code>X-Service-Signature</code> with the endpoint's signing
        secret.
      </p>
      {query.loading && !query.data && <Loading label="Loading webhooks…" />}
      <ErrorText error={query.error} />
      {query.data && (
        <>
          <h2>Endpoints</h2>
          {endpoints.length === 0 && <Empty>No endpoints yet: add one below to receive notifications.</Empty>}
          <div className="cards">
            {endpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onChanged={query.reload} />
            ))}
          </div>
          <EndpointForm onSaved={query.reload} />
          <h2 id="deliveries-title">Delivery log</h2>
          <DeliveryLog deliveries={deliveries} onChanged={query.reload} />
        </>
      )}
    </section>
  );
}

function EventChecks({ value, onChange, legend }: { value: Set<WebhookEventKind>; onChange: (v: Set<WebhookEventKind>) => void; legend: string }) {
  const toggle = (kinds: WebhookEventKind[], on: boolean) => {
    const next = new Set(value);
    for (const kind of kinds) {
      if (on) next.add(kind);
      else next.delete(kind);
    }
    onChange(next);
  };
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="scope-picker">
        {GROUPS.map((group) => {
          const kinds = KINDS.filter((k) => group.prefix.test(k.kind));
          const all = kinds.every((k) => value.has(k.kind));
          return (
            <fieldset key={group.name}>
              <legend>{group.name}</legend>
              <button type="button" className="link-button" onClick={() => toggle(kinds.map((k) => k.kind), !all)}>
                {all ? 'None' : 'All'}
              </button>
              {kinds.map((k) => (
                <label key={k.kind} className="check">
                  <input type="checkbox" checked={value.has(k.kind)} onChange={(e) => toggle([k.kind], e.target.checked)} />
                  <span>
                    <code>{k.name}</code>
                    <span className="sub">{k.about}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Adds an endpoint, or changes one when `endpoint` is given. */
function EndpointForm({ endpoint, onSaved, onCancel }: { endpoint?: Endpoint; onSaved: () => void; onCancel?: () => void }) {
  const save = useMutation(SetWebhookEndpointMutation);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  // A new endpoint starts with nothing chosen: it receives exactly the kinds the administrator ticks.
  const [events, setEvents] = useState(new Set<WebhookEventKind>(endpoint?.events ?? []));
  const [secret, setSecret] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const urlId = useId();
  const urlError = save.error && (save.error.forField('url') ?? save.error.forField('input.url'));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setProblem('Enter the https:// URL of the receiver.');
    if (events.size === 0) return setProblem('Choose at least one event.');
    setProblem(undefined);
    const result = await save.run({ input: { id: endpoint?.id ?? null, url: url.trim(), events: [...events], enabled: null } });
    if (!result) return;
    if (result.setWebhookEndpoint?.signingSecret) setSecret(result.setWebhookEndpoint.signingSecret);
    else onSaved();
    if (!endpoint) {
      setUrl('');
      setEvents(new Set());
    }
  };
  if (secret)
    return (
      <SecretStep
        className="panel stack"
        label="Signing secret"
        value={secret}
        note="You can reveal it again on the endpoint later."
        onDone={() => {
          setSecret(undefined);
          onSaved();
        }}
      >
        <h3>Endpoint added</h3>
      </SecretStep>
    );
  return (
    <form className="panel stack" onSubmit={(event) => void submit(event)} noValidate aria-label={endpoint ? `Change endpoint ${endpoint.url}` : 'Add an endpoint'}>
      {!endpoint && <h3>Add an endpoint</h3>}
      <div className="field">
        <label htmlFor={urlId}>Endpoint URL</label>
        <input
          id={urlId}
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${urlId}-error` : undefined}
        />
        {urlError && <ErrorText error={urlError} id={`${urlId}-error`} />}
      </div>
      <EventChecks value={events} onChange={setEvents} legend="Events to send" />
      <ErrorText error={problem ?? (urlError ? undefined : save.error)} />
      <div className="dialog-actions">
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="primary" disabled={save.busy}>
          {save.busy ? 'Saving…' : endpoint ? 'Save endpoint' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}

function EndpointCard({ endpoint, onChanged }: { endpoint: Endpoint; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const enable = useMutation(SetWebhookEndpointEnabledMutation);
  const reveal = useMutation(RevealWebhookSecretMutation);
  const [revealed, setRevealed] = useState<string>();
  const toggle = async () => {
    if (await enable.run({ id: endpoint.id, enabled: !endpoint.enabled })) onChanged();
  };
  const overlapActive = endpoint.previousSecretExpiresAt && new Date(endpoint.previousSecretExpiresAt).getTime() > Date.now();
  return (
    <article className="card endpoint" aria-label={`Endpoint ${endpoint.url}`}>
      <header className="card-head">
        <h3 className="url mono">{endpoint.url}</h3>
        <span className={endpoint.enabled ? 'badge good' : 'badge'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</span>
      </header>
      <p className="sub">
        <code>{endpoint.id}</code> · added {formatDateTime(endpoint.createdAt)} · events: {endpoint.events.map(kindName).join(', ')}
      </p>
      {overlapActive && <p className="notice">The previous secret also signs until {formatDateTime(endpoint.previousSecretExpiresAt)}.</p>}
      {editing ? (
        <EndpointForm
          endpoint={endpoint}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="button-row">
          <button type="button" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" onClick={() => void toggle()} disabled={enable.busy}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            onClick={() =>
              void reveal.run({ id: endpoint.id }).then((r) => {
                if (r) setRevealed(r.revealWebhookSecret);
              })
            }
            disabled={reveal.busy}
          >
            Reveal secret
          </button>
          <button type="button" onClick={() => setRotating(true)}>
            Rotate secret
          </button>
          <button type="button" className="danger" onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
      )}
      <ErrorText error={enable.error ?? reveal.error} />
      {revealed && (
        <div className="stack">
          <label className="secret-label">
            Signing secret
            <input className="mono" readOnly value={revealed} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className="link-button" onClick={() => setRevealed(undefined)}>
            Hide secret
          </button>
        </div>
      )}
      <SendTests endpoint={endpoint} onSent={onChanged} />
      {rotating && (
        <RotateDialog
          endpoint={endpoint}
          onClose={() => {
            setRotating(false);
            onChanged();
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          endpoint={endpoint}
          onClose={() => {
            setDeleting(false);
            onChanged();
          }}
        />
      )}
    </article>
  );
}

interface TestOutcome {
  delivered: boolean;
  status: number | null;
  error: string | null;
  ms: number;
  at: Date;
}

function SendTests({ endpoint, onSent }: { endpoint: Endpoint; onSent: () => void }) {
  const send = useMutation(SendTestWebhookMutation);
  const [sending, setSending] = useState<WebhookEventKind>();
  const [outcomes, setOutcomes] = useState<Partial<Record<WebhookEventKind, TestOutcome>>>({});
  const go = async (kind: WebhookEventKind) => {
    setSending(kind);
    const started = performance.now();
    const result = await send.run({ kind, endpointId: endpoint.id });
    setSending(undefined);
    if (result?.sendTestWebhook) {
      const r = result.sendTestWebhook;
      setOutcomes((o) => ({
        ...o,
        [kind]: { delivered: r.delivered, status: r.status, error: r.error, ms: Math.round(performance.now() - started), at: new Date() },
      }));
      onSent();
    }
  };
  return (
    <div className="send-tests">
      <h4>Send test</h4>
      <ul className="test-list">
        {endpoint.events.map((kind) => {
          const outcome = outcomes[kind];
          return (
            <li key={kind}>
              <button
                type="button"
                onClick={() => void go(kind)}
                disabled={!!sending || !endpoint.enabled}
                aria-label={`Send test ${kindName(kind)}`}
              >
                {sending === kind ? 'Sending…' : `Send test ${kindName(kind)}`}
              </button>
              <span role="status" aria-live="polite" className="test-outcome">
                {outcome &&
                  (outcome.delivered ? (
                    <span className="ok">
                      Delivered: receiver answered {outcome.status} in {outcome.ms} ms at {outcome.at.toLocaleTimeString()}
                    </span>
                  ) : (
                    <span className="bad-text">
                      Not delivered: {outcome.error ?? `status ${outcome.status ?? 'none'}`} ({outcome.ms} ms, {outcome.at.toLocaleTimeString()})
                    </span>
                  ))}
              </span>
            </li>
          );
        })}
      </ul>
      {!endpoint.enabled && <p className="hint">Enable the endpoint to send tests.</p>}
      <ErrorText error={send.error} />
    </div>
  );
}

function RotateDialog({ endpoint, onClose }: { endpoint: Endpoint; onClose: () => void }) {
  const rotate = useMutation(RotateWebhookSecretMutation);
  const [hours, setHours] = useState('24');
  const [result, setResult] = useState<{ secret: string | null; until: string | null }>();
  const hoursId = useId();
  const go = async (event: FormEvent) => {
    event.preventDefault();
    const r = await rotate.run({ id: endpoint.id, overlapHours: hours.trim() === '' ? null : Number(hours) });
    if (r?.rotateWebhookSecret)
      setResult({ secret: r.rotateWebhookSecret.signingSecret, until: r.rotateWebhookSecret.endpoint.previousSecretExpiresAt });
  };
  return (
    <Dialog title="Rotate the signing secret" open onClose={onClose}>
      {result ? (
        <SecretStep
          label="New signing secret"
          value={result.secret || null}
          onDone={onClose}
          note={
            result.until ? (
              <>
                Both secrets sign deliveries until <strong>{formatDateTime(result.until)}</strong>: update the receiver before then.
              </>
            ) : (
              'The previous secret no longer signs.'
            )
          }
        />
      ) : (
        <form className="stack" onSubmit={(event) => void go(event)} noValidate>
          <p>
            The endpoint gets a new signing secret. During the overlap every delivery is signed with both, so a receiver with either secret accepts
            it.
          </p>
          <div className="field">
            <label htmlFor={hoursId}>Overlap (hours)</label>
            <input id={hoursId} type="number" min={0} inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} />
          </div>
          <ErrorText error={rotate.error} />
          <FormActions onCancel={onClose} busy={rotate.busy} label="Rotate secret" busyLabel="Rotating…" />
        </form>
      )}
    </Dialog>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: Endpoint; onClose: () => void }) {
  const remove = useMutation(DeleteWebhookEndpointMutation);
  return (
    <Dialog title="Delete this endpoint?" open onClose={onClose}>
      <div className="stack">
        <p>
          <code>{endpoint.url}</code> stops receiving notifications; its pending deliveries and its delivery log are removed.
        </p>
        <ErrorText error={remove.error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Keep it
          </button>
          <button
            type="button"
            className="danger"
            disabled={remove.busy}
            onClick={() =>
              void remove.run({ id: endpoint.id }).then((r) => {
                if (r) onClose();
              })
            }
          >
            Delete endpoint
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function DeliveryLog({ deliveries, onChanged }: { deliveries: readonly Delivery[]; onChanged: () => void }) {
  const redeliver = useMutation(RedeliverWebhookEventMutation);
  const [done, setDone] = useState<Record<string, string>>({});
  const [failedKey, setFailedKey] = useState<string>();
  if (deliveries.length === 0) return <Empty>No deliveries yet. Send a test to see one here.</Empty>;
  return (
    <div className="table-wrap" role="region" aria-labelledby="deliveries-title" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Endpoint</th>
            <th scope="col">Attempt</th>
            <th scope="col">Result</th>
            <th scope="col">Time</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => {
            const key = `${d.eventId}/${d.endpointId}/${d.attempt}`;
            const ok = d.status !== null && d.status >= 200 && d.status < 300 && !d.error;
            return (
              <tr key={key}>
                <td data-label="When">{formatDateTime(d.at)}</td>
                <td data-label="Event">
                  <code>{kindName(d.event)}</code>
                  {d.test && <span className="badge">test</span>}
                  <span className="sub mono">{d.eventId}</span>
                </td>
                <td data-label="Endpoint" className="url mono">
                  {d.url}
                </td>
                <td data-label="Attempt">{d.attempt}</td>
                <td data-label="Result">
                  <span className={ok ? 'badge good' : 'badge bad'}>{d.status ?? 'no status'}</span>
                  {d.error && <span className="sub">{d.error}</span>}
                </td>
                <td data-label="Time">{d.durationMs} ms</td>
                <td className="actions">
                  <button
                    type="button"
                    aria-label={`Redeliver ${kindName(d.event)} ${d.eventId}`}
                    disabled={redeliver.busy}
                    onClick={() => {
                      setFailedKey(key);
                      void redeliver.run({ eventId: d.eventId, endpointId: d.endpointId }).then((r) => {
                        if (r?.redeliverWebhookEvent) {
                          setDone((m) => ({ ...m, [key]: 'Queued again' }));
                          onChanged();
                        }
                      });
                    }}
                  >
                    Redeliver
                  </button>
                  {done[key] && (
                    <span role="status" className="sub">
                      {done[key]}
                    </span>
                  )}
                  {failedKey === key && <ErrorText error={redeliver.error} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
