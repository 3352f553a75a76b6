import type { LinkListContent, PublicPage } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';

/** "Link in bio": a title, an avatar and one full-width button per link. */
export function LinkListPage({ page, list }: { page: PublicPage; list: LinkListContent }) {
  const avatar = list.avatarFileId ? page.files[list.avatarFileId] : undefined;
  return (
    <article className="grid gap-6">
      <header className="grid justify-items-center gap-3 text-center">
        {avatar && <img src={avatar.url} alt="" className="size-24 rounded-full object-cover" />}
        <h1 className="text-2xl font-bold break-words">{list.title}</h1>
        {list.description && <p className="break-words text-muted-foreground">{list.description}</p>}
      </header>
      <ul className="grid gap-3">
        {list.links.map((link, i) => (
          <li key={i}>
            <Button asChild size="lg" variant="outline" className="h-auto min-h-12 w-full py-3 whitespace-normal break-words">
              <a href={link.url} rel="noopener noreferrer nofollow">
                {link.label}
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </article>
  );
}
