import type { QrCodeView, QrImageFormat } from '@qrd/contracts';
import { ChartColumn, Download, Eye, MoreVertical, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/auth';

interface CodeActionsMenuProps {
  code: QrCodeView;
  onDownload: (format: QrImageFormat) => void;
  onToggleActive: () => void;
  onDelete: () => void;
}

/** The per-code menu: edit, details, analytics, downloads, activate/deactivate, delete. */
export function CodeActionsMenu({ code, onDownload, onToggleActive, onDelete }: CodeActionsMenuProps) {
  // A viewer's menu: details, analytics and downloads; the server refuses changes anyway.
  const canEdit = useCan('codes.write');
  const intl = useIntl();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={intl.formatMessage({ id: 'codesList.actions.menu', defaultMessage: 'Actions for {name}' }, { name: code.name })}>
          <MoreVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canEdit && (
          <DropdownMenuItem asChild>
            <Link to={paths.editQr(code.id)}>
              <Pencil aria-hidden="true" /> <FormattedMessage id="codesList.actions.edit" defaultMessage="Edit" />
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link to={paths.editQr(code.id)}>
            <Eye aria-hidden="true" /> <FormattedMessage id="codesList.actions.viewDetails" defaultMessage="View details" />
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={`${paths.editQr(code.id)}?tab=analytics`}>
            <ChartColumn aria-hidden="true" /> <FormattedMessage id="codesList.actions.analytics" defaultMessage="Analytics" />
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>
          <FormattedMessage id="codesList.actions.download" defaultMessage="Download" />
        </DropdownMenuLabel>
        {(['png', 'svg', 'pdf'] as const).map((format) => (
          <DropdownMenuItem key={format} onSelect={() => onDownload(format)}>
            <Download aria-hidden="true" /> {format.toUpperCase()}
          </DropdownMenuItem>
        ))}
        {canEdit && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onToggleActive}>
              {code.deactivatedByOwner ? <Power aria-hidden="true" /> : <PowerOff aria-hidden="true" />}
              {code.deactivatedByOwner ? (
                <FormattedMessage id="codesList.actions.activate" defaultMessage="Activate" />
              ) : (
                <FormattedMessage id="codesList.actions.deactivate" defaultMessage="Deactivate" />
              )}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onDelete} className="text-destructive focus:text-destructive">
              <Trash2 aria-hidden="true" /> <FormattedMessage id="codesList.actions.delete" defaultMessage="Delete" />
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
