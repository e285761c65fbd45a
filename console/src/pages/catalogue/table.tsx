/** What every tab of the catalogue shares: its heading with a New button, its table with an Edit button per row, and errors by field. */
import type { ReactNode } from 'react';
import type { ApiError, QueryState } from '../../api.ts';
import { Empty, ErrorText, Flash, Loading } from '../../ui.tsx';

export interface CatalogueRow {
  id: string;
  name: string;
  /** The other columns, in words. */
  cells: ReactNode[];
  onEdit: () => void;
  /** What the row's button says: `Edit` by default. */
  editLabel?: string;
}

export function CatalogueTable({
  title,
  lead,
  newLabel,
  onNew,
  query,
  flash,
  empty,
  columns,
  rows,
  children,
}: {
  title: string;
  lead: string;
  newLabel: string;
  onNew: () => void;
  query: QueryState<unknown>;
  flash: string | undefined;
  empty: string;
  columns: string[];
  rows: CatalogueRow[];
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="tab-title">
      <div className="card-head tab-head">
        <h2 id="tab-title">{title}</h2>
        <button type="button" className="primary" onClick={onNew}>
          {newLabel}
        </button>
      </div>
      <p className="lead">{lead}</p>
      <Flash message={flash} />
      <ErrorText error={query.error} />
      {query.loading && !query.data && <Loading />}
      {query.data !== undefined && rows.length === 0 && <Empty>{empty}</Empty>}
      {rows.length > 0 && (
        <div className="table-wrap" role="region" aria-label={`${title} table`} tabIndex={0} aria-busy={query.loading}>
          <table>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" data-label={columns[0]}>
                    {row.name}
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={columns[i + 1]} data-label={columns[i + 1]}>
                      {cell}
                    </td>
                  ))}
                  <td className="actions">
                    <button type="button" onClick={row.onEdit} aria-label={`${row.editLabel ?? 'Edit'} ${row.name}`}>
                      {row.editLabel ?? 'Edit'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {children}
    </section>
  );
}

/** The service's message about one input field, if it named that field. */
export const fieldError = (error: ApiError | undefined, field: string): string | undefined => error?.forField(field);

/** The service's error when it named none of `fields` (those show beside their field). */
export const otherError = (error: ApiError | undefined, fields: readonly string[]): ApiError | undefined =>
  error && !fields.some((f) => error.forField(f)) ? error : undefined;
