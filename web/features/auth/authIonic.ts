/** The auth screen's own Ionic components, kept out of the start-up JS (see wrapIonicElement). */
import { IonSegmentButton as IonSegmentButtonElement, defineCustomElement as defineSegmentButton } from '@ionic/core/components/ion-segment-button.js';
import { IonSegment as IonSegmentElement, defineCustomElement as defineSegment } from '@ionic/core/components/ion-segment.js';
import type * as IonicReact from '@ionic/react';
import { wrapIonicElement } from '../../ui/wrapIonicElement';

export const IonSegment = wrapIonicElement<typeof IonicReact.IonSegment>('ion-segment', IonSegmentElement, defineSegment, { onIonChange: 'ionChange' });

export const IonSegmentButton = wrapIonicElement<typeof IonicReact.IonSegmentButton>('ion-segment-button', IonSegmentButtonElement, defineSegmentButton);
