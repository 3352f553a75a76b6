import { usePageTitle } from '../../hooks/use-page-title';

/** A screen another task builds: only its name, nothing invented. */
export default function PlaceholderRoute({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
    </div>
  );
}
