// The qrcodes feature's public surface: other features import from here, never from its folders.
export { codeCountQueryOptions } from './api/qr-codes';
export { useCodesShown } from './hooks/use-codes-shown';
