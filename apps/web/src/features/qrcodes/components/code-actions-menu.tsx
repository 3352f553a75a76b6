import type { QrCodeView, QrImageFormat } from '@qrd/contracts';
import { ChartColumn, Download, Eye, MoreVertical, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${code.name}`}>
          <MoreVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canEdit && (
          <DropdownMenuItem asChild>
            <Link to={paths.editQr(code.id)}>
              <Pencil aria-hidden="true" /> Edit
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link to={paths.editQr(code.id)}>
            <Eye aria-hidden="true" /> View details
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={`${paths.editQr(code.id)}?tab=analytics`}>
            <ChartColumn aria-hidden="true" /> Analytics
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Download</DropdownMenuLabel>
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
              {code.deactivatedByOwner ? 'Activate' : 'Deactivate'}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onDelete} className="text-destructive focus:text-destructive">
              <Trash2 aria-hidden="true" /> Delete
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
