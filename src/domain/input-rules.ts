/** Field rules for inputs that change records: each throws Invalid naming the field and the rule broken. */
import { Invalid } from './errors.ts';

export type FieldRule = (value: unknown, field: string) => void;

export const text = (min: number, max: number): FieldRule => (value, field) => {
  if (typeof value !== 'string') throw new Invalid(field, 'type', 'must be a string');
  const length = value.trim().length;
  if (length < min) throw new Invalid(field, min === 1 ? 'required' : 'min', min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
  if (value.length > max) throw new Invalid(field, 'max', `must be at most ${max} characters`);
};

export const wholeNumber = (min: number, max = 2_000_000_000): FieldRule => (value, field) => {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Invalid(field, 'type', 'must be a whole number');
  if (value < min) throw new Invalid(field, 'min', `must be at least ${min}`);
  if (value > max) throw new Invalid(field, 'max', `must be at most ${max}`);
};

export const boolean: FieldRule = (value, field) => {
  if (typeof value !== 'boolean') throw new Invalid(field, 'type', 'must be true or false');
};

export const oneOf = (values: readonly string[]): FieldRule => (value, field) => {
  if (typeof value !== 'string' || !values.includes(value)) throw new Invalid(field, 'enum', `must be one of ${values.join(', ')}`);
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email: FieldRule = (value, field) => {
  text(3, 254)(value, field);
  if (!EMAIL.test(value as string)) throw new Invalid(field, 'format', 'must be an email address');
};

const PHONE = /^\+?[0-9 ()-]{3,32}$/;
export const phone: FieldRule = (value, field) => {
  if (typeof value !== 'string') throw new Invalid(field, 'type', 'must be a string');
  if (value !== '' && !PHONE.test(value)) throw new Invalid(field, 'format', 'must be a phone number such as +447700900001');
};

/** Applies `rules` to the defined fields of `input`; `nullable` fields may be null to clear them. */
export function checkFields(input: Record<string, unknown>, rules: Record<string, FieldRule>, nullable: readonly string[] = []): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const rule = rules[field];
    if (!rule) throw new Invalid(field, 'unknown', 'is not a field that can be changed');
    if (value === null) {
      if (!nullable.includes(field)) throw new Invalid(field, 'type', 'must not be null');
    } else {
      rule(value, field);
    }
    changes[field] = typeof value === 'string' ? value.trim() : value;
  }
  return changes;
}
