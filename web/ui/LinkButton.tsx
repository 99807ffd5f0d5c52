import { IonButton, IonItem } from '@ionic/react';
import { createLink } from '@tanstack/react-router';
import type { ComponentProps, MouseEventHandler, TouchEventHandler } from 'react';

/**
 * The hover and touch handlers TanStack links add for preloading. @ionic/react probes unknown
 * camel-cased event props by setting an inline `on…` attribute, which our CSP rightly blocks (and
 * logs), so they are not passed to Ionic elements. Clicks and focus still work as for a <Link>.
 */
interface PreloadHandlers {
  onMouseEnter?: MouseEventHandler;
  onMouseLeave?: MouseEventHandler;
  onTouchStart?: TouchEventHandler;
}

function IonButtonTarget({
  onMouseEnter: _enter,
  onMouseLeave: _leave,
  onTouchStart: _touch,
  ...props
}: ComponentProps<typeof IonButton> & PreloadHandlers) {
  return <IonButton {...props} />;
}

function IonItemTarget({
  onMouseEnter: _enter,
  onMouseLeave: _leave,
  onTouchStart: _touch,
  ...props
}: ComponentProps<typeof IonItem> & PreloadHandlers) {
  return <IonItem {...props} />;
}

/**
 * Ionic buttons and items that navigate with TanStack Router (Ionic's routerLink needs
 * @ionic/react-router, which we do not use). They render a real href, so long-press and
 * open-in-new-tab work, and the router intercepts plain clicks.
 */
export const LinkButton = createLink(IonButtonTarget);
export const LinkItem = createLink(IonItemTarget);
