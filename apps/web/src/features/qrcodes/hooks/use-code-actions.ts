import type { QrCodeView, QrImageFormat } from '@qrd/contracts';
import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteQrCode, useSetCodeActive } from '../api/qr-codes';
import { downloadCode, downloadCodeAs } from '../api/qr-images';
import type { DownloadOptions } from '../lib/download-options';

const TEXT_MESSAGES = defineMessages({
  downloaded: { id: 'codesList.codeActions.downloadedTitle', defaultMessage: 'QR Code Downloaded' },
  savedAs: { id: 'codesList.codeActions.savedAs', defaultMessage: 'Saved as {file}' },
  downloadFailed: { id: 'codesList.codeActions.downloadFailed', defaultMessage: 'Download failed' },
  tryLater: { id: 'codesList.codeActions.tryLater', defaultMessage: 'Please try again later.' },
  activated: { id: 'codesList.codeActions.activatedTitle', defaultMessage: 'QR Code Activated' },
  deactivated: { id: 'codesList.codeActions.deactivatedTitle', defaultMessage: 'QR Code Deactivated' },
  redirectsAgain: {
    id: 'codesList.codeActions.redirectsAgain',
    defaultMessage: 'Scans go to its destination again. It stays part of your subscription.',
  },
  redirectsLater: {
    id: 'codesList.codeActions.redirectsLater',
    defaultMessage: 'It will redirect again once your subscription or account is active.',
  },
  notActivePage: {
    id: 'codesList.codeActions.notActivePage',
    defaultMessage: 'Scans now show a "not active" page. It stays part of your subscription until you delete it.',
  },
  updateFailed: { id: 'codesList.codeActions.updateFailedTitle', defaultMessage: 'Error Updating QR Code' },
  deleted: { id: 'codesList.codeActions.deletedTitle', defaultMessage: 'QR Code Deleted' },
  deletedDescription: {
    id: 'codesList.codeActions.deletedDescription',
    defaultMessage: 'The code no longer redirects. Its seat is free for a new code until the period ends.',
  },
  deleteFailed: { id: 'codesList.codeActions.deleteFailedTitle', defaultMessage: 'Error Deleting QR Code' },
  deleteFailedDescription: {
    id: 'codesList.codeActions.deleteFailedDescription',
    defaultMessage: 'Something went wrong while deleting your QR code.',
  },
});
/** As plain descriptors, which formatMessage takes with values. */
const TEXT: Record<keyof typeof TEXT_MESSAGES, MessageDescriptor> = TEXT_MESSAGES;

/** Download, activate/deactivate and delete, each with the spec's toasts. */
export function useCodeActions() {
  const intl = useIntl();
  const setActive = useSetCodeActive();
  const remove = useDeleteQrCode();

  const download = useCallback(
    async (code: Pick<QrCodeView, 'id'>, format: QrImageFormat) => {
      try {
        await downloadCode(code.id, format);
        toast({ title: intl.formatMessage(TEXT.downloaded), description: intl.formatMessage(TEXT.savedAs, { file: `qrcode-${code.id}.${format}` }) });
      } catch (error) {
        toast({ variant: 'destructive', title: intl.formatMessage(TEXT.downloadFailed), description: getErrorMessage(error, intl.formatMessage(TEXT.tryLater)) });
      }
    },
    [intl],
  );

  /** As the download dialog chose; true when the file was saved. */
  const downloadAs = useCallback(
    async (code: Pick<QrCodeView, 'id'>, options: DownloadOptions): Promise<boolean> => {
      try {
        await downloadCodeAs(code.id, options);
        toast({
          title: intl.formatMessage(TEXT.downloaded),
          description: intl.formatMessage(TEXT.savedAs, { file: `qrcode-${code.id}.${options.format}` }),
        });
        return true;
      } catch (error) {
        toast({ variant: 'destructive', title: intl.formatMessage(TEXT.downloadFailed), description: getErrorMessage(error, intl.formatMessage(TEXT.tryLater)) });
        return false;
      }
    },
    [intl],
  );

  const toggleActive = useCallback(
    async (code: QrCodeView) => {
      const active = code.deactivatedByOwner;
      try {
        const updated = await setActive.mutateAsync({ id: code.id, active });
        toast({
          title: intl.formatMessage(active ? TEXT.activated : TEXT.deactivated),
          description: intl.formatMessage(updated.state === 'active' ? TEXT.redirectsAgain : active ? TEXT.redirectsLater : TEXT.notActivePage),
        });
      } catch (error) {
        toast({ variant: 'destructive', title: intl.formatMessage(TEXT.updateFailed), description: getErrorMessage(error, intl.formatMessage(TEXT.tryLater)) });
      }
    },
    [setActive, intl],
  );

  const deleteCode = useCallback(
    async (code: Pick<QrCodeView, 'id'>): Promise<boolean> => {
      try {
        await remove.mutateAsync(code.id);
        toast({ title: intl.formatMessage(TEXT.deleted), description: intl.formatMessage(TEXT.deletedDescription) });
        return true;
      } catch (error) {
        toast({
          variant: 'destructive',
          title: intl.formatMessage(TEXT.deleteFailed),
          description: getErrorMessage(error, intl.formatMessage(TEXT.deleteFailedDescription)),
        });
        return false;
      }
    },
    [remove, intl],
  );

  return { download, downloadAs, toggleActive, deleteCode, isDeleting: remove.isPending, isToggling: setActive.isPending };
}
