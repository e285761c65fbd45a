/**
 * Bad input to an administrative operation: the value of one named field (an admin command's option)
 * breaks a rule. Surfaces print it as `<field>: <message>`, never as a stack trace.
 */
export class InvalidInput extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'InvalidInput';
    this.field = field;
  }
}

/** Lists an operator asks for are capped: `limit` must be a whole number from 1 to `max`. */
export function requireLimit(limit: number, max = 1000): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new InvalidInput('limit', `must be a whole number from 1 to ${max}`);
  }
}
