/** IonSkeletonText for the screens that show loading placeholders, kept out of the start-up JS (see wrapIonicElement). */
import {
  IonSkeletonText as IonSkeletonTextElement,
  defineCustomElement,
} from '@ionic/core/components/ion-skeleton-text.js';
import type * as IonicReact from '@ionic/react';
import { wrapIonicElement } from './wrapIonicElement';

export const IonSkeletonText = wrapIonicElement<typeof IonicReact.IonSkeletonText>(
  'ion-skeleton-text',
  IonSkeletonTextElement,
  defineCustomElement,
);
