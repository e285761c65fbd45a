/** Vouchers: discount codes, a percentage or an amount off, between two dates, a number of times. */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../../api.ts';
import { CatalogueVouchersQuery, CreateVoucherMutation, UpdateVoucherMutation } from '../../documents.ts';
import type { CatalogueVouchersQuery as Data } from '../../gql/graphql.ts';
import { useSession } from '../../session.tsx';
import { CheckField, Dialog, ErrorText, FormActions, TextField, formatDate, money, moneyText, parseMoney, parseWhole } from '../../ui.tsx';
import { CatalogueTable, fieldError, otherError } from './table.tsx';

type Voucher = NonNullable<Data['vouchers']>['nodes'][number];

export function Vouchers({ title }: { title: string }) {
  const { me } = useSession();
  const query = useQuery(CatalogueVouchersQuery);
  const [open, setOpen] = useState<{ voucher?: Voucher }>();
  const [flash, setFlash] = useState<string>();
  const vouchers = query.data?.vouchers?.nodes ?? [];
  return (
    <CatalogueTable
      title={title}
      lead="Codes that take a percentage or an amount off a card payment, once per purchase."
      newLabel="New voucher"
      onNew={() => setOpen({})}
      query={query}
      flash={flash}
      empty="No vouchers yet: add the first one."
      columns={['Code', 'Discount', 'Valid', 'Redeemed', 'Active']}
      rows={vouchers.map((v) => ({
        id: v.id,
        name: v.code,
        cells: [
          v.percentOff !== null ? `${v.percentOff}% off` : `${money(v.base100AmountOff ?? 0, me.companyCurrency)} off`,
          v.validFrom || v.validUntil ? `${v.validFrom ? formatDate(v.validFrom) : 'any time'} to ${v.validUntil ? formatDate(v.validUntil) : 'no end'}` : 'Always',
          v.maxRedemptions === null ? `${v.redemptions}, no limit` : `${v.redemptions} of ${v.maxRedemptions}`,
          v.active ? 'Yes' : 'No',
        ],
        onEdit: () => setOpen({ voucher: v }),
      }))}
    >
      {open && (
        <VoucherDialog
          voucher={open.voucher}
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

function VoucherDialog({ voucher, onClose }: { voucher?: Voucher; onClose: (message?: string) => void }) {
  const { me } = useSession();
  const create = useMutation(CreateVoucherMutation);
  const update = useMutation(UpdateVoucherMutation);
  const kindName = useId();
  const [form, setForm] = useState({
    code: voucher?.code ?? '',
    description: voucher?.description ?? '',
    kind: voucher && voucher.percentOff === null ? ('amount' as const) : ('percent' as const),
    percent: voucher?.percentOff !== null && voucher?.percentOff !== undefined ? String(voucher.percentOff) : '10',
    amount: voucher?.base100AmountOff !== null && voucher?.base100AmountOff !== undefined ? moneyText(voucher.base100AmountOff) : '',
    validFrom: voucher?.validFrom ?? '',
    validUntil: voucher?.validUntil ?? '',
    maxRedemptions: voucher?.maxRedemptions === null || voucher?.maxRedemptions === undefined ? '' : String(voucher.maxRedemptions),
    active: voucher?.active ?? true,
  });
  const [problem, setProblem] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = voucher ? update.error : create.error;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const percentOff = form.kind === 'percent' ? parseWhole(form.percent) : null;
    const base100AmountOff = form.kind === 'amount' ? parseMoney(form.amount) : null;
    const maxRedemptions = form.maxRedemptions.trim() === '' ? null : parseWhole(form.maxRedemptions);
    const found: Record<string, string> = {};
    if (form.kind === 'percent' && percentOff === null) found.percentOff = 'Percentage: a whole number from 1 to 100.';
    if (form.kind === 'amount' && base100AmountOff === null) found.base100AmountOff = 'Amount: such as 5 or 5.00.';
    if (maxRedemptions === null && form.maxRedemptions.trim() !== '') found.maxRedemptions = 'Times: a whole number, or empty for no limit.';
    setProblem(found);
    if (Object.keys(found).length) return;
    const fields = {
      code: form.code.trim(),
      description: form.description.trim(),
      percentOff,
      base100AmountOff,
      validFrom: form.validFrom || null,
      validUntil: form.validUntil || null,
      maxRedemptions,
      active: form.active,
    };
    const r = voucher ? await update.run({ id: voucher.id, input: fields }) : await create.run({ input: fields });
    if (r) onClose(voucher ? `Saved ${fields.code}.` : `Added ${fields.code}.`);
  };
  const shown = (field: string) => problem[field] ?? fieldError(error, field);
  return (
    <Dialog title={voucher ? `Edit ${voucher.code}` : 'New voucher'} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Code" value={form.code} onChange={(v) => set('code', v)} hint="What customers enter; unique in the studio." error={shown('code')} />
        <TextField label="Description" value={form.description} onChange={(v) => set('description', v)} error={shown('description')} />
        <fieldset>
          <legend>Discount</legend>
          <div className="row">
            <label className="check">
              <input type="radio" name={kindName} checked={form.kind === 'percent'} onChange={() => set('kind', 'percent')} />
              <span>A percentage</span>
            </label>
            <label className="check">
              <input type="radio" name={kindName} checked={form.kind === 'amount'} onChange={() => set('kind', 'amount')} />
              <span>An amount</span>
            </label>
          </div>
          {form.kind === 'percent' ? (
            <TextField label="Percent off" className="narrow" inputMode="numeric" value={form.percent} onChange={(v) => set('percent', v)} error={shown('percentOff')} />
          ) : (
            <TextField
              label={`Amount off (${me.companyCurrency})`}
              className="narrow"
              inputMode="decimal"
              value={form.amount}
              onChange={(v) => set('amount', v)}
              error={shown('base100AmountOff')}
            />
          )}
        </fieldset>
        <div className="row">
          <TextField label="Valid from" type="date" value={form.validFrom} onChange={(v) => set('validFrom', v)} hint="Empty: from now." error={shown('validFrom')} />
          <TextField label="Valid until" type="date" value={form.validUntil} onChange={(v) => set('validUntil', v)} hint="Empty: no end." error={shown('validUntil')} />
          <TextField
            label="Times it can be used"
            className="narrow"
            inputMode="numeric"
            value={form.maxRedemptions}
            onChange={(v) => set('maxRedemptions', v)}
            hint="Empty: no limit."
            error={shown('maxRedemptions')}
          />
        </div>
        <CheckField label="Active" checked={form.active} onChange={(v) => set('active', v)} hint="Only an active voucher can be redeemed." />
        <ErrorText error={otherError(error, ['code', 'description', 'percentOff', 'base100AmountOff', 'validFrom', 'validUntil', 'maxRedemptions'])} />
        <FormActions onCancel={() => onClose()} busy={create.busy || update.busy} label={voucher ? 'Save voucher' : 'Add voucher'} busyLabel="Saving…" />
      </form>
    </Dialog>
  );
}
