/**
 * React wrappers for Ionic components that only some screens use, so they stay out of the start-up JS.
 *
 * '@ionic/react' is a single module that imports every Ionic element it wraps: any component taken
 * from it ships in the chunk every visitor downloads before the landing page works, even when only
 * a lazily loaded screen renders it. A wrapper made here is built exactly as '@ionic/react' builds
 * its own (Stencil's React output target over the element from '@ionic/core', the package
 * '@ionic/react' wraps, at the version it pins) and is typed as '@ionic/react''s, so screens use it
 * the same way; it lands in the chunks of the screens that import it.
 *
 * Only simple components belong here. Overlays (toast, popover, modal) rely on the portal and overlay
 * bookkeeping inside '@ionic/react' and must come from it.
 */
// oxlint-disable-next-line import/no-unassigned-import -- Ionic's set-up, before any of its elements is drawn
import './ionicSetup';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export function wrapIonicElement<Wrapper>(
  tagName: string,
  elementClass: CustomElementConstructor,
  defineCustomElement: () => void,
  /** React prop name to DOM event name, as in '@ionic/react', e.g. { onIonChange: 'ionChange' }. */
  events: Record<string, string> = {},
): Wrapper {
  // The cast restates '@ionic/react''s own (more precise) type for the same wrapper.
  return createComponent({
    tagName,
    elementClass,
    react: React,
    events,
    defineCustomElement,
  }) as unknown as Wrapper;
}
