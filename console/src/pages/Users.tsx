import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import {
  ConsoleUsersQuery,
  CreateConsoleUserMutation,
  RemoveConsoleUserMutation,
  ResetConsoleUserPasswordMutation,
  SetConsoleUserRoleMutation,
} from '../documents.ts';
import type { ConsoleRole, ConsoleUsersQuery as Data } from '../gql/graphql.ts';
import { useSession } from '../session.tsx';
import { Dialog, Empty, ErrorText, Loading, PageHeader, SecretStep, formatDateTime } from '../ui.tsx';

type User = Data['consoleUsers'][number];
const ROLES: readonly { role: ConsoleRole; name: string; about: string }[] = [
  { role: 'OWNER', name: 'Owner', about: 'everything, including console users and API clients' },
  { role: 'ADMIN', name: 'Admin', about: 'the catalogue, webhooks, the audit log and daily work; not console users or API clients' },
  { role: 'STAFF', name: 'Staff', about: 'customers, appointments, events and bookings' },
];

export function Users() {
  const { me } = useSession();
  const query = useQuery(ConsoleUsersQuery);
  const create = useMutation(CreateConsoleUserMutation);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ConsoleRole>('STAFF');
  const [shown, setShown] = useState<{ email: string; password: string }>();
  const [removing, setRemoving] = useState<User>();
  const ids = { email: useId(), role: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const r = await create.run({ email: email.trim(), role });
    if (r) {
      setShown({ email: r.createConsoleUser.user.email, password: r.createConsoleUser.password });
      setEmail('');
      query.reload();
    }
  };
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Users" />
      <ul className="roles">
        {ROLES.map((r) => (
          <li key={r.role}>
            <strong>{r.name}</strong>: {r.about}.
          </li>
        ))}
      </ul>
      <ErrorText error={query.error} />
      {query.loading && !query.data && <Loading label="Loading users…" />}
      {query.data && query.data.consoleUsers.length === 0 && <Empty>No console users.</Empty>}
      {query.data && query.data.consoleUsers.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Console users" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.consoleUsers.map((u) => (
                <UserRow key={u.id} user={u} self={u.id === me.id} onChanged={query.reload} onShow={setShown} onRemove={() => setRemoving(u)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="panel stack" onSubmit={(event) => void submit(event)} noValidate aria-label="Add a console user">
        <h2>Add a user</h2>
        <div className="row">
          <div className="field">
            <label htmlFor={ids.email}>New user's email</label>
            <input id={ids.email} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor={ids.role}>Role</label>
            <select id={ids.role} value={role} onChange={(e) => setRole(e.target.value as ConsoleRole)}>
              {ROLES.map((r) => (
                <option key={r.role} value={r.role}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ErrorText error={create.error} />
        <div>
          <button type="submit" className="primary" disabled={create.busy}>
            Add user
          </button>
        </div>
      </form>
      {shown && (
        <Dialog title={`Password of ${shown.email}`} open onClose={() => setShown(undefined)}>
          <SecretStep label="Password" value={shown.password} note="Give it to them through a safe channel." onDone={() => setShown(undefined)} />
        </Dialog>
      )}
      {removing && (
        <RemoveDialog
          user={removing}
          onClose={() => {
            setRemoving(undefined);
            query.reload();
          }}
        />
      )}
    </section>
  );
}

function UserRow({
  user,
  self,
  onChanged,
  onShow,
  onRemove,
}: {
  user: User;
  self: boolean;
  onChanged: () => void;
  onShow: (s: { email: string; password: string }) => void;
  onRemove: () => void;
}) {
  const setRole = useMutation(SetConsoleUserRoleMutation);
  const reset = useMutation(ResetConsoleUserPasswordMutation);
  const roleId = useId();
  return (
    <tr>
      <th scope="row" data-label="Email">
        {user.email}
        {self && <span className="sub">you</span>}
      </th>
      <td data-label="Role">
        <label htmlFor={roleId} className="visually-hidden">
          Role of {user.email}
        </label>
        <select
          id={roleId}
          value={user.role}
          disabled={setRole.busy}
          onChange={(e) =>
            void setRole.run({ id: user.id, role: e.target.value as ConsoleRole }).then((r) => {
              if (r) onChanged();
            })
          }
        >
          {ROLES.map((r) => (
            <option key={r.role} value={r.role}>
              {r.name}
            </option>
          ))}
        </select>
        <ErrorText error={setRole.error} />
      </td>
      <td data-label="Last sign-in">{formatDateTime(user.lastSignInAt, 'Never')}</td>
      <td className="actions">
        <button
          type="button"
          aria-label={`Reset password of ${user.email}`}
          disabled={reset.busy}
          onClick={() =>
            void reset.run({ id: user.id }).then((r) => {
              if (r) onShow({ email: user.email, password: r.resetConsoleUserPassword.password });
            })
          }
        >
          Reset password
        </button>
        {!self && (
          <button type="button" className="danger" aria-label={`Remove ${user.email}`} onClick={onRemove}>
            Remove
          </button>
        )}
        <ErrorText error={reset.error} />
      </td>
    </tr>
  );
}

function RemoveDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const remove = useMutation(RemoveConsoleUserMutation);
  return (
    <Dialog title={`Remove ${user.email}?`} open onClose={onClose}>
      <p>They are signed out at once and can no longer sign in.</p>
      <ErrorText error={remove.error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Keep
        </button>
        <button
          type="button"
          className="danger"
          disabled={remove.busy}
          onClick={() =>
            void remove.run({ id: user.id }).then((r) => {
              if (r) onClose();
            })
          }
        >
          Remove user
        </button>
      </div>
    </Dialog>
  );
}
