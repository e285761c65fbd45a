/**
 * Bad input to an administrative operation: the value of one named field (an admin command's option)
 * breaks a rule: an Invalid of the one error vocabulary, so every surface maps it like any other. The admin
 * command line prints it as `--<field>: <detail>`, never as a stack trace.
 */
import { Invalid } from './errors.ts';

export class InvalidInput extends Invalid {
  constructor(field: string, detail: string) {
    super(field, 'format', detail);
    this.name = 'InvalidInput';
  }
}

/** Lists an operator asks for are capped: `limit` must be a whole number from 1 to `max`. */
export function requireLimit(limit: number, max = 1000): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new InvalidInput('limit', `must be a whole number from 1 to ${max}`);
  }
}
