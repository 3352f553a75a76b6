import type { QrCodeView, QrImageFormat } from '@qrd/contracts';
import { useCallback } from 'react';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteQrCode, useSetCodeActive } from '../api/qr-codes';
import { downloadCode, downloadCodeAs } from '../api/qr-images';
import type { DownloadOptions } from '../lib/download-options';

/** Download, activate/deactivate and delete, each with the spec's toasts. */
export function useCodeActions() {
  const setActive = useSetCodeActive();
  const remove = useDeleteQrCode();

  const download = useCallback(async (code: Pick<QrCodeView, 'id'>, format: QrImageFormat) => {
    try {
      await downloadCode(code.id, format);
      toast({ title: 'QR Code Downloaded', description: `Saved as qrcode-${code.id}.${format}` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Download failed', description: getErrorMessage(error, 'Please try again later.') });
    }
  }, []);

  /** As the download dialog chose; true when the file was saved. */
  const downloadAs = useCallback(async (code: Pick<QrCodeView, 'id'>, options: DownloadOptions): Promise<boolean> => {
    try {
      await downloadCodeAs(code.id, options);
      toast({ title: 'QR Code Downloaded', description: `Saved as qrcode-${code.id}.${options.format}` });
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: 'Download failed', description: getErrorMessage(error, 'Please try again later.') });
      return false;
    }
  }, []);

  const toggleActive = useCallback(
    async (code: QrCodeView) => {
      const active = code.deactivatedByOwner;
      try {
        const updated = await setActive.mutateAsync({ id: code.id, active });
        toast({
          title: active ? 'QR Code Activated' : 'QR Code Deactivated',
          description:
            updated.state === 'active'
              ? 'Scans go to its destination again. It stays part of your subscription.'
              : active
                ? 'It will redirect again once your subscription or account is active.'
                : 'Scans now show a "not active" page. It stays part of your subscription until you delete it.',
        });
      } catch (error) {
        toast({ variant: 'destructive', title: 'Error Updating QR Code', description: getErrorMessage(error, 'Please try again later.') });
      }
    },
    [setActive],
  );

  const deleteCode = useCallback(
    async (code: Pick<QrCodeView, 'id'>): Promise<boolean> => {
      try {
        await remove.mutateAsync(code.id);
        toast({ title: 'QR Code Deleted', description: 'The code no longer redirects. Its seat is free for a new code until the period ends.' });
        return true;
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Error Deleting QR Code',
          description: getErrorMessage(error, 'Something went wrong while deleting your QR code.'),
        });
        return false;
      }
    },
    [remove],
  );

  return { download, downloadAs, toggleActive, deleteCode, isDeleting: remove.isPending, isToggling: setActive.isPending };
}
