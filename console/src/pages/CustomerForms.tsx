/** Adding a customer (a walk-in), changing a customer's details, and adding a note about them. */
import { useState, type FormEvent } from 'react';
import { useMutation, type ApiError } from '../api.ts';
import { AddNoteMutation, CreateCustomerMutation, UpdateCustomerMutation } from '../documents.ts';
import type { UpdateCustomerInput } from '../gql/graphql.ts';
import { Dialog, ErrorText, Field, FormActions } from '../ui.tsx';
import type { Customer } from './CustomerProfile.tsx';

export function EditCustomerDialog({ customer, onClose }: { customer: Customer; onClose: (message?: string) => void }) {
  const update = useMutation(UpdateCustomerMutation);
  const [form, setForm] = useState({
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    mobile: customer.mobile ?? '',
    archived: customer.archived,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only what changed is sent: a field left out stays as it is (null would clear it, or be refused).
    const changes: Partial<UpdateCustomerInput> = {};
    if (form.firstName !== customer.firstName) changes.firstName = form.firstName.trim();
    if (form.lastName !== customer.lastName) changes.lastName = form.lastName.trim();
    if (form.email !== customer.email) changes.email = form.email.trim();
    if (form.mobile !== (customer.mobile ?? '')) changes.mobile = form.mobile.trim() || null;
    if (form.archived !== customer.archived) changes.archived = form.archived;
    if (Object.keys(changes).length === 0) return onClose();
    const r = await update.run({ id: customer.id, input: changes as UpdateCustomerInput });
    if (r) onClose(`Saved ${r.updateCustomer.firstName} ${r.updateCustomer.lastName}'s details.`);
  };
  const error = (field: string) => update.error?.forField(field);
  return (
    <Dialog title={`Edit ${customer.firstName} ${customer.lastName}`} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <CustomerFields form={form} set={set} error={error} />
        <label className="check">
          <input type="checkbox" checked={form.archived} onChange={(e) => set('archived', e.target.checked)} />
          <span>
            Archived
            <span className="sub">Archived customers stay listed and can be restored.</span>
          </span>
        </label>
        <ErrorText error={unfielded(update.error)} />
        <FormActions onCancel={() => onClose()} busy={update.busy} label="Save details" busyLabel="Saving…" />
      </form>
    </Dialog>
  );
}

interface CustomerDetails {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
}

const FIELDS = ['firstName', 'lastName', 'email', 'mobile'] as const;

/** An error the fields do not show next to themselves (a conflict, the service away). */
const unfielded = (error: ApiError | undefined) => (error && !FIELDS.some((f) => error.forField(f)) ? error : undefined);

function CustomerFields<F extends CustomerDetails>({
  form,
  set,
  error,
}: {
  form: F;
  set: (key: keyof CustomerDetails, value: string) => void;
  error: (field: string) => string | undefined;
}) {
  return (
    <>
      <div className="row">
        <Field label="First name" error={error('firstName')}>
          {(id, describedBy) => (
            <input id={id} value={form.firstName} onChange={(e) => set('firstName', e.target.value)} autoComplete="off" aria-describedby={describedBy} />
          )}
        </Field>
        <Field label="Last name" error={error('lastName')}>
          {(id, describedBy) => (
            <input id={id} value={form.lastName} onChange={(e) => set('lastName', e.target.value)} autoComplete="off" aria-describedby={describedBy} />
          )}
        </Field>
      </div>
      <Field label="Email" error={error('email')}>
        {(id, describedBy) => (
          <input id={id} type="email" value={form.email} onChange={(e) => set('email', e.target.value)} autoComplete="off" aria-describedby={describedBy} />
        )}
      </Field>
      <Field label="Mobile" hint="Such as +447700900001; empty removes it." error={error('mobile')}>
        {(id, describedBy) => (
          <input id={id} type="tel" value={form.mobile} onChange={(e) => set('mobile', e.target.value)} autoComplete="off" aria-describedby={describedBy} />
        )}
      </Field>
    </>
  );
}

/**
 * A new customer, such as a walk-in at the desk: names, email and mobile. `onClose` gets the customer created
 * (the booking dialogs choose them at once), or nothing when cancelled.
 */
export function NewCustomerDialog({ onClose }: { onClose: (created?: { id: string; name: string }) => void }) {
  const create = useMutation(CreateCustomerMutation);
  const [form, setForm] = useState<CustomerDetails>({ firstName: '', lastName: '', email: '', mobile: '' });
  const [problem, setProblem] = useState<string>();
  const set = (key: keyof CustomerDetails, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.firstName.trim() || !form.lastName.trim() || !form.email.trim()) return setProblem('First name, last name and email are needed.');
    setProblem(undefined);
    const r = await create.run({
      input: { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), mobile: form.mobile.trim() || null },
    });
    if (r) onClose({ id: r.createCustomer.id, name: `${r.createCustomer.firstName} ${r.createCustomer.lastName}` });
  };
  return (
    <Dialog title="New customer" open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <CustomerFields form={form} set={set} error={(field) => create.error?.forField(field)} />
        <ErrorText error={problem ?? unfielded(create.error)} />
        <FormActions onCancel={() => onClose()} busy={create.busy} label="Add customer" busyLabel="Adding…" />
      </form>
    </Dialog>
  );
}

export function AddNoteDialog({ customer, onClose }: { customer: Customer; onClose: (message?: string) => void }) {
  const add = useMutation(AddNoteMutation);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setProblem('Write the note first.');
    setProblem(undefined);
    if (await add.run({ customerId: customer.id, body: body.trim() })) onClose(`Added a note about ${customer.firstName}.`);
  };
  return (
    <Dialog title={`Note about ${customer.firstName} ${customer.lastName}`} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Note" hint="Staff see it on this page; the customer does not." error={problem ?? add.error?.message}>
          {(id, describedBy) => (
            <textarea id={id} rows={4} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} aria-describedby={describedBy} />
          )}
        </Field>
        <FormActions onCancel={() => onClose()} busy={add.busy} label="Add note" busyLabel="Adding…" />
      </form>
    </Dialog>
  );
}
