/** The landing page's in-page anchors (000 §2), shared by the header, the drawer and the footer. */
export const LANDING_SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'benefits', label: 'Benefits' },
  { id: 'testimonials', label: 'Testimonials' },
] as const;

export const PRICING_SECTION = { id: 'pricing', label: 'Pricing' } as const;

export type LandingSection = { id: string; label: string };
