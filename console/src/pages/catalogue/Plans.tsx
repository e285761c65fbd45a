/** Subscription plans: a price each week, month or year, with grace days and a minimum term for new subscriptions. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../../api.ts';
import { CataloguePlansQuery, CreateSubscriptionPlanMutation, UpdateSubscriptionPlanMutation } from '../../documents.ts';
import type { CataloguePlansQuery as Data, PlanInterval } from '../../gql/graphql.ts';
import { useSession } from '../../session.tsx';
import { CheckField, Dialog, ErrorText, Field, FormActions, TextField, money, moneyText, parseMoney, parseWhole } from '../../ui.tsx';
import { CatalogueTable, fieldError, otherError } from './table.tsx';

type Plan = NonNullable<Data['subscriptionPlans']>['nodes'][number];

const INTERVALS: Record<PlanInterval, string> = { WEEK: 'Weekly', MONTH: 'Monthly', YEAR: 'Yearly' };
const UNITS: Record<PlanInterval, string> = { WEEK: 'week', MONTH: 'month', YEAR: 'year' };

export function Plans({ title }: { title: string }) {
  const query = useQuery(CataloguePlansQuery);
  const [open, setOpen] = useState<{ plan?: Plan }>();
  const [flash, setFlash] = useState<string>();
  const plans = query.data?.subscriptionPlans?.nodes ?? [];
  return (
    <CatalogueTable
      title={title}
      lead="Memberships charged each period from the day they start. Changes reach subscriptions from their next renewal."
      newLabel="New plan"
      onNew={() => setOpen({})}
      query={query}
      flash={flash}
      empty="No subscription plans yet: add the first one."
      columns={['Plan', 'Price', 'Renews', 'Grace', 'Minimum term', 'On sale']}
      rows={plans.map((p) => ({
        id: p.id,
        name: p.name,
        cells: [
          money(p.base100Price, p.currency),
          INTERVALS[p.interval],
          `${p.graceDays} days`,
          `${p.minimumTermPeriods} ${UNITS[p.interval]}${p.minimumTermPeriods === 1 ? '' : 's'}`,
          p.active ? 'Yes' : 'No',
        ],
        onEdit: () => setOpen({ plan: p }),
      }))}
    >
      {open && (
        <PlanDialog
          plan={open.plan}
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

function PlanDialog({ plan, onClose }: { plan?: Plan; onClose: (message?: string) => void }) {
  const { me } = useSession();
  const create = useMutation(CreateSubscriptionPlanMutation);
  const update = useMutation(UpdateSubscriptionPlanMutation);
  const [form, setForm] = useState({
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    price: plan ? moneyText(plan.base100Price) : '',
    interval: (plan?.interval ?? 'MONTH'),
    graceDays: String(plan?.graceDays ?? 7),
    minimumTermPeriods: String(plan?.minimumTermPeriods ?? 1),
    active: plan?.active ?? true,
  });
  const [problem, setProblem] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = plan ? update.error : create.error;
  const currency = plan?.currency ?? me.companyCurrency;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const base100Price = parseMoney(form.price);
    const graceDays = parseWhole(form.graceDays);
    const minimumTermPeriods = parseWhole(form.minimumTermPeriods);
    const found: Record<string, string> = {};
    if (base100Price === null) found.base100Price = 'Price: an amount such as 65 or 65.00.';
    if (graceDays === null) found.graceDays = 'Grace: a whole number of days.';
    if (minimumTermPeriods === null) found.minimumTermPeriods = 'Minimum term: a whole number of periods, 1 or more.';
    setProblem(found);
    if (Object.keys(found).length) return;
    const fields = {
      name: form.name.trim(),
      description: form.description.trim(),
      base100Price: base100Price!,
      interval: form.interval,
      active: form.active,
      graceDays: graceDays!,
      minimumTermPeriods: minimumTermPeriods!,
    };
    const r = plan ? await update.run({ id: plan.id, input: fields }) : await create.run({ input: { ...fields, currency } });
    if (r) onClose(plan ? `Saved ${fields.name}.` : `Added ${fields.name}.`);
  };
  const shown = (field: string) => problem[field] ?? fieldError(error, field);
  return (
    <Dialog title={plan ? `Edit ${plan.name}` : 'New subscription plan'} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Name" value={form.name} onChange={(v) => set('name', v)} error={shown('name')} />
        <TextField label="Description" value={form.description} onChange={(v) => set('description', v)} error={shown('description')} />
        <div className="row">
          <TextField label={`Price (${currency})`} className="narrow" inputMode="decimal" value={form.price} onChange={(v) => set('price', v)} error={shown('base100Price')} />
          <Field label="Renews" error={shown('interval')}>
            {(id, describedBy) => (
              <select id={id} value={form.interval} onChange={(e) => set('interval', e.target.value as PlanInterval)} aria-describedby={describedBy}>
                {(Object.keys(INTERVALS) as PlanInterval[]).map((i) => (
                  <option key={i} value={i}>
                    {INTERVALS[i]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="row">
          <TextField
            label="Grace (days)"
            className="narrow"
            inputMode="numeric"
            value={form.graceDays}
            onChange={(v) => set('graceDays', v)}
            hint="A failed charge unpaid this long suspends the subscription."
            error={shown('graceDays')}
          />
          <TextField
            label={`Minimum term (${UNITS[form.interval]}s)`}
            className="narrow"
            inputMode="numeric"
            value={form.minimumTermPeriods}
            onChange={(v) => set('minimumTermPeriods', v)}
            hint="Periods it runs before it can end."
            error={shown('minimumTermPeriods')}
          />
        </div>
        {plan && <p className="hint">Grace and minimum term apply to subscriptions started from now on; price and interval from each one's next renewal.</p>}
        <CheckField label="On sale" checked={form.active} onChange={(v) => set('active', v)} hint="Subscriptions already started keep renewing either way." />
        <ErrorText error={otherError(error, ['name', 'description', 'base100Price', 'interval', 'graceDays', 'minimumTermPeriods'])} />
        <FormActions onCancel={() => onClose()} busy={create.busy || update.busy} label={plan ? 'Save plan' : 'Add plan'} busyLabel="Saving…" />
      </form>
    </Dialog>
  );
}
