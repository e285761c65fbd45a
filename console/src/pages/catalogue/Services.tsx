/** Appointment services and their options (length, price, credits): created, changed, and deleted. */
import { useState, type FormEvent } from 'react';
import { request, useQuery, type ApiError } from '../../api.ts';
import {
  CatalogueServicesQuery, CreateServiceMutation, DeleteServiceMutation, DeleteServiceOptionMutation, SetServiceOptionMutation, UpdateServiceMutation,
} from '../../documents.ts';
import type { CatalogueServicesQuery as Data, ServiceOptionInput } from '../../gql/graphql.ts';
import { useSession } from '../../session.tsx';
import { CheckField, ConfirmDialog, Dialog, ErrorText, FormActions, TextField, money, moneyText, parseMoney, parseWhole } from '../../ui.tsx';
import { CatalogueTable, fieldError, otherError } from './table.tsx';

type Service = NonNullable<Data['services']>[number];

interface OptionRow {
  key: number;
  /** The name it has in the catalogue; none for an option added here. */
  saved?: string;
  name: string;
  minutes: string;
  price: string;
  credits: string;
  active: boolean;
}

let rowKeys = 0;

export function Services({ title }: { title: string }) {
  const { me } = useSession();
  const query = useQuery(CatalogueServicesQuery);
  const [open, setOpen] = useState<{ service?: Service }>();
  const [flash, setFlash] = useState<string>();
  const services = query.data?.services ?? [];
  return (
    <CatalogueTable
      title={title}
      lead="What customers book with a facilitator. Each option has its own length and price; the buffer is kept free after each appointment."
      newLabel="New service"
      onNew={() => setOpen({})}
      query={query}
      flash={flash}
      empty="No services yet: add the first one."
      columns={['Service', 'Options', 'Buffer', 'Bookable']}
      rows={services.map((s) => ({
        id: s.id,
        name: s.name,
        cells: [
          s.options.length ? (
            <ul className="plain">
              {s.options.map((o) => (
                <li key={o.name}>
                  {o.name}
                  {o.name.includes(String(o.durationMinutes)) ? '' : ` (${o.durationMinutes} min)`} · {money(o.base100Price, me.companyCurrency)}
                  {o.credits ? ` or ${o.credits} ${o.credits === 1 ? 'credit' : 'credits'}` : ''}
                  {!o.active && ' (not bookable)'}
                </li>
              ))}
            </ul>
          ) : (
            'None: add one to book it'
          ),
          `${s.bufferMinutes} min`,
          s.active ? 'Yes' : 'No',
        ],
        onEdit: () => setOpen({ service: s }),
      }))}
    >
      {open && (
        <ServiceDialog
          service={open.service}
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

const rowOf = (o: Service['options'][number]): OptionRow => ({
  key: ++rowKeys,
  saved: o.name,
  name: o.name,
  minutes: String(o.durationMinutes),
  price: moneyText(o.base100Price),
  credits: String(o.credits),
  active: o.active,
});

function ServiceDialog({ service, onClose }: { service?: Service; onClose: (message?: string) => void }) {
  const { me } = useSession();
  const [form, setForm] = useState({
    name: service?.name ?? '',
    description: service?.description ?? '',
    buffer: String(service?.bufferMinutes ?? 0),
    active: service?.active ?? true,
  });
  const [rows, setRows] = useState<OptionRow[]>(() =>
    service ? service.options.map(rowOf) : [{ key: ++rowKeys, name: '60 min', minutes: '60', price: '', credits: '1', active: true }],
  );
  const [problem, setProblem] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setRow = (key: number, change: Partial<OptionRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const bufferMinutes = parseWhole(form.buffer);
    if (bufferMinutes === null) found.bufferMinutes = 'Buffer: a whole number of minutes.';
    const options: (ServiceOptionInput & { saved?: string; changed: boolean })[] = [];
    for (const [i, row] of rows.entries()) {
      const durationMinutes = parseWhole(row.minutes);
      const base100Price = parseMoney(row.price);
      const credits = parseWhole(row.credits);
      if (durationMinutes === null || base100Price === null || credits === null)
        found[`option${row.key}`] = `Option ${i + 1}: minutes and credits are whole numbers, the price an amount such as 60 or 60.00.`;
      const option = { name: row.name.trim(), durationMinutes: durationMinutes ?? 0, base100Price: base100Price ?? 0, credits: credits ?? 0, active: row.active };
      const before = service?.options.find((o) => o.name === row.saved);
      const changed = !before || JSON.stringify(option) !== JSON.stringify({ name: before.name, durationMinutes: before.durationMinutes, base100Price: before.base100Price, credits: before.credits, active: before.active });
      options.push({ ...option, saved: row.saved, changed });
    }
    setProblem(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setError(undefined);
    try {
      const fields = { name: form.name.trim(), description: form.description.trim(), bufferMinutes: bufferMinutes!, active: form.active };
      const plain = ({ name, durationMinutes, base100Price, credits, active }: ServiceOptionInput) => ({ name, durationMinutes, base100Price, credits, active });
      if (!service) {
        await request(CreateServiceMutation, { input: { ...fields, options: options.map(plain) } });
        return onClose(`Added ${fields.name}.`);
      }
      await request(UpdateServiceMutation, { id: service.id, input: fields });
      for (const option of options.filter((o) => o.changed)) await request(SetServiceOptionMutation, { serviceId: service.id, option: plain(option) });
      const kept = new Set(options.map((o) => o.name));
      for (const old of service.options) if (!kept.has(old.name)) await request(DeleteServiceOptionMutation, { serviceId: service.id, name: old.name });
      onClose(`Saved ${fields.name}.`);
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const shown = (field: string) => problem[field] ?? fieldError(error, field);

  if (deleting && service)
    return (
      <DeleteService
        service={service}
        onClose={(message) => {
          if (message) onClose(message);
          else setDeleting(false);
        }}
      />
    );
  return (
    <Dialog title={service ? `Edit ${service.name}` : 'New service'} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Name" value={form.name} onChange={(v) => set('name', v)} error={shown('name')} />
        <TextField label="Description" value={form.description} onChange={(v) => set('description', v)} error={shown('description')} />
        <div className="row">
          <TextField
            label="Buffer (minutes)"
            className="narrow"
            inputMode="numeric"
            value={form.buffer}
            onChange={(v) => set('buffer', v)}
            hint="Kept free after each appointment."
            error={shown('bufferMinutes')}
          />
          <CheckField label="Bookable" checked={form.active} onChange={(v) => set('active', v)} />
        </div>
        <h3>Options</h3>
        {rows.length === 0 && <p className="hint">No options: the service cannot be booked until it has one.</p>}
        {rows.map((row, i) => (
          <fieldset key={row.key} className="option-row">
            <legend>Option {i + 1}</legend>
            <div className="row">
              <TextField label="Option name" value={row.name} onChange={(v) => setRow(row.key, { name: v })} />
              <TextField label="Minutes" className="narrow" inputMode="numeric" value={row.minutes} onChange={(v) => setRow(row.key, { minutes: v })} />
              <TextField label={`Price (${me.companyCurrency})`} className="narrow" inputMode="decimal" value={row.price} onChange={(v) => setRow(row.key, { price: v })} />
              <TextField label="Credits" className="narrow" inputMode="numeric" value={row.credits} onChange={(v) => setRow(row.key, { credits: v })} hint="0: card only." />
            </div>
            <div className="row">
              <CheckField label="Bookable" checked={row.active} onChange={(v) => setRow(row.key, { active: v })} />
              <button type="button" className="link-button small" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                Remove option {i + 1}
              </button>
            </div>
            <ErrorText error={problem[`option${row.key}`]} />
          </fieldset>
        ))}
        <div>
          <button type="button" onClick={() => setRows((all) => [...all, { key: ++rowKeys, name: '', minutes: '60', price: '', credits: '1', active: true }])}>
            Add option
          </button>
        </div>
        <ErrorText error={otherError(error, ['name', 'description', 'bufferMinutes'])} />
        <div className="dialog-actions spread">
          {service && (
            <button type="button" className="danger" onClick={() => setDeleting(true)}>
              Delete service
            </button>
          )}
          <FormActions onCancel={() => onClose()} busy={busy} label={service ? 'Save service' : 'Add service'} busyLabel="Saving…" />
        </div>
      </form>
    </Dialog>
  );
}

function DeleteService({ service, onClose }: { service: Service; onClose: (message?: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  return (
    <ConfirmDialog
      title={`Delete ${service.name}?`}
      confirm="Yes, delete service"
      busyLabel="Deleting…"
      keep="Keep it"
      busy={busy}
      error={error}
      onClose={() => onClose()}
      onConfirm={async () => {
        setBusy(true);
        try {
          await request(DeleteServiceMutation, { id: service.id });
          onClose(`Deleted ${service.name}.`);
        } catch (e) {
          setError(e as ApiError);
        } finally {
          setBusy(false);
        }
      }}
    >
      <p>It leaves the catalogue and can no longer be booked. Its appointments stay, with their history.</p>
    </ConfirmDialog>
  );
}
