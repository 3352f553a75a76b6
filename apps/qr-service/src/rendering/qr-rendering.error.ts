/** Why a render or a logo upload was refused; the qr-service maps these to its own domain errors. */
export enum QrRenderingErrorCode {
  InvalidDesign = 'INVALID_DESIGN',
  InvalidSize = 'INVALID_SIZE',
  InvalidFormat = 'INVALID_FORMAT',
  InvalidText = 'INVALID_TEXT',
  InvalidLogo = 'INVALID_LOGO',
}

export class QrRenderingError extends Error {
  constructor(
    readonly code: QrRenderingErrorCode,
    message: string,
    /** Every problem found, for callers that show a list (design validation reports all at once). */
    readonly details: readonly string[] = [message],
  ) {
    super(message);
    this.name = QrRenderingError.name;
  }
}
