import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import {
  ApiClientsQuery,
  CreateApiClientMutation,
  RevokeApiClientMutation,
  RotateApiClientSecretMutation,
  SetApiClientScopesMutation,
} from '../documents.ts';
import type { ApiClientsQuery as Data } from '../gql/graphql.ts';
import { Dialog, Empty, ErrorText, FormActions, Loading, PageHeader, SecretStep, formatDateTime } from '../ui.tsx';
import { ConfirmStep } from './ConfirmStep.tsx';
import { V1Keys } from './V1Keys.tsx';

type Client = Data['apiClients'][number];
type Scope = Data['scopeCatalogue'][number];

export function ApiClients() {
  const query = useQuery(ApiClientsQuery);
  /** A dialog that may have changed a client closes, and the list is read again. */
  const closeThenReload = (close: () => void) => {
    close();
    query.reload();
  };
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Client>();
  const [rotating, setRotating] = useState<Client>();
  const [revoking, setRevoking] = useState<Client>();
  const catalogue = query.data?.scopeCatalogue ?? [];
  const clients = query.data?.apiClients ?? [];

  return (
    <section aria-labelledby="page-title">
      <PageHeader title="API clients">
        <button type="button" className="primary" onClick={() => setCreating(true)} disabled={!query.data}>
          New API client
        </button>
      </PageHeader>
      <p className="lead">
        Machine-to-machine clients exchange their id and secret at <code>/m2m/token</code> for a short-lived token carrying their scopes.
      </p>
      {query.loading && !query.data && <Loading label="Loading API clients…" />}
      <ErrorText error={query.error} />
      {query.data && clients.length === 0 && <Empty>No API clients yet. Create one to let another system call the API.</Empty>}
      {clients.length > 0 && (
        <div className="table-wrap" role="region" aria-label="API clients table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Client id</th>
                <th scope="col">Scopes</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {clients.map((client) => (
                <tr key={client.id} className={client.revoked ? 'muted' : undefined}>
                  <th scope="row" data-label="Name">
                    {client.name}
                    {client.description && <span className="sub">{client.description}</span>}
                  </th>
                  <td data-label="Client id">
                    <code>{client.id}</code>
                  </td>
                  <td data-label="Scopes">
                    {client.scopes.length <= 3 ? (
                      <ul className="chips">
                        {client.scopes.map((s) => (
                          <li key={s}>
                            <code>{s}</code>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <details>
                        <summary>{client.scopes.length} scopes</summary>
                        <ul className="chips">
                          {client.scopes.map((s) => (
                            <li key={s}>
                              <code>{s}</code>
                            </li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </td>
                  <td data-label="Expires">{formatDateTime(client.expiresAt, 'Never')}</td>
                  <td data-label="Last used">{formatDateTime(client.lastUsedAt, 'Never')}</td>
                  <td data-label="Status">
                    <Status client={client} />
                    {client.previousSecretValidUntil && !client.revoked && (
                      <span className="sub">Old secret valid until {formatDateTime(client.previousSecretValidUntil)}</span>
                    )}
                  </td>
                  <td className="actions">
                    {!client.revoked && (
                      <>
                        <button type="button" onClick={() => setEditing(client)} aria-label={`Change scopes of ${client.name}`}>
                          Change scopes
                        </button>
                        <button type="button" onClick={() => setRotating(client)} aria-label={`Rotate secret of ${client.name}`}>
                          Rotate secret
                        </button>
                        <button type="button" className="danger" onClick={() => setRevoking(client)} aria-label={`Revoke ${client.name}`}>
                          Revoke
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && (
        <CreateDialog
          catalogue={catalogue}
          onClose={() => closeThenReload(() => setCreating(false))}
        />
      )}
      {editing && (
        <ScopesDialog
          client={editing}
          catalogue={catalogue}
          onClose={() => closeThenReload(() => setEditing(undefined))}
        />
      )}
      {rotating && (
        <RotateDialog
          client={rotating}
          onClose={() => closeThenReload(() => setRotating(undefined))}
        />
      )}
      {revoking && (
        <RevokeDialog
          client={revoking}
          onClose={() => closeThenReload(() => setRevoking(undefined))}
        />
      )}
      <V1Keys />
    </section>
  );
}

function Status({ client }: { client: Client }) {
  if (client.revoked) return <span className="badge bad">Revoked</span>;
  if (client.expiresAt && new Date(client.expiresAt).getTime() < Date.now()) return <span className="badge bad">Expired</span>;
  return <span className="badge good">Active</span>;
}

/** Scope checkboxes grouped as the catalogue groups them, each with its description. */
function ScopePicker({
  catalogue,
  selected,
  onChange,
  describedBy,
}: {
  catalogue: readonly Scope[];
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
  describedBy?: string;
}) {
  const groups = useMemo(() => {
    const byGroup = new Map<string, Scope[]>();
    for (const scope of catalogue) byGroup.set(scope.group, [...(byGroup.get(scope.group) ?? []), scope]);
    return [...byGroup.entries()];
  }, [catalogue]);
  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    onChange(next);
  };
  const setGroup = (scopes: Scope[], on: boolean) => {
    const next = new Set(selected);
    for (const s of scopes) {
      if (on) next.add(s.name);
      else next.delete(s.name);
    }
    onChange(next);
  };
  return (
    <div className="scope-picker" aria-describedby={describedBy}>
      {groups.map(([group, scopes]) => {
        const all = scopes.every((s) => selected.has(s.name));
        return (
          <fieldset key={group}>
            <legend>{group}</legend>
            <button
              type="button"
              className="link-button small"
              onClick={() => setGroup(scopes, !all)}
              aria-label={`${all ? 'Clear' : 'Select'} all ${group} scopes`}
            >
              {all ? 'Clear all' : 'Select all'}
            </button>
            {scopes.map((scope) => (
              <label key={scope.name} className="check">
                <input type="checkbox" checked={selected.has(scope.name)} onChange={(e) => toggle(scope.name, e.target.checked)} />
                <span>
                  <code>{scope.name}</code>
                  <span className="sub">{scope.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}

function CreateDialog({ catalogue, onClose }: { catalogue: readonly Scope[]; onClose: () => void }) {
  const create = useMutation(CreateApiClientMutation);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [days, setDays] = useState('');
  const [scopes, setScopes] = useState(new Set<string>());
  const [created, setCreated] = useState<{ id: string; name: string; secret: string }>();
  const [problem, setProblem] = useState<string>();
  const ids = { name: useId(), description: useId(), days: useId(), scopes: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('Give the client a name.');
    if (scopes.size === 0) return setProblem('Choose at least one scope.');
    const expiresInDays = days.trim() ? Number(days) : null;
    if (expiresInDays !== null && (!Number.isInteger(expiresInDays) || expiresInDays < 1))
      return setProblem('Expires after: a whole number of days, 1 or more, or empty for never.');
    setProblem(undefined);
    const result = await create.run({ input: { name: name.trim(), description: description.trim() || null, scopes: [...scopes], expiresInDays } });
    if (result) setCreated({ id: result.createApiClient.client.id, name: result.createApiClient.client.name, secret: result.createApiClient.secret });
  };
  return (
    <Dialog title={created ? 'API client created' : 'New API client'} open onClose={onClose}>
      {created ? (
        <SecretStep label="Client secret" value={created.secret} onDone={onClose}>
          <p>
            Client id: <code data-testid="new-client-id">{created.id}</code>
          </p>
        </SecretStep>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="stack" noValidate>
          <div className="field">
            <label htmlFor={ids.name}>Name</label>
            <input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
            <ErrorText error={create.error?.forField('name')} />
          </div>
          <div className="field">
            <label htmlFor={ids.description}>Description</label>
            <input id={ids.description} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
          </div>
          <div className="field">
            <label htmlFor={ids.days}>Expires after (days)</label>
            <input
              id={ids.days}
              type="number"
              inputMode="numeric"
              min={1}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              aria-describedby={`${ids.days}-hint`}
            />
            <span className="hint" id={`${ids.days}-hint`}>
              Leave empty for a client that never expires.
            </span>
          </div>
          <h3 id={ids.scopes}>Scopes</h3>
          <ScopePicker catalogue={catalogue} selected={scopes} onChange={setScopes} describedBy={ids.scopes} />
          <ErrorText error={problem ?? create.error} />
          <FormActions onCancel={onClose} busy={create.busy} label="Create client" busyLabel="Creating…" />
        </form>
      )}
    </Dialog>
  );
}

function ScopesDialog({ client, catalogue, onClose }: { client: Client; catalogue: readonly Scope[]; onClose: () => void }) {
  const save = useMutation(SetApiClientScopesMutation);
  const [scopes, setScopes] = useState(new Set(client.scopes));
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (scopes.size === 0) return setProblem('Choose at least one scope.');
    setProblem(undefined);
    if (await save.run({ id: client.id, scopes: [...scopes] })) onClose();
  };
  return (
    <Dialog title={`Scopes of ${client.name}`} open onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="stack" noValidate>
        <p className="hint">The client's next token carries the new scopes; tokens already issued keep theirs until they expire.</p>
        <ScopePicker catalogue={catalogue} selected={scopes} onChange={setScopes} />
        <ErrorText error={problem ?? save.error} />
        <FormActions onCancel={onClose} busy={save.busy} label="Save scopes" busyLabel="Saving…" />
      </form>
    </Dialog>
  );
}

function RotateDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const rotate = useMutation(RotateApiClientSecretMutation);
  const [result, setResult] = useState<{ secret: string; until: string | null }>();
  const go = async () => {
    const r = await rotate.run({ id: client.id });
    if (r) setResult({ secret: r.rotateApiClientSecret.secret, until: r.rotateApiClientSecret.client.previousSecretValidUntil });
  };
  return (
    <Dialog title={`Rotate the secret of ${client.name}`} open onClose={onClose}>
      {result ? (
        <SecretStep
          label="New client secret"
          value={result.secret}
          onDone={onClose}
          note={
            result.until ? (
              <>
                The old secret keeps working until <strong>{formatDateTime(result.until)}</strong>, so the client can switch without downtime.
              </>
            ) : (
              <>The old secret no longer works.</>
            )
          }
        />
      ) : (
        <ConfirmStep error={rotate.error} busy={rotate.busy} label="Rotate secret" busyLabel="Rotating…" onConfirm={() => void go()} onCancel={onClose}>
          <p>A new secret is made and shown once. The current secret keeps working for a grace period, then stops.</p>
        </ConfirmStep>
      )}
    </Dialog>
  );
}

function RevokeDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const revoke = useMutation(RevokeApiClientMutation);
  const go = async () => {
    if (await revoke.run({ id: client.id })) onClose();
  };
  return (
    <Dialog title={`Revoke ${client.name}?`} open onClose={onClose}>
      <ConfirmStep error={revoke.error} busy={revoke.busy} label="Revoke client" busyLabel="Revoking…" cancelLabel="Keep it" danger onConfirm={() => void go()} onCancel={onClose}>
        <p>
          <code>{client.id}</code> can obtain no more tokens at once, and the tokens it holds are refused on their next call. This cannot be undone.
        </p>
      </ConfirmStep>
    </Dialog>
  );
}
