/**
 * Finding a customer by name, email or phone, as the booking dialogs do: a search box and the matches to choose
 * from, or `New customer` for someone not yet known (a walk-in), chosen as soon as they are added.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery } from '../api.ts';
import { CustomerPickerQuery } from '../documents.ts';
import { ErrorText, Loading } from '../ui.tsx';
import { NewCustomerDialog } from './CustomerForms.tsx';

export interface PickedCustomer {
  id: string;
  name: string;
}

export function CustomerPicker({ value, onChange }: { value: PickedCustomer | undefined; onChange: (c: PickedCustomer | undefined) => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const inputId = useId();
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const query = useQuery(CustomerPickerQuery, { search: search || null });
  const nodes = query.data?.customers.nodes ?? [];
  return (
    <fieldset className="picker">
      <legend>Customer</legend>
      <label htmlFor={inputId} className="block-label">
        Find a customer
      </label>
      <input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Name, email or phone" autoComplete="off" />
      <button type="button" className="link-button" onClick={() => setAdding(true)}>
        New customer
      </button>
      {adding && (
        <NewCustomerDialog
          onClose={(created) => {
            setAdding(false);
            if (created) onChange(created);
          }}
        />
      )}
      <ErrorText error={query.error} />
      {query.loading && !query.data && <Loading label="Searching…" />}
      {query.data && nodes.length === 0 && <p className="sub">No customer matches.</p>}
      <div className="choices" role="radiogroup" aria-label="Matching customers">
        {nodes.map((c) => (
          <label key={c.id} className="check">
            <input
              type="radio"
              name={`${inputId}-customer`}
              checked={value?.id === c.id}
              onChange={() => onChange({ id: c.id, name: `${c.firstName} ${c.lastName}` })}
            />
            <span>
              {c.firstName} {c.lastName} <span className="sub">{c.email}</span>
            </span>
          </label>
        ))}
      </div>
      {value && (
        <p className="hint">
          Chosen: <strong>{value.name}</strong>
        </p>
      )}
    </fieldset>
  );
}
