/**
 * v1 API keys, below the API clients: the v1 REST interface exchanges a key and its secret at
 * `/api/v1/auth/token`. A key opens the whole company, so owners issue, rotate and revoke them here (the
 * command line's `v1-key` commands do the same); every change is in the audit log.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { CreateV1KeyMutation, RevokeV1KeyMutation, RotateV1KeyMutation, V1KeysQuery } from '../documents.ts';
import type { V1KeysQuery as Data } from '../gql/graphql.ts';
import { Dialog, Empty, ErrorText, FormActions, Loading, SecretStep, formatDateTime } from '../ui.tsx';
import { ConfirmStep } from './ConfirmStep.tsx';

type Key = Data['v1Keys'][number];

export function V1Keys() {
  const query = useQuery(V1KeysQuery);
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<Key>();
  const [revoking, setRevoking] = useState<Key>();
  const keys = query.data?.v1Keys ?? [];
  const closeThenReload = (close: () => void) => {
    close();
    query.reload();
  };
  return (
    <section aria-labelledby="v1-keys-title" className="stack">
      <div className="page-header section-start">
        <h2 id="v1-keys-title">v1 API keys</h2>
        <button type="button" onClick={() => setCreating(true)} disabled={!query.data}>
          New v1 key
        </button>
      </div>
      <p className="lead">
        The v1 REST interface exchanges a key and its secret at <code>/api/v1/auth/token</code> for a token that opens the whole company, webhooks included.
      </p>
      {query.loading && !query.data && <Loading label="Loading v1 keys…" />}
      <ErrorText error={query.error} />
      {query.data && keys.length === 0 && <Empty>No v1 keys.</Empty>}
      {keys.length > 0 && (
        <div className="table-wrap" role="region" aria-label="v1 keys table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.apiKey} className={key.revoked ? 'muted' : undefined}>
                  <th scope="row" data-label="Name">
                    {key.name}
                  </th>
                  <td data-label="Key">
                    <code>{key.apiKey}</code>
                  </td>
                  <td data-label="Created">{formatDateTime(key.createdAt)}</td>
                  <td data-label="Last used">{formatDateTime(key.lastUsedAt, 'Never')}</td>
                  <td data-label="Status">{key.revoked ? <span className="badge bad">Revoked</span> : <span className="badge good">Active</span>}</td>
                  <td className="actions">
                    {!key.revoked && (
                      <>
                        <button type="button" onClick={() => setRotating(key)} aria-label={`Rotate secret of v1 key ${key.name}`}>
                          Rotate secret
                        </button>
                        <button type="button" className="danger" onClick={() => setRevoking(key)} aria-label={`Revoke v1 key ${key.name}`}>
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
      {creating && <CreateKeyDialog onClose={() => closeThenReload(() => setCreating(false))} />}
      {rotating && <RotateKeyDialog v1Key={rotating} onClose={() => closeThenReload(() => setRotating(undefined))} />}
      {revoking && <RevokeKeyDialog v1Key={revoking} onClose={() => closeThenReload(() => setRevoking(undefined))} />}
    </section>
  );
}

function KeyLine({ apiKey }: { apiKey: string }) {
  return (
    <p>
      Key: <code data-testid="v1-key">{apiKey}</code>
    </p>
  );
}

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const create = useMutation(CreateV1KeyMutation);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ apiKey: string; apiSecret: string }>();
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create.run({ name: name.trim() || null });
    if (result) setCreated({ apiKey: result.createV1Key.key.apiKey, apiSecret: result.createV1Key.apiSecret });
  };
  return (
    <Dialog title={created ? 'v1 key created' : 'New v1 key'} open onClose={onClose}>
      {created ? (
        <SecretStep label="Secret" value={created.apiSecret} onDone={onClose}>
          <KeyLine apiKey={created.apiKey} />
        </SecretStep>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="stack" noValidate>
          <div className="field">
            <label htmlFor={id}>Name</label>
            <input id={id} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} placeholder="v1 API key" />
          </div>
          <ErrorText error={create.error} />
          <FormActions onCancel={onClose} busy={create.busy} label="Create key" busyLabel="Creating…" />
        </form>
      )}
    </Dialog>
  );
}

function RotateKeyDialog({ v1Key, onClose }: { v1Key: Key; onClose: () => void }) {
  const rotate = useMutation(RotateV1KeyMutation);
  const [result, setResult] = useState<{ apiSecret: string; until: string | null }>();
  const go = async () => {
    const r = await rotate.run({ apiKey: v1Key.apiKey });
    if (r) setResult({ apiSecret: r.rotateV1Key.apiSecret, until: r.rotateV1Key.previousSecretValidUntil });
  };
  return (
    <Dialog title={`Rotate the secret of ${v1Key.name}`} open onClose={onClose}>
      {result ? (
        <SecretStep
          label="Secret"
          value={result.apiSecret}
          onDone={onClose}
          note={result.until ? <>The old secret obtains tokens until <strong>{formatDateTime(result.until)}</strong>; tokens issued before now no longer work.</> : <>The old secret no longer works.</>}
        >
          <KeyLine apiKey={v1Key.apiKey} />
        </SecretStep>
      ) : (
        <ConfirmStep error={rotate.error} busy={rotate.busy} label="Rotate secret" busyLabel="Rotating…" onConfirm={() => void go()} onCancel={onClose}>
          <p>A new secret is made and shown once. The current one keeps obtaining tokens for a grace period; tokens already issued stop at once.</p>
        </ConfirmStep>
      )}
    </Dialog>
  );
}

function RevokeKeyDialog({ v1Key, onClose }: { v1Key: Key; onClose: () => void }) {
  const revoke = useMutation(RevokeV1KeyMutation);
  const go = async () => {
    if (await revoke.run({ apiKey: v1Key.apiKey })) onClose();
  };
  return (
    <Dialog title={`Revoke ${v1Key.name}?`} open onClose={onClose}>
      <ConfirmStep error={revoke.error} busy={revoke.busy} label="Revoke key" busyLabel="Revoking…" cancelLabel="Keep it" danger onConfirm={() => void go()} onCancel={onClose}>
        <p>
          <code>{v1Key.apiKey}</code> obtains no more tokens, and its tokens are refused on their next call. This cannot be undone.
        </p>
      </ConfirmStep>
    </Dialog>
  );
}
