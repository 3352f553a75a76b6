import { Check, ChevronsUpDown, Link2, Plus, Settings, Users } from 'lucide-react';
import { useEffect } from 'react';
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

/** The workspace switcher of the top bar, for a member of more than their personal workspace. */
export function WorkspaceSwitcher() {
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
      toast({ variant: 'destructive', title: 'You no longer have access to that workspace', description: 'You are back in your personal workspace.' });
      void navigate(paths.dashboard);
    }
  }, [chosen, workspaces.isSuccess, workspaces.isFetching, workspaces.data, switchTo, navigate]);

  if (!user || list.length < 2) return null;
  const nameOf = (workspace: { id: string; name: string }) => (workspace.id === user.id ? 'Personal' : workspace.name);
  const currentName = current ? nameOf(current) : 'Personal';

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="max-w-32 gap-1 sm:max-w-48" aria-label={`Workspace: ${currentName}. Switch workspace`}>
          <Users aria-hidden="true" />
          <span className="truncate">{currentName}</span>
          <ChevronsUpDown aria-hidden="true" className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
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
            <span className="text-xs text-muted-foreground">{workspace.role}</span>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            const link = `${window.location.origin}${workspaceHref(currentId ?? user.id, `${location.pathname}${location.search}`)}`;
            navigator.clipboard.writeText(link).then(
              () => toast({ title: 'Link copied', description: 'Members who open it see this page in this workspace.' }),
              () => toast({ variant: 'destructive', title: 'Could not copy the link', description: link }),
            );
          }}
        >
          <Link2 aria-hidden="true" /> Copy a link to this page for members
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(`${paths.account}?tab=team`)}>
          <Settings aria-hidden="true" /> Members and settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(`${paths.account}?tab=team#new-workspace`)}>
          <Plus aria-hidden="true" /> New workspace
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
