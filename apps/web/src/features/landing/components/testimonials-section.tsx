import { Quote } from 'lucide-react';
import { SectionHeading } from './section-heading';

const TESTIMONIALS = [
  {
    quote:
      'We print our QR code on every table card. When the menu changes for the season I update the link from my phone and the cards stay.',
    name: 'Maria L.',
    role: 'Restaurant owner',
  },
  {
    quote:
      'Our flyers went out before the venue was confirmed. We pointed the code at the registration page first and at the schedule later.',
    name: 'Daniel K.',
    role: 'Event coordinator',
  },
  {
    quote:
      'The scan analytics told us which posters actually worked. Paying per code keeps the bill small for a team like ours.',
    name: 'Priya S.',
    role: 'Marketing manager',
  },
] as const;

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Loved by people who print" />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map(({ quote, name, role }) => (
          <li key={name}>
            <figure className="flex h-full flex-col rounded-xl border bg-card p-6">
              <Quote className="size-6 text-primary" aria-hidden="true" />
              <blockquote className="mt-4 flex-1 text-pretty">“{quote}”</blockquote>
              <figcaption className="mt-6 text-sm">
                <span className="block font-semibold">{name}</span>
                <span className="text-muted-foreground">{role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
