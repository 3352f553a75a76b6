/** Requests the qr-service answers. */
export enum QrPattern {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface QrRequests {}
