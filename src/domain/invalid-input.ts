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
