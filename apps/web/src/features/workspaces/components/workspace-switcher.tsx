import { Check, ChevronsUpDown, Link2, Plus, Settings, Users } from 'lucide-react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../hooks/use-toast';
import { useUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useWorkspaces } from '../api/workspaces';
import { useCurrentWorkspaceId, useSwitchWorkspace } from '../hooks';
import { workspaceHref } from '../links';
import { roleLabel } from '../roles';

/** The workspace switcher of the top bar, for a member of more than their personal workspace. */
export function WorkspaceSwitcher() {
  const intl = useIntl();
  const { data: user } = useUser();
  const chosen = useCurrentWorkspaceId();
  const workspaces = useWorkspaces(!!user, chosen !== null);
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const location = useLocation();
  const list = workspaces.data ?? [];
  const currentId = chosen ?? user?.id;
  const current = list.find((workspace) => workspace.id === currentId);

  // A workspace the user was removed from (or that is gone) falls back to their personal one.
  useEffect(() => {
    // Judged on a fresh list only: one asked before joining does not have the workspace yet.
    if (chosen && workspaces.isSuccess && !workspaces.isFetching && !workspaces.data.some((workspace) => workspace.id === chosen)) {
      switchTo(null);
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.switcher.lostAccess', defaultMessage: 'You no longer have access to that workspace' }),
        description: intl.formatMessage({ id: 'account.switcher.backToPersonal', defaultMessage: 'You are back in your personal workspace.' }),
      });
      void navigate(paths.dashboard);
    }
  }, [chosen, workspaces.isSuccess, workspaces.isFetching, workspaces.data, switchTo, navigate, intl]);

  if (!user || list.length < 2) return null;
  const personal = intl.formatMessage({ id: 'account.switcher.personal', defaultMessage: 'Personal' });
  const nameOf = (workspace: { id: string; name: string }) => (workspace.id === user.id ? personal : workspace.name);
  const currentName = current ? nameOf(current) : personal;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="max-w-32 gap-1 sm:max-w-48" aria-label={intl.formatMessage({ id: 'account.switcher.label', defaultMessage: 'Workspace: {name}. Switch workspace' }, { name: currentName })}>
          <Users aria-hidden="true" />
          <span className="truncate">{currentName}</span>
          <ChevronsUpDown aria-hidden="true" className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <FormattedMessage id="account.switcher.workspaces" defaultMessage="Workspaces" />
        </DropdownMenuLabel>
        {list.map((workspace) => (
          <DropdownMenuItem
            key={workspace.id}
            onSelect={() => {
              switchTo(workspace.id === user.id ? null : workspace.id);
              void navigate(paths.dashboard);
            }}
          >
            <Check aria-hidden="true" className={workspace.id === currentId ? 'opacity-100' : 'opacity-0'} />
            <span className="flex-1 truncate">{nameOf(workspace)}</span>
            <span className="text-xs text-muted-foreground">{roleLabel(intl, workspace.role)}</span>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            const link = `${window.location.origin}${workspaceHref(currentId ?? user.id, `${location.pathname}${location.search}`)}`;
            navigator.clipboard.writeText(link).then(
              () =>
                toast({
                  title: intl.formatMessage({ id: 'account.switcher.linkCopied', defaultMessage: 'Link copied' }),
                  description: intl.formatMessage({
                    id: 'account.switcher.linkCopiedDescription',
                    defaultMessage: 'Members who open it see this page in this workspace.',
                  }),
                }),
              () =>
                toast({
                  variant: 'destructive',
                  title: intl.formatMessage({ id: 'account.switcher.copyFailed', defaultMessage: 'Could not copy the link' }),
                  description: link,
                }),
            );
          }}
        >
          <Link2 aria-hidden="true" /> <FormattedMessage id="account.switcher.copyLink" defaultMessage="Copy a link to this page for members" />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(`${paths.account}?tab=team`)}>
          <Settings aria-hidden="true" /> <FormattedMessage id="account.switcher.settings" defaultMessage="Members and settings" />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(`${paths.account}?tab=team#new-workspace`)}>
          <Plus aria-hidden="true" /> <FormattedMessage id="account.switcher.newWorkspace" defaultMessage="New workspace" />
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
