/** Query and path parameters of the REST surfaces, checked before any operation runs; errors name the parameter. */
import type { RouteInput as Request } from './route.ts';
import { Invalid } from '../src/domain/errors.ts';
import { DATE_RULE, isLocalDate } from '../src/domain/time.ts';

function raw(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Invalid(name, 'type', 'must be given once, as a single value');
  return value;
}

export const query = {
  string(req: Request, name: string): string | undefined {
    return raw(req, name);
  },
  int(req: Request, name: string): number | undefined {
    const value = raw(req, name);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,9}$/.test(value)) throw new Invalid(name, 'type', 'must be a whole number');
    return Number(value);
  },
  bool(req: Request, name: string): boolean | undefined {
    const value = raw(req, name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw new Invalid(name, 'type', 'must be true or false');
    return value === 'true';
  },
  date(req: Request, name: string): string | undefined {
    const value = raw(req, name);
    if (value === undefined) return undefined;
    if (!isLocalDate(value)) throw new Invalid(name, 'format', DATE_RULE);
    return value;
  },
  oneOf<T extends string>(req: Request, name: string, values: readonly T[]): T | undefined {
    const value = raw(req, name);
    if (value === undefined) return undefined;
    if (!values.includes(value as T)) throw new Invalid(name, 'enum', `must be one of ${values.join(', ')}`);
    return value as T;
  },
};

/** A path parameter (Express 5 gives them as strings). */
export function param(req: Request, name: string): string {
  return String(req.params[name]);
}
