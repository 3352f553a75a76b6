import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../lib/paths';

export default function NotFoundRoute() {
  usePageTitle('Page Not Found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </div>
  );
}
