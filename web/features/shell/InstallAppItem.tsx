import { IonIcon, IonItem, IonLabel } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { pwaStatus } from '../pwa/pwaStatus';

/** 'Install app' in a header menu, there only while the browser offers to install the app. */
export function InstallAppItem() {
  const { canInstall } = useSyncExternalStore(pwaStatus.subscribe, pwaStatus.get, pwaStatus.get);
  if (!canInstall) return null;
  return (
    <IonItem button detail={false} onClick={() => void pwaStatus.install()}>
      <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
      <IonLabel>Install app</IonLabel>
    </IonItem>
  );
}
