/**
 * How admin commands speak: with `--json`, one JSON document on stdout and nothing else; without it,
 * aligned tables and `field  value` blocks for people. Failures go to stderr as one line per problem,
 * naming the option at fault, never as a stack trace.
 */
import { ConfigError } from '../config.ts';
import { ImportError } from '../bundles/import.ts';
import { Invalid } from '../domain/errors.ts';
import type { CliIo } from './io.ts';

export const SECRET_ONCE = 'Store the secret now: it is not shown again.';

export function printResult(io: CliIo, result: unknown, { json, text }: { json: boolean; text: string }): void {
  io.out(json ? `${JSON.stringify(result)}\n` : `${text}\n`);
}

/** Rows of flat records as an aligned table under upper-case headings. */
export function table(rows: readonly object[], empty = '(none)'): string {
  if (!rows.length) return empty;
  const columns = Object.keys(rows[0]!);
  const cells = [columns.map((c) => c.toUpperCase()), ...rows.map((row) => columns.map((c) => cell((row as Record<string, unknown>)[c])))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return cells.map((line) => line.map((value, i) => value.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

/** One record as `field  value` lines. */
export function fields(record: object): string {
  const entries = Object.entries(record);
  const width = Math.max(...entries.map(([key]) => key.length));
  return entries.map(([key, value]) => `${key.padEnd(width)}  ${cell(value)}`).join('\n');
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(' ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}=${cell(v)}`).join(' ');
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what is left here: strings, numbers and bigints
  return String(value);
}

/**
 * Writes why the command failed to stderr. A problem with one field is put against the command's option
 * for it (`optionOf`), or against the field's own name when no option sets it.
 */
export function reportFailure(io: CliIo, error: unknown, optionOf: (field: string) => string | undefined = () => undefined): void {
  const lines =
    error instanceof Invalid
      ? [`${optionOf(error.field) ?? error.field}: ${error.detail}`]
      : error instanceof ImportError
        ? error.problems
        : error instanceof ConfigError
          ? [error.message]
          : [error instanceof Error ? error.message : String(error)];
  for (const line of lines) io.err(`error: ${line}\n`);
}
