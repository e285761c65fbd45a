/**
 * The one error vocabulary of the product. Domain code throws these; each surface maps them once to its
 * documented shape (GraphQL `extensions.code`, M2M `{"error"}`, v1 `{"error": {code, message, details}}`).
 */
export type ErrorCode =
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'UNAUTHENTICATED'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE';

/** The validation rules a v1 `VALIDATION_ERROR` can name. */
export type Rule = 'required' | 'type' | 'format' | 'enum' | 'min' | 'max' | 'unknown';

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

export class NotFound extends DomainError {
  constructor(what = 'Resource') {
    super('NOT_FOUND', `${what} not found`);
  }
}

export class Forbidden extends DomainError {
  readonly scope: string;
  constructor(scope: string) {
    super('FORBIDDEN', `Missing required scope: ${scope}`, { scope });
    this.scope = scope;
  }
}

export class Invalid extends DomainError {
  readonly field: string;
  readonly rule: Rule;
  /** What is wrong, without the field's name. */
  readonly detail: string;
  constructor(field: string, rule: Rule, detail: string) {
    super('BAD_USER_INPUT', `${field}: ${detail}`, { field, rule });
    this.field = field;
    this.rule = rule;
    this.detail = detail;
  }
}

export class Conflict extends DomainError {
  constructor(reason: string, details: Record<string, unknown> = {}) {
    super('CONFLICT', reason, details);
  }
}

export class RateLimited extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message, { retryAfter: retryAfterSeconds });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class Unauthenticated extends DomainError {
  constructor(message = 'Authentication required') {
    super('UNAUTHENTICATED', message);
  }
}

export class MethodNotAllowed extends DomainError {
  readonly allowed: string[];
  constructor(allowed: string[]) {
    super('METHOD_NOT_ALLOWED', `Method not allowed: use ${allowed.join(', ')}`, { allowed });
    this.allowed = allowed;
  }
}

/** A request body over the limit a surface takes. */
export class PayloadTooLarge extends DomainError {
  constructor(limitKb: number) {
    super('PAYLOAD_TOO_LARGE', `The request body is larger than ${limitKb} kB`, { limitKb });
  }
}

/** The service cannot answer now (its database is away, or it is shutting down); the same request may succeed later. */
export class Unavailable extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super('SERVICE_UNAVAILABLE', message, { retryAfter: retryAfterSeconds });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
