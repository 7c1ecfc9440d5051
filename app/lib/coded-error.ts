/**
 * A refusal with a machine-readable code, a message and the offending ids: the shape of OCTO's error
 * body (`error`, `errorMessage`, then e.g. `productId`). The booking engine's BookingError and the
 * OCTO layer's OctoError are both this, each with its own codes and HTTP statuses.
 */
export abstract class CodedError<Code extends string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The HTTP status a client is answered with. */
  abstract get status(): number;

  /** OCTO's error body. */
  toJSON(): { error: Code; errorMessage: string } & Record<string, unknown> {
    return { error: this.code, errorMessage: this.message, ...this.details };
  }
}
