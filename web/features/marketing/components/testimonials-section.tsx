/** `#testimonials` (000 §2): three hard-coded owners' words, each with a 5-star rating. */
import { Card } from '@web/components/ui/card';
import { Quote } from 'lucide-react';
import { SectionHeading } from './section-heading';
import { StarRating } from './star-rating';

type Testimonial = {
  initials: string;
  name: string;
  title: string;
  rating: number;
  text: string;
};

const TESTIMONIALS: Testimonial[] = [
  {
    initials: 'DK',
    name: 'Dana K.',
    title: 'Restoring a 1972 Datsun 240Z',
    rating: 5,
    text: 'Six years of receipts used to live in a shoebox. Now every part, invoice and photo of the restoration is in one place, and I know to the dollar what the car has cost me.',
  },
  {
    initials: 'MR',
    name: 'Marcus R.',
    title: 'Weekend track-day driver',
    rating: 5,
    text: 'The track eats pads, fluid and tires. The scheduler tells me what is due a week before the next event instead of in the paddock, and the mod log doubles as my tech sheet.',
  },
  {
    initials: 'PS',
    name: 'Priya S.',
    title: 'Three cars, one driveway',
    rating: 5,
    text: 'Nobody in our house remembered when anything was last serviced. Now oil changes and inspections come up ahead of time, and the expense view settled which car really costs us the most.',
  },
];

export function TestimonialsSection() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      tabIndex={-1}
      className="scroll-mt-20 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Loved by owners who keep good records"
          description="From concours restorations to the family minivan, people use Garage Ledger to stop guessing and start knowing."
        />
        <ul className="mt-14 grid gap-5 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name} className="flex">
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card className="relative w-full gap-5 p-7">
      <Quote
        className="absolute top-6 right-6 size-8 text-primary-soft"
        aria-hidden="true"
        strokeWidth={1.5}
      />
      <StarRating rating={testimonial.rating} />
      <figure className="flex flex-1 flex-col gap-6">
        <blockquote className="flex-1 text-base leading-7 text-foreground text-pretty">
          <p>“{testimonial.text}”</p>
        </blockquote>
        <figcaption className="flex items-center gap-3 border-t pt-5">
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-primary to-primary-hover text-sm font-semibold text-primary-foreground"
          >
            {testimonial.initials}
          </span>
          <span className="flex flex-col">
            <span className="text-sm font-semibold">{testimonial.name}</span>
            <span className="text-sm text-muted-foreground">{testimonial.title}</span>
          </span>
        </figcaption>
      </figure>
    </Card>
  );
}
