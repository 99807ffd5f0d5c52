import { useLayoutEffect, type ReactNode } from 'react';
import { screenDrawn } from '../prerender/takeover';
import { Footer } from './Footer';

interface ScreenProps {
  children: ReactNode;
  /** Extra class on the scrolling content, e.g. for a page background. */
  className?: string;
  /** Narrow screens (forms) read better in a slimmer column. */
  width?: 'narrow' | 'default' | 'wide';
  footer?: boolean;
}

/**
 * One screen's scrolling area: a centred column and the footer. Each screen gets a fresh scroll
 * position. A plain element, not IonContent: it draws with the page (prerendered pages included),
 * and a first visit to a public page then runs no Ionic at all, which keeps the phone's
 * main thread free while the page first loads.
 */
export function Screen({ children, className, width = 'default', footer = true }: ScreenProps) {
  // The first one drawn ends the takeover of a prerendered page (prerender/takeover.ts).
  useLayoutEffect(screenDrawn, []);
  return (
    <div className={`screen-content${className ? ` ${className}` : ''}`}>
      <div className="screen">
        <main className={`screen__main screen__main--${width}`}>{children}</main>
        {footer && <Footer />}
      </div>
    </div>
  );
}
