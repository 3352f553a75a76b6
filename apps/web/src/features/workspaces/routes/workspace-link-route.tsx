import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../../components/layout/full-screen-spinner';
import { toast } from '../../../hooks/use-toast';
import { useUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { currentWorkspaceId } from '../../../lib/workspace';
import { useWorkspaces } from '../api/workspaces';
import { useSwitchWorkspace } from '../hooks';

/**
 * /w/{workspace}/{page}: a link one member shares with another. It opens the page in that
 * workspace (the app then acts in it, as the switcher would), or says the workspace is not theirs.
 */
export function WorkspaceLinkRoute() {
  const intl = useIntl();
  const { workspaceId = '', '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  const { data: user } = useUser();
  const workspaces = useWorkspaces(!!user);
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();

  useEffect(() => {
    if (!user || !workspaces.isSuccess) return;
    const target = workspaces.data.find((workspace) => workspace.id === workspaceId);
    if (!target) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.workspaceLink.notYours', defaultMessage: 'Not your workspace' }),
        description: intl.formatMessage({ id: 'account.workspaceLink.notMember', defaultMessage: 'You are not a member of the workspace this link is for.' }),
      });
      void navigate(paths.dashboard, { replace: true });
      return;
    }
    // Already acting there (the address bar's own link, back in history): nothing to switch or refetch.
    const chosen = target.id === user.id ? null : target.id;
    if (chosen !== currentWorkspaceId()) switchTo(chosen);
    void navigate(`/${rest}${search}${hash}`, { replace: true });
  }, [user, workspaces.isSuccess, workspaces.data, workspaceId, rest, search, hash, switchTo, navigate, intl]);

  return <FullScreenSpinner />;
}
