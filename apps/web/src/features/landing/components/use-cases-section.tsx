import {
  Building2,
  CalendarCheck,
  ClipboardList,
  GraduationCap,
  IdCard,
  Megaphone,
  MessageSquareText,
  Package,
  Share2,
  UtensilsCrossed,
  Wifi,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { SectionHeading } from './section-heading';

/** Spec section 1's use cases. */
const USE_CASES = [
  { title: 'Restaurant menus', text: 'Swap in the new menu without reprinting table cards.', Icon: UtensilsCrossed },
  { title: 'Business cards', text: 'Point to your latest profile or portfolio.', Icon: IdCard },
  { title: 'Event registration', text: 'Send guests to sign-up, then to the schedule.', Icon: CalendarCheck },
  { title: 'Product information', text: 'Manuals, ingredients and videos on the box.', Icon: Package },
  { title: 'Real estate', text: 'A sign that links to the current listing.', Icon: Building2 },
  { title: 'Marketing campaigns', text: 'Change the landing page as the campaign moves on.', Icon: Megaphone },
  { title: 'Education', text: 'Course material on handouts and posters.', Icon: GraduationCap },
  { title: 'Wi-Fi access', text: 'Guests open your network details in one scan.', Icon: Wifi },
  { title: 'Social profiles', text: 'Grow followers from flyers and packaging.', Icon: Share2 },
  { title: 'Feedback surveys', text: 'Collect reviews right where the experience happens.', Icon: MessageSquareText },
] as const;

export function UseCasesSection() {
  return (
    <section aria-labelledby="use-cases-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading
        id="use-cases-title"
        eyebrow="Use cases"
        title="One code, printed once, useful for years"
        text="Wherever you print a QR code, a dynamic one lets you change what it opens later."
      />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {USE_CASES.map(({ title, text, Icon }) => (
          <li key={title} className="rounded-xl border bg-card p-5">
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <h3 className="mt-3 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button asChild size="lg">
          <Link to={paths.auth}>
            <ClipboardList aria-hidden="true" /> Create Your QR Code Now
          </Link>
        </Button>
      </div>
    </section>
  );
}
