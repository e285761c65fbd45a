/** Pass templates: bundles of credits on sale, created and changed (purchases already made keep theirs). */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../../api.ts';
import { CataloguePassesQuery, CreatePassMutation, UpdatePassMutation } from '../../documents.ts';
import type { CataloguePassesQuery as Data } from '../../gql/graphql.ts';
import { useSession } from '../../session.tsx';
import { CheckField, Dialog, ErrorText, FormActions, TextField, money, moneyText, parseMoney, parseWhole } from '../../ui.tsx';
import { CatalogueTable, fieldError, otherError } from './table.tsx';

type Pass = NonNullable<Data['passes']>['nodes'][number];

export function Passes({ title }: { title: string }) {
  const query = useQuery(CataloguePassesQuery);
  const [open, setOpen] = useState<{ pass?: Pass }>();
  const [flash, setFlash] = useState<string>();
  const passes = query.data?.passes?.nodes ?? [];
  return (
    <CatalogueTable
      title={title}
      lead="Bundles of credits a customer buys, spent on classes, appointments and videos until they expire."
      newLabel="New pass"
      onNew={() => setOpen({})}
      query={query}
      flash={flash}
      empty="No passes yet: add the first one."
      columns={['Pass', 'Credits', 'Valid for', 'Price', 'On sale']}
      rows={passes.map((p) => ({
        id: p.id,
        name: p.name,
        cells: [`${p.credits}`, `${p.validityDays} days`, money(p.base100Price, p.currency), p.active ? 'Yes' : 'No'],
        onEdit: () => setOpen({ pass: p }),
      }))}
    >
      {open && (
        <PassDialog
          pass={open.pass}
          onClose={(message) => {
            setOpen(undefined);
            if (message) {
              setFlash(message);
              query.reload();
            }
          }}
        />
      )}
    </CatalogueTable>
  );
}

function PassDialog({ pass, onClose }: { pass?: Pass; onClose: (message?: string) => void }) {
  const { me } = useSession();
  const create = useMutation(CreatePassMutation);
  const update = useMutation(UpdatePassMutation);
  const [form, setForm] = useState({
    name: pass?.name ?? '',
    description: pass?.description ?? '',
    credits: pass ? String(pass.credits) : '10',
    validityDays: pass ? String(pass.validityDays) : '90',
    price: pass ? moneyText(pass.base100Price) : '',
    active: pass?.active ?? true,
  });
  const [problem, setProblem] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = pass ? update.error : create.error;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const credits = parseWhole(form.credits);
    const validityDays = parseWhole(form.validityDays);
    const base100Price = parseMoney(form.price);
    const found: Record<string, string> = {};
    if (credits === null) found.credits = 'Credits: a whole number, 1 or more.';
    if (validityDays === null) found.validityDays = 'Valid for: a whole number of days.';
    if (base100Price === null) found.base100Price = 'Price: an amount such as 55 or 55.00.';
    setProblem(found);
    if (Object.keys(found).length) return;
    const fields = { name: form.name.trim(), description: form.description.trim(), credits: credits!, validityDays: validityDays!, base100Price: base100Price!, active: form.active };
    const r = pass ? await update.run({ id: pass.id, input: fields }) : await create.run({ input: fields });
    if (r) onClose(pass ? `Saved ${fields.name}.` : `Added ${fields.name}.`);
  };
  const shown = (field: string) => problem[field] ?? fieldError(error, field);
  return (
    <Dialog title={pass ? `Edit ${pass.name}` : 'New pass'} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Name" value={form.name} onChange={(v) => set('name', v)} error={shown('name')} />
        <TextField label="Description" value={form.description} onChange={(v) => set('description', v)} error={shown('description')} />
        <div className="row">
          <TextField label="Credits" className="narrow" inputMode="numeric" value={form.credits} onChange={(v) => set('credits', v)} error={shown('credits')} />
          <TextField
            label="Valid for (days)"
            className="narrow"
            inputMode="numeric"
            value={form.validityDays}
            onChange={(v) => set('validityDays', v)}
            error={shown('validityDays')}
          />
          <TextField label={`Price (${me.companyCurrency})`} className="narrow" inputMode="decimal" value={form.price} onChange={(v) => set('price', v)} error={shown('base100Price')} />
        </div>
        <CheckField label="On sale" checked={form.active} onChange={(v) => set('active', v)} hint="Customers can buy it; purchases already made are kept either way." />
        {pass && <p className="hint">Purchases already made keep their credits and dates.</p>}
        <ErrorText error={otherError(error, ['name', 'description', 'credits', 'validityDays', 'base100Price'])} />
        <FormActions onCancel={() => onClose()} busy={create.busy || update.busy} label={pass ? 'Save pass' : 'Add pass'} busyLabel="Saving…" />
      </form>
    </Dialog>
  );
}
