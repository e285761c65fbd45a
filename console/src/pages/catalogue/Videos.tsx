/** The video library: videos on sale, by card or credits, watched for a number of days after purchase. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../../api.ts';
import { CatalogueVideosQuery, CreateVideoMutation, UpdateVideoMutation } from '../../documents.ts';
import type { CatalogueVideosQuery as Data } from '../../gql/graphql.ts';
import { useSession } from '../../session.tsx';
import { CheckField, Dialog, ErrorText, FormActions, TextField, money, moneyText, parseMoney, parseWhole } from '../../ui.tsx';
import { CatalogueTable, fieldError, otherError } from './table.tsx';

type Video = NonNullable<Data['videos']>['nodes'][number];

export function Videos({ title }: { title: string }) {
  const { me } = useSession();
  const query = useQuery(CatalogueVideosQuery);
  const [open, setOpen] = useState<{ video?: Video }>();
  const [flash, setFlash] = useState<string>();
  const videos = query.data?.videos?.nodes ?? [];
  return (
    <CatalogueTable
      title={title}
      lead="Videos a customer buys by card or with pass credits, and watches for a number of days after buying."
      newLabel="New video"
      onNew={() => setOpen({})}
      query={query}
      flash={flash}
      empty="No videos yet: add the first one."
      columns={['Video', 'Price', 'Credits', 'Access', 'On sale']}
      rows={videos.map((v) => ({
        id: v.id,
        name: v.name,
        cells: [money(v.base100Price, me.companyCurrency), v.credits ? `${v.credits}` : 'Card only', v.accessDays ? `${v.accessDays} days` : 'No end', v.active ? 'Yes' : 'No'],
        onEdit: () => setOpen({ video: v }),
      }))}
    >
      {open && (
        <VideoDialog
          video={open.video}
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

function VideoDialog({ video, onClose }: { video?: Video; onClose: (message?: string) => void }) {
  const { me } = useSession();
  const create = useMutation(CreateVideoMutation);
  const update = useMutation(UpdateVideoMutation);
  const [form, setForm] = useState({
    name: video?.name ?? '',
    description: video?.description ?? '',
    price: video ? moneyText(video.base100Price) : '',
    credits: video ? String(video.credits) : '1',
    accessDays: video ? (video.accessDays === null ? '' : String(video.accessDays)) : '30',
    active: video?.active ?? true,
  });
  const [problem, setProblem] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const error = video ? update.error : create.error;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const base100Price = parseMoney(form.price);
    const credits = parseWhole(form.credits);
    const accessDays = form.accessDays.trim() === '' ? null : parseWhole(form.accessDays);
    const found: Record<string, string> = {};
    if (base100Price === null) found.base100Price = 'Price: an amount such as 8 or 8.00.';
    if (credits === null) found.credits = 'Credits: a whole number; 0 when it cannot be paid with credits.';
    if (accessDays === null && form.accessDays.trim() !== '') found.accessDays = 'Access: a whole number of days, or empty for no end.';
    setProblem(found);
    if (Object.keys(found).length) return;
    const fields = { name: form.name.trim(), description: form.description.trim(), base100Price: base100Price!, credits: credits!, accessDays, active: form.active };
    const r = video ? await update.run({ id: video.id, input: fields }) : await create.run({ input: fields });
    if (r) onClose(video ? `Saved ${fields.name}.` : `Added ${fields.name}.`);
  };
  const shown = (field: string) => problem[field] ?? fieldError(error, field);
  return (
    <Dialog title={video ? `Edit ${video.name}` : 'New video'} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Name" value={form.name} onChange={(v) => set('name', v)} error={shown('name')} />
        <TextField label="Description" value={form.description} onChange={(v) => set('description', v)} error={shown('description')} />
        <div className="row">
          <TextField label={`Price (${me.companyCurrency})`} className="narrow" inputMode="decimal" value={form.price} onChange={(v) => set('price', v)} error={shown('base100Price')} />
          <TextField
            label="Credits"
            className="narrow"
            inputMode="numeric"
            value={form.credits}
            onChange={(v) => set('credits', v)}
            hint="0: card only."
            error={shown('credits')}
          />
          <TextField
            label="Access (days)"
            className="narrow"
            inputMode="numeric"
            value={form.accessDays}
            onChange={(v) => set('accessDays', v)}
            hint="Empty: no end."
            error={shown('accessDays')}
          />
        </div>
        <CheckField label="On sale" checked={form.active} onChange={(v) => set('active', v)} />
        <ErrorText error={otherError(error, ['name', 'description', 'base100Price', 'credits', 'accessDays'])} />
        <FormActions onCancel={() => onClose()} busy={create.busy || update.busy} label={video ? 'Save video' : 'Add video'} busyLabel="Saving…" />
      </form>
    </Dialog>
  );
}
