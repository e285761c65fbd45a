/**
 * Selling at the desk: a pass (from a date, with a voucher), a video (by card, with a voucher, or with a
 * pass's credits) and a subscription (from a date). What is on sale comes from the catalogue.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { todayIn } from '../clock.ts';
import { PurchasePassMutation, PurchaseVideoMutation, SaleOptionsQuery, StartSubscriptionMutation } from '../documents.ts';
import type { PaymentChoice } from '../gql/graphql.ts';
import { useSession } from '../session.tsx';
import { Dialog, Empty, ErrorText, Field, FormActions, Loading, formatDate, money } from '../ui.tsx';
import type { Customer } from './CustomerProfile.tsx';

const INTERVALS: Record<string, string> = { WEEK: 'week', MONTH: 'month', YEAR: 'year' };
const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** The catalogue's items on sale, loading and failing in words. */
function useSaleOptions() {
  const query = useQuery(SaleOptionsQuery);
  const status = query.error ? <ErrorText error={query.error} /> : query.loading && !query.data ? <Loading label="Loading what is on sale…" /> : null;
  return { data: query.data, status };
}

export function SellPassDialog({ customer, onClose }: { customer: Customer; onClose: (message?: string) => void }) {
  const { me } = useSession();
  const options = useSaleOptions();
  const sell = useMutation(PurchasePassMutation);
  const passes = (options.data?.passes?.nodes ?? []).filter((p) => p.active);
  const [passId, setPassId] = useState('');
  const [startDate, setStartDate] = useState(todayIn(me.companyTimezone));
  const [voucher, setVoucher] = useState('');
  const pass = passes.find((p) => p.id === passId) ?? passes[0];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!pass) return;
    const r = await sell.run({ input: { customerId: customer.id, passId: pass.id, startDate: startDate || null, voucherCode: voucher.trim() || null } });
    if (r) {
      const sold = r.purchasePass;
      onClose(`Sold ${sold.pass.name} to ${customer.firstName} ${customer.lastName}: ${credits(sold.creditsRemaining)}, valid until ${formatDate(sold.expires)}.`);
    }
  };
  return (
    <Dialog title={`Sell a pass to ${customer.firstName} ${customer.lastName}`} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        {options.status}
        {options.data && passes.length === 0 && <Empty>No pass is on sale: an admin adds passes in the Catalogue.</Empty>}
        {passes.length > 0 && (
          <>
            <Field label="Pass" error={sell.error?.forField('passId')}>
              {(id, describedBy) => (
                <select id={id} value={pass?.id} onChange={(e) => setPassId(e.target.value)} aria-describedby={describedBy}>
                  {passes.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} · {credits(p.credits)} for {p.validityDays} days · {money(p.base100Price, p.currency)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="row">
              <Field label="Starts on" error={sell.error?.forField('startDate')}>
                {(id, describedBy) => (
                  <input id={id} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} aria-describedby={describedBy} />
                )}
              </Field>
              <Field label="Voucher code" hint="Optional." error={sell.error?.forField('voucherCode')}>
                {(id, describedBy) => (
                  <input id={id} value={voucher} onChange={(e) => setVoucher(e.target.value)} autoComplete="off" aria-describedby={describedBy} />
                )}
              </Field>
            </div>
            <p className="hint">Paid by card at the desk: the sale is recorded as paid, and the receivers of pass.purchased are told.</p>
            <ErrorText error={sell.error && !['passId', 'startDate', 'voucherCode'].some((f) => sell.error?.forField(f)) ? sell.error : undefined} />
          </>
        )}
        <FormActions onCancel={() => onClose()} busy={sell.busy} disabled={sell.busy || !pass} label="Sell pass" busyLabel="Selling…" />
      </form>
    </Dialog>
  );
}

export function SellVideoDialog({ customer, onClose }: { customer: Customer; onClose: (message?: string) => void }) {
  const { me } = useSession();
  const options = useSaleOptions();
  const sell = useMutation(PurchaseVideoMutation);
  const videos = (options.data?.videos?.nodes ?? []).filter((v) => v.active);
  const [mediaId, setMediaId] = useState('');
  const [payWith, setPayWith] = useState<PaymentChoice>('CARD');
  const [packageId, setPackageId] = useState('');
  const [voucher, setVoucher] = useState('');
  const payId = useId();
  const video = videos.find((v) => v.id === mediaId) ?? videos[0];
  const usable = customer.passPurchases.nodes.filter((p) => p.status === 'ACTIVE' && video && p.creditsRemaining >= video.credits);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!video) return;
    const r = await sell.run({
      input: {
        customerId: customer.id,
        mediaId: video.id,
        payWith,
        packageId: payWith === 'PASS' && packageId ? packageId : null,
        voucherCode: payWith === 'CARD' && voucher.trim() ? voucher.trim() : null,
      },
    });
    if (r) {
      const sold = r.purchaseVideo;
      onClose(`Sold ${sold.media.name} to ${customer.firstName} ${customer.lastName}: ${sold.expiresOn ? `access until ${formatDate(sold.expiresOn)}` : 'access with no end'}.`);
    }
  };
  return (
    <Dialog title={`Sell a video to ${customer.firstName} ${customer.lastName}`} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        {options.status}
        {options.data && videos.length === 0 && <Empty>No video is on sale: an admin adds videos in the Catalogue.</Empty>}
        {video && (
          <>
            <Field label="Video" error={sell.error?.forField('mediaId')}>
              {(id, describedBy) => (
                <select id={id} value={video.id} onChange={(e) => setMediaId(e.target.value)} aria-describedby={describedBy}>
                  {videos.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.name} · {money(v.base100Price, me.companyCurrency)}
                      {v.credits ? ` or ${credits(v.credits)}` : ''} · {v.accessDays ? `${v.accessDays} days` : 'no end'}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <fieldset>
              <legend>Pay with</legend>
              <label className="check">
                <input type="radio" name={payId} checked={payWith === 'CARD'} onChange={() => setPayWith('CARD')} />
                <span>Card</span>
              </label>
              <label className="check">
                <input type="radio" name={payId} checked={payWith === 'PASS'} onChange={() => setPayWith('PASS')} disabled={video.credits === 0} />
                <span>
                  Pass credits
                  <span className="sub">
                    {video.credits === 0
                      ? 'This video cannot be paid with credits.'
                      : usable.length === 0
                        ? `${customer.firstName} holds no active pass with ${credits(video.credits)} left.`
                        : `${credits(video.credits)}, drawn at once.`}
                  </span>
                </span>
              </label>
            </fieldset>
            {payWith === 'PASS' && usable.length > 0 && (
              <Field label="From the pass" error={sell.error?.forField('packageId')}>
                {(id, describedBy) => (
                  <select id={id} value={packageId} onChange={(e) => setPackageId(e.target.value)} aria-describedby={describedBy}>
                    <option value="">The one that expires first</option>
                    {usable.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.pass.name} · {p.creditsRemaining} left, until {formatDate(p.expires)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            {payWith === 'CARD' && (
              <Field label="Voucher code" hint="Optional." error={sell.error?.forField('voucherCode')}>
                {(id, describedBy) => <input id={id} value={voucher} onChange={(e) => setVoucher(e.target.value)} autoComplete="off" aria-describedby={describedBy} />}
              </Field>
            )}
            <ErrorText error={sell.error && !['mediaId', 'packageId', 'voucherCode'].some((f) => sell.error?.forField(f)) ? sell.error : undefined} />
          </>
        )}
        <FormActions onCancel={() => onClose()} busy={sell.busy} disabled={sell.busy || !video} label="Sell video" busyLabel="Selling…" />
      </form>
    </Dialog>
  );
}

export function StartSubscriptionDialog({ customer, onClose }: { customer: Customer; onClose: (message?: string) => void }) {
  const { me } = useSession();
  const options = useSaleOptions();
  const start = useMutation(StartSubscriptionMutation);
  const plans = (options.data?.subscriptionPlans?.nodes ?? []).filter((p) => p.active);
  const [planId, setPlanId] = useState('');
  const [startDate, setStartDate] = useState(todayIn(me.companyTimezone));
  const plan = plans.find((p) => p.id === planId) ?? plans[0];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return;
    const r = await start.run({ input: { customerId: customer.id, planId: plan.id, startDate: startDate || null } });
    if (r) {
      const mandate = r.startSubscription;
      onClose(`${customer.firstName} ${customer.lastName} subscribed to ${mandate.plan.name}: next renewal ${formatDate(mandate.renewalDate)}.`);
    }
  };
  return (
    <Dialog title={`Start a subscription for ${customer.firstName} ${customer.lastName}`} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        {options.status}
        {options.data && plans.length === 0 && <Empty>No subscription plan is on sale: an admin adds plans in the Catalogue.</Empty>}
        {plan && (
          <>
            <Field label="Plan" error={start.error?.forField('planId')}>
              {(id, describedBy) => (
                <select id={id} value={plan.id} onChange={(e) => setPlanId(e.target.value)} aria-describedby={describedBy}>
                  {plans.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} · {money(p.base100Price, p.currency)} a {INTERVALS[p.interval]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="First period starts on"
              hint={`Charged on that day, then every ${INTERVALS[plan.interval]}. It runs at least ${plan.minimumTermPeriods} ${INTERVALS[plan.interval]}${plan.minimumTermPeriods === 1 ? '' : 's'} before it can end.`}
              error={start.error?.forField('startDate')}
            >
              {(id, describedBy) => <input id={id} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} aria-describedby={describedBy} />}
            </Field>
            <p className="hint">There is no card processor: each charge waits as “to pay” until it is marked paid.</p>
            <ErrorText error={start.error && !['planId', 'startDate'].some((f) => start.error?.forField(f)) ? start.error : undefined} />
          </>
        )}
        <FormActions onCancel={() => onClose()} busy={start.busy} disabled={start.busy || !plan} label="Start subscription" busyLabel="Starting…" />
      </form>
    </Dialog>
  );
}
