/**
 * A link to one of the landing page's sections. On the landing page it is a plain in-page anchor
 * (smooth scrolling comes from the stylesheet); elsewhere it routes to `/#id`, and the landing
 * page scrolls to the section when it opens.
 */
import type * as React from 'react';
import { Link, useLocation } from 'wouter';

type SectionLinkProps = Omit<React.ComponentProps<'a'>, 'href'> & { sectionId: string };

export function SectionLink({ sectionId, ...props }: SectionLinkProps) {
  const [location] = useLocation();
  if (location === '/') return <a href={`#${sectionId}`} {...props} />;
  return <Link href={`/#${sectionId}`} {...props} />;
}
