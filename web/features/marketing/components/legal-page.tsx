/**
 * The frame both legal pages share (000 §2): the public header and footer (for visitors), a breadcrumb
 * "Home > {title}", the date they were last updated, a table of contents on wide screens and
 * the numbered sections, each an `<h2>` "1. Introduction". Typography is set here once, since
 * no typography plugin is installed: children use plain <p>, <ul>, <h3>, <strong> and <a>.
 */

import { type ReactNode, useEffect, useState } from 'react';
import { PublicPageFrame } from './public-page-frame';

/** 000 §9: both legal pages are dated May 12, 2025. */
export const LEGAL_LAST_UPDATED = { iso: '2025-05-12', label: 'May 12, 2025' } as const;

export type LegalSection = { id: string; title: string; content: ReactNode };

type LegalPageProps = {
  title: string;
  summary: ReactNode;
  sections: LegalSection[];
  /** False inside the signed-in shell, which brings its own header, navigation and <main>. */
  withPublicChrome?: boolean;
};

const bodyClass = [
  'flex flex-col gap-4 text-base leading-7 text-foreground/85',
  '[&_h3]:mt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6 [&_li]:pl-1 [&_li]:marker:text-primary',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:decoration-primary/30 [&_a]:underline-offset-4 [&_a:hover]:decoration-primary',
].join(' ');

export function LegalPage({ title, summary, sections, withPublicChrome = true }: LegalPageProps) {
  const activeId = useActiveSection(sections);
  return (
    <PublicPageFrame
      title={title}
      withPublicChrome={withPublicChrome}
      intro={
        <>
          <p className="mt-4 text-sm font-medium text-muted-foreground">
            Last updated:{' '}
            <time dateTime={LEGAL_LAST_UPDATED.iso} className="text-foreground">
              {LEGAL_LAST_UPDATED.label}
            </time>
          </p>
          <div className="mt-6 max-w-3xl text-lg leading-8 text-muted-foreground text-pretty">
            {summary}
          </div>
        </>
      }
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:px-8">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24 flex flex-col gap-3">
            <p className="text-sm font-semibold">On this page</p>
            <ol className="flex flex-col gap-1 border-l">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    aria-current={section.id === activeId ? 'location' : undefined}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-sm text-muted-foreground transition-colors outline-none hover:border-input hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=location]:border-primary aria-[current=location]:font-medium aria-[current=location]:text-primary"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="flex max-w-3xl flex-col gap-12">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2
                id={`${section.id}-title`}
                className="mb-4 text-2xl font-semibold tracking-tight text-foreground"
              >
                {index + 1}. {section.title}
              </h2>
              <div className={bodyClass}>{section.content}</div>
            </section>
          ))}
        </article>
      </div>
    </PublicPageFrame>
  );
}

/** Distance from the top of the window at which a section counts as the one being read. */
const READING_LINE_PX = 120;

/** The section being read, for the table of contents: the last one whose top has passed the
 *  reading line, or the last section once the page is scrolled to its end. */
function useActiveSection(sections: LegalSection[]): string | null {
  const [activeId, setActiveId] = useState<string | null>(sections[0]?.id ?? null);
  useEffect(() => {
    const update = () => {
      const isAtEnd =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let current = sections[0]?.id ?? null;
      for (const section of sections) {
        const element = document.getElementById(section.id);
        if (element && element.getBoundingClientRect().top <= READING_LINE_PX) current = section.id;
      }
      setActiveId(isAtEnd ? (sections.at(-1)?.id ?? current) : current);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [sections]);
  return activeId;
}
