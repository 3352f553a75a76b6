import { useIntl } from 'react-intl';
import { useToast } from '../../hooks/use-toast';
import { useLanguage } from '../../i18n/i18n-provider';
import { directionOf } from '../../i18n/language';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

/**
 * Spec section 9: 5000 ms by default, swipe right past 50 px to dismiss (left in a right-to-left
 * language, towards the edge the toasts stand at), F8 focuses the region.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const { locale } = useLanguage();
  const intl = useIntl();
  return (
    <ToastProvider
      duration={5000}
      swipeDirection={directionOf(locale) === 'rtl' ? 'left' : 'right'}
      swipeThreshold={50}
      label={intl.formatMessage({ id: 'site.toast.label', defaultMessage: 'Notification' })}
    >
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      {/* Radix puts the key in for {hotkey}: "Notifications (F8)". */}
      <ToastViewport hotkey={['F8']} label={intl.formatMessage({ id: 'site.toast.region', defaultMessage: 'Notifications ({hotkey})' }, { hotkey: '{hotkey}' })} />
    </ToastProvider>
  );
}
