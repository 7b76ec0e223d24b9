/** A reason the import stops: printed as is, the process exits non-zero, nothing is written. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}
